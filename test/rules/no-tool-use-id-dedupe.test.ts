import rule from '../../rules/no-tool-use-id-dedupe.js';
import { runRuleTests } from '../support/rule-tester.js';

const imports = "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';";
const wire = (hook: string) => `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [${hook}] }] } } });`;
const deny = "{ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const, permissionDecisionReason: 'seen' } }";

runRuleTests(rule, {
  typescript: {
    valid: [
      // Correlating Pre and Post events by the id is what it is for.
      `${imports}\nconst started = new Map<string, number>();\nconst pre: HookCallback = async (_input, toolUseID) => {\n  started.set(toolUseID!, Date.now());\n  return {};\n};\n${wire('pre')}`,
      // Logging the id.
      `${imports}\nconst log: HookCallback = async (input) => {\n  console.log('tool', (input as any).tool_use_id);\n  return {};\n};\n${wire('log')}`,
      // A lookup that only picks what to log does not gate the call.
      `${imports}\nconst started = new Map<string, number>();\nconst post: HookCallback = async (_input, toolUseID) => {\n  const start = started.get(toolUseID!);\n  if (start !== undefined) console.log('took', Date.now() - start);\n  return {};\n};\nquery({ prompt: 'x', options: { hooks: { PostToolUse: [{ hooks: [post] }] } } });`,
      // Dedupe on the arguments, not on the id.
      `${imports}\nconst seen = new Set<string>();\nconst once: HookCallback = async (input: any) => {\n  const key = JSON.stringify([input.tool_name, input.tool_input]);\n  if (seen.has(key)) return ${deny};\n  seen.add(key);\n  return {};\n};\n${wire('once')}`,
      // The same code outside agent code is not reported.
      `${imports}\nconst seen = new Set<string>();\nexport function handle(toolUseId: string) {\n  if (seen.has(toolUseId)) return;\n  seen.add(toolUseId);\n}`,
    ],
    invalid: [
      {
        name: 'a seen-set keyed by the hook argument',
        code: `${imports}\nconst seen = new Set<string>();\nconst once: HookCallback = async (input, toolUseID) => {\n  if (seen.has(toolUseID!)) return ${deny};\n  seen.add(toolUseID!);\n  return {};\n};\n${wire('once')}`,
        errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 4, column: 7, endColumn: 27 }],
      },
      {
        name: 'the input field, through a destructured variable and a Map lookup held in a variable',
        code: `${imports}\nconst results = new Map<string, unknown>();\nconst cached: HookCallback = async (input) => {\n  const { tool_use_id } = input as { tool_use_id: string };\n  const previous = results.get(tool_use_id);\n  if (previous) return { continue: false };\n  return {};\n};\n${wire('cached')}`,
        errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'lookup' }, line: 5, column: 20 }],
      },
      {
        name: 'canUseTool keyed by toolUseID, with in and an index',
        code: `${imports}\nconst decided: Record<string, boolean> = {};\nquery({ prompt: 'x', options: { canUseTool: async (name, input, { toolUseID }) => {\n  if (toolUseID in decided) return { behavior: 'deny', message: 'already decided' };\n  if (decided[toolUseID]) return { behavior: 'deny', message: 'again' };\n  return { behavior: 'allow', updatedInput: input };\n} } });`,
        errors: [
          { messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 4, column: 7 },
          { messageId: 'dedupeByToolUseId', data: { operation: 'lookup' }, line: 5, column: 7 },
        ],
      },
      {
        name: 'the id used as an idempotency key',
        code: `${imports}\nconst charge: HookCallback = async (input: any) => {\n  await fetch('https://pay.example', { headers: { 'Idempotency-Key': input.tool_use_id } });\n  return {};\n};\nquery({ prompt: 'x', options: { hooks: { PostToolUse: [{ hooks: [charge] }] } } });`,
        errors: [{ messageId: 'toolUseIdAsKey', data: { key: 'Idempotency-Key' }, line: 3, column: 51 }],
      },
    ],
  },
  javascript: {
    valid: [
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nconst pre = async (input, id) => { console.log(id); return {}; };\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [pre] }] } } });`,
    ],
    invalid: [
      {
        name: 'an array includes in CommonJS',
        filename: 'hooks.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst done = [];\nasync function guard(input, toolUseId) {\n  if (done.includes(toolUseId)) return { decision: 'block' };\n  done.push(toolUseId);\n  return {};\n}\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [guard] }] } } });`,
        errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 4, column: 7 }],
      },
    ],
  },
});
