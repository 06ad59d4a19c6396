#!/usr/bin/env node
// Scaffold a rule: its check, its test and its docs page, with sections in
// the fixed order the docs test expects, and its place in rules/index.ts.
// Usage: node scripts/new-rule.mjs <rule-id> "<description>"
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const [id, description] = process.argv.slice(2);
if (!id || !/^[a-z]+(?:-[a-z]+)*$/.test(id) || !description) {
  console.error('usage: node scripts/new-rule.mjs <rule-id> "<description>"');
  process.exit(2);
}
const camel = id.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
const files = {
  [`rules/${id}.ts`]: `import { defineRule } from '../src/model/rule.js';

type MessageIds = 'TODO';

export default defineRule<Record<string, never>, MessageIds>({
  id: '${id}',
  meta: {
    type: 'problem',
    docs: { description: ${JSON.stringify(description)}, config: 'recommended' },
    severity: 'error',
    messages: { TODO: 'Name the consequence, then the fix.' },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    void model;
    void report;
  },
});
`,
  [`test/rules/${id}.test.ts`]: `import rule from '../../rules/${id}.js';
import { runRuleTests } from '../support/rule-tester.js';

runRuleTests(rule, {
  typescript: { valid: [], invalid: [] },
  javascript: { valid: [], invalid: [] },
});
`,
  [`docs/rules/${id}.md`]: `# ${id}

> ${description}

✅ In \`recommended\` and \`strict\` (error).

## Why

## Examples

### Bad

\`\`\`ts
\`\`\`

### Good

\`\`\`ts
\`\`\`

## What it checks

## Options

This rule has no options.

## When not to use it
`,
};
for (const path of Object.keys(files)) {
  if (existsSync(path)) {
    console.error(`${path} exists already`);
    process.exit(2);
  }
}
for (const [path, text] of Object.entries(files)) writeFileSync(path, text);
const index = readFileSync('rules/index.ts', 'utf8')
  .replace(/(import type \{ AnyRule \} from '[^']+';\n)/, `$1import ${camel} from './${id}.js';\n`)
  .replace(/\n\];\n$/, `\n  ${camel},\n];\n`);
writeFileSync('rules/index.ts', index);
console.log(`Wrote rules/${id}.ts, test/rules/${id}.test.ts, docs/rules/${id}.md; added it to rules/index.ts. Then: npm run docs.`);
