import rule from '../../rules/no-random-idempotency-key.js';
import { runRuleTests } from '../support/rule-tester.js';

const imports = "import { query, tool, createSdkMcpServer, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\nimport { randomUUID, createHash } from 'node:crypto';";

/** A refund tool whose handler builds `headers` from `key`. */
const refundTool = (prelude: string, headers: string) =>
  `${imports}\n` +
  `const refund = tool('refund', 'Refund an order', {}, async (args: { orderId: string; amount: number }) => {\n` +
  `${prelude}\n` +
  `  await fetch('https://pay.example/refunds', { method: 'POST', headers: { ${headers} }, body: JSON.stringify(args) });\n` +
  `  return { content: [] };\n` +
  `});\n` +
  `createSdkMcpServer({ name: 'payments', tools: [refund] });`;

/** canUseTool that asks a UI under a fresh id (line 6) and sends the notification with `key` on line 7. */
const permission = (key: string, id = 'requestId') =>
  `${imports}\ndeclare function notify(event: object): void;\ndeclare function waitForAnswer(id: string): Promise<boolean>;\n` +
  `query({ prompt: 'x', options: { canUseTool: async (name, input) => {\n  const ${id} = randomUUID();\n  notify({ kind: 'permission', ${id}, ${key}: \`perm-\${${id}}\` });\n` +
  `  return (await waitForAnswer(${id})) ? { behavior: 'allow', updatedInput: input } : { behavior: 'deny', message: 'The user said no.' };\n} } });`;

