import bareRule from '../../../rules/no-bare-allowed-tools.js';
import validRule from '../../../rules/valid-permission-rule.js';
import { runRuleTests } from '../../support/rule-tester.js';

// Allow lists built by a loop over a list of tool names (issue 16): each
// element walked is pushed, and is reported where the list spells it. The
// Python twin is test/rules/python/loop-lists.test.ts.
const lines = (...each: string[]) => each.join('\n');
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const run = "query({ prompt: 'x', options: { allowedTools: allowed } });";
const built = (...steps: string[]) => lines(sdk, 'declare const config: { tools: string[] };', 'const allowed: string[] = [];', ...steps, run);
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const bareAt = (code: string, line: number, ...tools: string[]) => ({
  code,
  errors: tools.map((tool) => ({ messageId: 'bareTool' as const, line, column: columnOf(code, line, `'${tool}'`) })),
});

runRuleTests(bareRule, {
  typescript: {
    valid: [
      // The list walked is not known: nothing to report.
      built('for (const t of config.tools) allowed.push(t);'),
      built('config.tools.forEach((t) => allowed.push(t));'),
      built('allowed.push(...config.tools);'),
      // Known, and without side effects.
      built("for (const t of ['Read', 'Grep']) allowed.push(t);"),
      // Walked, but something else is pushed.
      built("for (const t of ['Bash', 'Write']) allowed.push('Read');"),
    ],
    invalid: [
      { name: 'for…of over a literal list', ...bareAt(built("for (const t of ['Bash', 'Write']) allowed.push(t);"), 4, 'Bash', 'Write') },
      { name: 'forEach over a literal list', ...bareAt(built("['Bash', 'Edit'].forEach((t) => allowed.push(t));"), 4, 'Bash', 'Edit') },
      { name: 'a constant list walked', ...bareAt(built("const names = ['Read', 'Bash'];", 'for (const name of names) { allowed.push(name); }'), 4, 'Bash') },
      { name: 'a constant list spread into push', ...bareAt(built("const names = ['Bash', 'Read'];", 'allowed.push(...names);'), 4, 'Bash') },
    ],
  },
  javascript: {
    valid: [lines(sdk, 'const allowed = [];', 'for (const t of process.argv) allowed.push(t);', run)],
    invalid: [{ name: 'for…of in JavaScript', ...bareAt(lines(sdk, 'const allowed = [];', "for (const t of ['Bash']) allowed.push(t);", run), 3, 'Bash') }],
  },
});

runRuleTests(validRule, {
  typescript: {
    valid: [built("for (const t of ['Bash(npm test *)', 'Read']) allowed.push(t);")],
    invalid: [
      {
        name: 'a malformed entry pushed by a loop',
        code: built("for (const t of ['Bash(', 'Read']) allowed.push(t);"),
        errors: [{ messageId: 'malformed', line: 4, column: columnOf(built("for (const t of ['Bash(', 'Read']) allowed.push(t);"), 4, "'Bash('") }],
      },
    ],
  },
});
