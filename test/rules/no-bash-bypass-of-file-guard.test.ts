import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-bash-bypass-of-file-guard.js';
import { scan } from '../support/scan.js';
import { runRuleTests } from '../support/rule-tester.js';

const head = "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\nconst guard: HookCallback = async (input: any) =>\n  input.tool_input.file_path?.endsWith('.env') ? { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'secrets' } } : {};";
/** An agent on line 4 whose PreToolUse matchers are `matchers` and whose other options are `more`. */
const agent = (matchers: string, more = '') => `${head}\nquery({ prompt: 'x', options: { ${more}hooks: { PreToolUse: [${matchers}] } } });`;
const guarded = (matcher: string) => `{ matcher: ${matcher}, hooks: [guard] }`;
/** Column of the first matcher value in `agent(guarded(...))` without other options. */
const at = "query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: ".length + 1;
const data = (tools: string, matcher: string) => ({ tools, matcher, deny: "disallowedTools: ['Bash']" });

/**
 * Options a class keeps in a field, built in its constructor and spread into
 * `query()` in a method with what the caller passes, both typed by
 * `RunOptions` (members `fields`). The guard's matcher is on line 6.
 */
const keptInField = (fields: string, matchers = guarded("'Write|Edit'")) =>
  [
    head,
    `interface RunOptions { ${fields} }`,
    'export class Runner {',
    '  private defaultOptions: Partial<RunOptions>;',
    `  constructor(options?: Partial<RunOptions>) { this.defaultOptions = { allowedTools: ['Read', 'Bash'], hooks: { PreToolUse: [${matchers}] }, ...options }; }`,
    '  async *run(prompt: string, extra?: Partial<RunOptions>) { yield* query({ prompt, options: { ...this.defaultOptions, ...extra } }); }',
    '}',
  ].join('\n');
const runFields = 'allowedTools?: string[]; hooks?: any; maxTurns?: number; resume?: string;';
const fieldAt = "  constructor(options?: Partial<RunOptions>) { this.defaultOptions = { allowedTools: ['Read', 'Bash'], hooks: { PreToolUse: [{ matcher: ".length + 1;
/** The same in JavaScript: the method spreads the field and `more`. */
const keptInFieldJs = (more: string, params = 'prompt') =>
  [
    "const { query } = require('@anthropic-ai/claude-agent-sdk');",
    "const guard = async () => ({ decision: 'block', reason: 'no' });",
    'class Runner {',
    "  constructor() { this.defaultOptions = { allowedTools: ['Read', 'Bash'], hooks: { PreToolUse: [{ matcher: 'Write|Edit', hooks: [guard] }] } }; }",
    `  run(${params}) { return query({ prompt, options: { ...this.defaultOptions${more} } }); }`,
    '}',
    'module.exports = { Runner };',
  ].join('\n');
const fieldAtJs = "  constructor() { this.defaultOptions = { allowedTools: ['Read', 'Bash'], hooks: { PreToolUse: [{ matcher: ".length + 1;