runRuleTests(rule, {
  typescript: {
    valid: [
      // A key derived by hashing the business inputs.
      refundTool(
        "  const key = createHash('sha256').update(JSON.stringify(['refund', args.orderId, args.amount])).digest('hex');",
        "'Idempotency-Key': key",
      ),
      // A UUID as a request or trace id is fine.
      refundTool('  const requestId = randomUUID();', "'X-Request-Id': requestId, traceparent: `00-${randomUUID()}`"),
      // A stored key, minted once when there is none yet.
      refundTool('  const key = (await keys.get(args.orderId)) ?? randomUUID();\n  await keys.set(args.orderId, key);', "'Idempotency-Key': key").replace('{\n', '{\n  const keys = new Map<string, string>();\n'),
      // A fresh request id in a rewritten input is an id of the attempt, not a key.
      `${imports}\nconst stamp: HookCallback = async (input: any) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { ...input.tool_input, requestId: randomUUID() } } });\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [stamp] }] } } });`,
      // A key passed in as a parameter.
      `${imports}\nexport async function send(idempotencyKey: string) {\n  return fetch('x', { headers: { 'Idempotency-Key': idempotencyKey } });\n}`,
      // Random keys outside agent code are not this rule's business.
      `${imports}\nexport function makeJob() {\n  return { idempotencyKey: randomUUID() };\n}`,
      // A notification deduped per permission request: the key names the request that the code keeps as its request id.
      permission('dedupeKey'),
      // The name is given a stored key after the random one: what reaches the header is the stored key.
      refundTool("  let key = randomUUID();\n  key = await stored(args.orderId);", "'Idempotency-Key': key").replace('{\n', '{\n  const stored = async (id: string) => id;\n'),
      // A hook that logs with a random id.
      `${imports}\nconst log: HookCallback = async (input) => {\n  console.log({ logId: randomUUID(), at: Date.now(), tool: input.hook_event_name });\n  return {};\n};\nquery({ prompt: 'x', options: { hooks: { PostToolUse: [{ hooks: [log] }] } } });`,
    ],
    invalid: [
      {
        name: 'randomUUID into an Idempotency-Key header through a variable',
        code: refundTool('  const key = randomUUID();', "'Idempotency-Key': key"),
        errors: [{ messageId: 'randomKey', data: { key: 'Idempotency-Key', source: 'randomUUID()' }, line: 5, column: 75, endColumn: 92 }],
      },
      {
        name: 'a request id as an idempotency key proper is still new on every attempt',
        code: permission('idempotencyKey'),
        errors: [{ messageId: 'randomKey', data: { key: 'idempotencyKey', source: 'randomUUID()' }, line: 7, column: 43 }],
      },
      {
        name: 'a dedupe key from a random value that is no request id',
        code: permission('dedupeKey', 'token'),
        errors: [{ messageId: 'randomKey', data: { key: 'dedupeKey', source: 'randomUUID()' }, line: 7, column: 39 }],
      },
      {
        name: 'a template string with Date.now()',
        code: refundTool('  const idempotencyKey = `refund-${args.orderId}-${Date.now()}`;', "'Idempotency-Key': idempotencyKey"),
        errors: [{ messageId: 'randomKey', data: { key: 'idempotencyKey', source: 'Date.now()' }, line: 4, column: 9 }],
      },
      {
        name: 'a payment SDK request option in a function the handler calls',
        code:
          `${imports}\ndeclare const stripe: any;\n` +
          `async function issueRefund(orderId: string) {\n  return stripe.refunds.create({ payment_intent: orderId }, { idempotencyKey: String(Math.random()) });\n}\n` +
          `const refund = tool('refund', 'Refund', {}, async (args: { orderId: string }) => {\n  await issueRefund(args.orderId);\n  return { content: [] };\n});`,
        errors: [{ messageId: 'randomKey', data: { key: 'idempotencyKey', source: 'Math.random()' }, line: 5, column: 63 }],
      },
      {
        name: 'a hook rewriting the input with a fresh id',
        code:
          `${imports}\nconst stamp: HookCallback = async (input) => ({\n  hookSpecificOutput: {\n    hookEventName: 'PreToolUse',\n    permissionDecision: 'allow',\n    updatedInput: { ...(input as any).tool_input, request_key: randomUUID() },\n  },\n});\n` +
          `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'mcp__payments__refund', hooks: [stamp] }] } } });`,
        errors: [{ messageId: 'randomUpdatedInput', data: { key: 'request_key', source: 'randomUUID()' }, line: 7, column: 51 }],
      },
      {
        name: 'headers.set with uuid v4 in canUseTool',
        code:
          `${imports}\nimport { v4 as uuid } from 'uuid';\n` +
          `query({ prompt: 'x', options: { canUseTool: async (name, input) => {\n  const headers = new Headers();\n  headers.set('Idempotency-Key', 'perm-' + uuid());\n  await fetch('https://audit.example', { headers });\n  return { behavior: 'allow', updatedInput: input };\n} } });`,
        errors: [{ messageId: 'randomKey', data: { key: 'Idempotency-Key', source: 'uuid()' }, line: 6, column: 15 }],
      },
      {
        name: 'a same-file helper that returns a random value',
        code: `${imports}\nconst newKey = () => randomUUID();\n` + refundTool('', "'Idempotency-Key': newKey()").split('\n').slice(2).join('\n'),
        errors: [{ messageId: 'randomKey', data: { key: 'Idempotency-Key', source: 'newKey() (randomUUID())' }, line: 6, column: 75 }],
      },
      {
        name: 'an extra key name through the option',
        code: refundTool('  const opKey = randomUUID();', "'X-Op-Key': opKey"),
        options: [{ keyNames: ['opKey'] }],
        errors: [{ messageId: 'randomKey', data: { key: 'opKey', source: 'randomUUID()' }, line: 4, column: 9 }],
      },
      {
        name: 'a helper that returns a key built from a random value',
        code: refundTool('  const key = newKey();', "'Idempotency-Key': key").replace('const refund', 'function newKey() {\n  return `refund-${randomUUID()}`;\n}\nconst refund'),
        errors: [{ messageId: 'randomKey', data: { key: 'Idempotency-Key', source: 'newKey() (randomUUID())' }, line: 8, column: 75 }],
      },
      {
        name: 'a property of a random value, and a chained assignment',
        code: refundTool('  const key = (randomUUID() as any).hex;\n  const request: any = {};\n  request.idempotencyKey = request.traceId = Date.now();', "'Idempotency-Key': key"),
        errors: [
          { messageId: 'randomKey', data: { key: 'idempotencyKey', source: 'Date.now()' }, line: 6, column: 11 },
          { messageId: 'randomKey', data: { key: 'Idempotency-Key', source: 'randomUUID()' }, line: 7, column: 75 },
        ],
      },
    ],
  },
  javascript: {
    valid: [
      `const { tool } = await import('@anthropic-ai/claude-agent-sdk');\nexport const t = tool('x', 'x', {}, async (args) => ({ content: [{ type: 'text', text: String(Date.now()) }] }));`,
    ],
    invalid: [
      {
        name: 'CommonJS tool handler with nanoid',
        filename: 'tools.cjs',
        code: `const { tool } = require('@anthropic-ai/claude-agent-sdk');\nconst { nanoid } = require('nanoid');\nmodule.exports = tool('email', 'Send mail', {}, async (args) => {\n  const dedupe_key = nanoid();\n  await send({ ...args, dedupe_key });\n  return { content: [] };\n});`,
        errors: [{ messageId: 'randomKey', data: { key: 'dedupe_key', source: 'nanoid()' }, line: 4, column: 9 }],
      },
    ],
  },
});
