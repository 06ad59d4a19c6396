import rule from '../../rules/require-hook-timeout.js';
import { runRuleTests } from '../support/rule-tester.js';

const head = "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\nconst guard: HookCallback = async () => ({});";
/** An agent on line 3 whose hooks are `hooks`. */
const agent = (hooks: string) => `${head}\nquery({ prompt: 'x', options: { hooks: { ${hooks} } } });`;
/** Column of the first matcher object in `agent('PreToolUse: [...]')`. */
const at = "query({ prompt: 'x', options: { hooks: { PreToolUse: [".length + 1;
const ts = { example: 'timeout: 30' };

runRuleTests(rule, {
  typescript: {
    valid: [
      agent("PreToolUse: [{ matcher: 'Bash', hooks: [guard], timeout: 30 }]"),
      agent('PreToolUse: [{ hooks: [guard], timeout: 5, onFailure: "block" }]'),
      // Other events are not gates.
      agent("PostToolUse: [{ matcher: 'Bash', hooks: [guard] }], SessionStart: [{ hooks: [guard] }]"),
      // A timeout set at run time, or a matcher spread from something unknown.
      agent("PreToolUse: [{ matcher: 'Bash', hooks: [guard], timeout: Number(process.env.HOOK_TIMEOUT) }]"),
      `${head}\nimport { base } from './base';\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ ...base, hooks: [guard] }] } } });`,
    ],
    invalid: [
      {
        name: 'a PreToolUse matcher without a timeout',
        code: agent("PreToolUse: [{ matcher: 'Bash', hooks: [guard] }, { matcher: 'Edit', hooks: [guard], timeout: 10 }]"),
        errors: [{ messageId: 'matcherWithoutTimeout', data: ts, line: 3, column: at, endColumn: at + 35 }],
      },
      {
        name: 'a matcher without a matcher, and a timeout that can be undefined',
        code: agent('PreToolUse: [{ hooks: [guard] }, { matcher: "Write", hooks: [guard], timeout: undefined }]'),
        errors: [
          { messageId: 'matcherWithoutTimeout', data: ts, line: 3, column: at },
          { messageId: 'matcherWithoutTimeout', data: ts, line: 3, column: at + 20 },
        ],
      },
      {
        name: 'a matcher built in a variable',
        code: `${head}\nconst bash = { matcher: 'Bash', hooks: [guard] };\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [bash] } } });`,
        errors: [{ messageId: 'matcherWithoutTimeout', data: ts, line: 3, column: 14 }],
      },
    ],
  },
  javascript: {
    valid: [`const { query } = require('@anthropic-ai/claude-agent-sdk');\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [async () => ({})], timeout: 20 }] } } });`],
    invalid: [
      {
        name: 'CommonJS',
        filename: 'agent.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [async () => ({})] }] } } });`,
        errors: [{ messageId: 'matcherWithoutTimeout', data: ts, line: 2, column: at }],
      },
    ],
  },
});