runRuleTests(rule, {
  typescript: {
    valid: [
      // A hook for Bash too, in the same matcher or another one.
      agent(guarded("'Write|Edit|Bash'")),
      agent(`${guarded("'Write|Edit'")}, { matcher: 'Bash', hooks: [guard] }`),
      // Every tool, with or without a matcher.
      agent(guarded("'*'")),
      agent('{ hooks: [guard] }'),
      agent(guarded("'.*'")),
      // Bash is not available.
      agent(guarded("'Write|Edit'"), "disallowedTools: ['Bash'], "),
      agent(guarded("'Write|Edit'"), "disallowedTools: ['*'], "),
      agent(guarded("'Write|Edit'"), "tools: ['Read', 'Edit', 'Write'], "),
      agent(guarded("'Write|Edit'"), 'settings: { permissions: { deny: ["Bash"] } }, '),
      // A guard on PostToolUse only.
      `${head}\nquery({ prompt: 'x', options: { hooks: { PostToolUse: [{ matcher: 'Write|Edit', hooks: [guard] }] } } });`,
      // A hook that only logs guards nothing.
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nconst log = async (input: any) => { console.log(input.tool_name); return {}; };\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Write|Edit', hooks: [log] }] } } });`,
      // Unknown: the matcher, or a list that may remove Bash.
      agent(`${guarded("'Write'")}, { matcher: process.env.MATCHER, hooks: [guard] }`),
      // A matcher that could backtrack without bound is not run, so its coverage is unknown.
      agent(`${guarded("'Write'")}, { matcher: '^(.*){14}X$', hooks: [guard] }`),
      agent(guarded("'Write|Edit'"), 'disallowedTools: [...(process.env.DENY ?? "").split(",")], '),
      agent(guarded("'Write|Edit'"), 'tools: process.env.CI ? ["Read"] : undefined, '),
      // Options kept in a class field: Bash hooked too, or the guard covers it.
      keptInField(runFields, `${guarded("'Write|Edit'")}, { matcher: 'Bash', hooks: [guard] }`),
      keptInField(runFields, guarded("'Write|Edit|Bash'")),
      // What callers pass may remove Bash: its type names disallowedTools or tools, or does not list its keys.
      keptInField(`${runFields} disallowedTools?: string[];`),
      keptInField(`${runFields} tools?: string[];`),
      keptInField(`${runFields} [key: string]: unknown;`),
      keptInField(runFields).replace('interface RunOptions {', 'interface RunOptions extends Record<string, unknown> {'),
      keptInField(runFields).replace('interface RunOptions', "import type { Options } from '@anthropic-ai/claude-agent-sdk';\ntype RunOptions = Options & {}; interface Unused"),
    ],
    invalid: [
      {
        name: 'a Write|Edit guard with Bash available',
        code: agent(guarded("'Write|Edit'")),
        errors: [{ messageId: 'bashUnguarded', data: data('Edit and Write', 'Write|Edit|Bash'), line: 4, column: at, endColumn: at + 12 }],
      },
      {
        name: 'a regular expression, a deny list without Bash, and a tools list with it',
        code: agent(guarded("'Edit.*'"), "disallowedTools: ['WebFetch', 'Bash(rm *)'], tools: ['Bash', 'Edit'], "),
        errors: [{ messageId: 'bashUnguarded', data: data('Edit, NotebookEdit and MultiEdit', 'Edit.*|Bash'), line: 4, column: 136 }],
      },
      {
        name: 'a Bash hook on PostToolUse does not guard',
        code: `${head}\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [${guarded("'Write'")}], PostToolUse: [{ matcher: 'Bash', hooks: [guard] }] } } });`,
        errors: [{ messageId: 'bashUnguarded', data: data('Write', 'Write|Bash'), line: 4, column: at }],
      },
      {
        name: 'options kept in a constructor field, spread in a method with what callers pass, typed without a deny list',
        code: keptInField(runFields),
        errors: [{ messageId: 'bashUnguarded', data: data('Edit and Write', 'Write|Edit|Bash'), line: 7, column: fieldAt }],
      },
      {
        name: 'the same, typed by a type alias of a type literal, with | undefined',
        code: keptInField(runFields).replace(`interface RunOptions { ${runFields} }`, `type RunOptions = { ${runFields} };`).replace('extra?: Partial<RunOptions>', 'extra: Readonly<Partial<RunOptions>> | undefined'),
        errors: [{ messageId: 'bashUnguarded', data: data('Edit and Write', 'Write|Edit|Bash'), line: 7, column: fieldAt }],
      },
    ],
  },
  javascript: {
    valid: [
      `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst guard = async () => ({ decision: 'block', reason: 'no' });\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Edit|Write|Bash', hooks: [guard] }] } } });`,
      // What a caller passes is unknown and untyped: it may remove Bash.
      { filename: 'agent.cjs', code: keptInFieldJs(', ...extra', 'prompt, extra') },
      { filename: 'agent.cjs', code: keptInFieldJs(", disallowedTools: ['Bash']") },
    ],
    invalid: [
      {
        name: 'CommonJS guard with a legacy block decision',
        filename: 'agent.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst guard = async () => ({ decision: 'block', reason: 'no' });\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Edit', hooks: [guard] }] } } });`,
        errors: [{ messageId: 'bashUnguarded', data: data('Edit', 'Edit|Bash'), line: 3, column: at }],
      },
      {
        name: 'options kept in a constructor field and spread in a method',
        filename: 'agent.cjs',
        code: keptInFieldJs(', maxTurns: 3'),
        errors: [{ messageId: 'bashUnguarded', data: data('Edit and Write', 'Write|Edit|Bash'), line: 4, column: fieldAtJs }],
      },
    ],
  },
});

describe('with the settings files of the project', () => {
  it('counts a Bash hook in the .claude/settings.json the agent loads', async () => {
    const cwd = fileURLToPath(new URL('../../fixtures/bash-bypass/', import.meta.url));
    const { findings, problems } = await scan({ cwd, paths: ['src'], rules: [rule.id] });
    expect(problems).toEqual([]);
    expect(findings.map(({ path, line, column }) => `${path}:${line}:${column}`)).toEqual(['src/agent.ts:9:86']);
  });
});
