import rule from '../../rules/updated-input-needs-allow.js';
import { runRuleTests } from '../support/rule-tester.js';

const imports = "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\nimport { mode } from './policy';";
const wire = (hook: string) => `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [${hook}], onFailure: 'block' }] } } });`;
/** A PreToolUse hook that returns `output` on line 4. */
const rewrite = (output: string) =>
  `${imports}\nconst rewrite: HookCallback = async (input: any) => {\n  return { hookSpecificOutput: { hookEventName: 'PreToolUse', ${output} } };\n};\n${wire('rewrite')}`;
const updatedInput = "updatedInput: { ...input.tool_input, command: 'npm test' }";
const cjsHook = (decision: string) =>
  `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst rewrite = async (input) => ({\n  hookSpecificOutput: { hookEventName: input.hook_event_name, ${decision}updatedInput: { ...input.tool_input, timeout: 60000 } },\n});\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [rewrite] }] } } });`;

runRuleTests(rule, {
  typescript: {
    valid: [
      rewrite(`permissionDecision: 'allow', ${updatedInput}`),
      // ask: the user confirms the rewritten call.
      rewrite(`permissionDecision: 'ask', ${updatedInput}`),
      // A decision the rule cannot see.
      rewrite(`permissionDecision: mode, ${updatedInput}`),
      // No rewrite.
      rewrite("permissionDecisionReason: 'checked'"),
      rewrite(`updatedInput: undefined`),
      // The deprecated top-level decision decides too.
      `${imports}\nconst rewrite: HookCallback = async (input: any) => ({ decision: 'approve', hookSpecificOutput: { hookEventName: 'PreToolUse', ${updatedInput} } });\n${wire('rewrite')}`,
      // Another event's output that shares the shape.
      `${imports}\nexport const skillShell: HookCallback = async (input: any) => ({ hookSpecificOutput: { hookEventName: 'PreSkillShellCommand', ${updatedInput} } });`,
    ],
    invalid: [
      {
        name: 'updatedInput without a decision',
        code: rewrite(updatedInput),
        errors: [
          {
            messageId: 'withoutAllow',
            data: { certainty: 'is', allow: "permissionDecision: 'allow'" },
            line: 4,
            column: 63,
            endColumn: 75,
            suggestions: [{ messageId: 'addAllow', data: { allow: "permissionDecision: 'allow'" }, output: rewrite(`permissionDecision: 'allow', ${updatedInput}`) }],
          },
        ],
      },
      {
        name: 'a decision that can be missing',
        code: rewrite(`permissionDecision: process.env.CONFIRM ? 'ask' : undefined, ${updatedInput}`),
        // The decision is written, so the edit is the author's.
        errors: [{ messageId: 'withoutAllow', data: { certainty: 'can be', allow: "permissionDecision: 'allow'" }, line: 4, column: 124 }],
      },
      {
        name: 'an output built by assignment, in an unwired hook: no edit outside the literal',
        code: `${imports}\nexport const rewrite: HookCallback = async (input: any) => {\n  const output: Record<string, unknown> = { hookEventName: 'PreToolUse' };\n  output.updatedInput = { command: 'npm test' };\n  return { continue: true, hookSpecificOutput: output };\n};`,
        errors: [{ messageId: 'withoutAllow', line: 5, column: 10 }],
      },
    ],
  },
  javascript: {
    valid: [
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nconst rewrite = async (input) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: input.tool_input } });\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [rewrite] }] } } });`,
    ],
    invalid: [
      {
        name: 'CommonJS hook whose event name comes from its input',
        filename: 'hooks.cjs',
        code: cjsHook(''),
        errors: [{ messageId: 'withoutAllow', line: 3, column: 63, suggestions: [{ messageId: 'addAllow', output: cjsHook("permissionDecision: 'allow', ") }] }],
      },
    ],
  },
});
