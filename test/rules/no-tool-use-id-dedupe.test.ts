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
      // A stored record found by the id correlates an answer with its request; only "nothing stored" returns early.
      `${imports}\ndeclare const db: { query(sql: string): { get(id: string): { answer: string } | undefined } };\nfunction pendingAnswer(toolUseId: string) {\n  const row = db.query('SELECT answer FROM pending WHERE tool_use_id = ?').get(toolUseId);\n  if (!row) return null;\n  return row.answer;\n}\nquery({ prompt: 'x', options: { canUseTool: async (name, input, { toolUseID }) => {\n  const answer = pendingAnswer(toolUseID);\n  return answer === 'yes' ? { behavior: 'allow', updatedInput: input } : { behavior: 'deny', message: 'The user said no.' };\n} } });`,
      `${imports}\ndeclare const redis: { get(key: string): Promise<string | null> };\nconst pre: HookCallback = async (_input, toolUseId) => {\n  const note = await redis.get(\`note:\${toolUseId}\`);\n  if (note === null) return {};\n  return { systemMessage: note };\n};\n${wire('pre')}`,
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
        name: 'Object.hasOwn and hasOwnProperty on a record of ids',
        code: `${imports}\nconst seen: Record<string, true> = {};\nconst once: HookCallback = async (_input, toolUseId) => {\n  if (Object.hasOwn(seen, toolUseId!)) return {};\n  if (seen.hasOwnProperty(toolUseId!)) return {};\n  seen[toolUseId!] = true;\n  return {};\n};\n${wire('once')}`,
        errors: [
          { messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 4, column: 7 },
          { messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 5, column: 7 },
        ],
      },
      {
        name: 'a key-value store: SET NX with the id in the key, and a GET whose value gates',
        code: `${imports}\ndeclare const redis: { set(...args: unknown[]): Promise<string | null>; get(key: string): Promise<string | null> };\nconst once: HookCallback = async (_input, toolUseId) => {\n  const fresh = await redis.set(\`run:\${toolUseId}\`, 1, 'NX');\n  if (!fresh) return {};\n  const first = await redis.set('run:' + toolUseId, '1', { NX: true });\n  if (first === null) return { continue: true };\n  if (await redis.get(\`done:\${toolUseId}\`)) return {};\n  return {};\n};\n${wire('once')}`,
        errors: [
          { messageId: 'dedupeByToolUseId', data: { operation: 'insert' }, line: 4, column: 23 },
          { messageId: 'dedupeByToolUseId', data: { operation: 'insert' }, line: 6, column: 23 },
          { messageId: 'dedupeByToolUseId', data: { operation: 'lookup' }, line: 8, column: 13 },
        ],
      },
      {
        name: 'a stored record whose presence returns early is a seen check, even when it is read',
        code: `${imports}\nconst results = new Map<string, { output: string }>();\nconst replay: HookCallback = async (_input, toolUseId) => {\n  const previous = results.get(toolUseId!);\n  if (previous) return { systemMessage: previous.output };\n  return {};\n};\n${wire('replay')}`,
        errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'lookup' }, line: 4, column: 20 }],
      },
      {
        name: "the input's tool_use_id by subscript, and a lookup result kept by an assignment",
        code: `${imports}\nconst seen = new Set<string>();\nconst once: HookCallback = async (input: any) => {\n  let fresh = false;\n  fresh = seen.has(input['tool_use_id']);\n  if (fresh) return {};\n  return {};\n};\n${wire('once')}`,
        errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 5, column: 11 }],
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
      // A pending request found by the id: its absence is the only early return.
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nconst pending = new Map();\nconst post = async (input, toolUseId) => {\n  const waiting = pending.get(toolUseId);\n  if (waiting === undefined) return {};\n  waiting.resolve(input.tool_response);\n  return {};\n};\nquery({ prompt: 'x', options: { hooks: { PostToolUse: [{ hooks: [post] }] } } });`,
    ],
    invalid: [
      {
        name: 'an array includes in CommonJS',
        filename: 'hooks.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst done = [];\nasync function guard(input, toolUseId) {\n  if (done.includes(toolUseId)) return { decision: 'block' };\n  done.push(toolUseId);\n  return {};\n}\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [guard] }] } } });`,
        errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 4, column: 7 }],
      },
      {
        name: 'the in operator and SET NX in JavaScript',
        code: `import { query } from '@anthropic-ai/claude-agent-sdk';\nconst seen = {};\nasync function guard(input, toolUseId, { signal }) {\n  if (toolUseId in seen) return {};\n  if (!(await globalThis.redis.set(\`k:\${toolUseId}\`, 1, 'NX'))) return {};\n  seen[toolUseId] = true;\n  return {};\n}\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [guard] }] } } });`,
        errors: [
          { messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 4, column: 7 },
          { messageId: 'dedupeByToolUseId', data: { operation: 'insert' }, line: 5, column: 15 },
        ],
      },
    ],
  },
});
