import rule from '../../../rules/no-random-idempotency-key.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** Lines 1-4: imports; cases start on line 5. */
const head = [
  'import hashlib, json, secrets, time, uuid',
  'from datetime import datetime',
  'from uuid import uuid4',
  'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, PermissionResultAllow, tool',
];
const code = (...lines: string[]) => py(...head, ...lines);
/** A `@tool` handler whose body is `lines`: the decorator is on line 5, the body starts on line 7. */
const handler = (...lines: string[]) => code('@tool("refund", "Refund an order", {"order_id": str})', 'async def refund(args):', ...lines.map((line) => `    ${line}`));

/** can_use_tool that asks a UI under a fresh id (line 6) and notifies with `key` on line 7. */
const permission = (key: string, id = 'request_id') =>
  code(
    'async def review(tool_name, tool_input, context):',
    `    ${id} = str(uuid4())`,
    `    notify(kind="permission", ${id}=${id}, ${key}=f"perm-{${id}}")`,
    `    return PermissionResultAllow() if await wait_for_answer(${id}) else PermissionResultDeny(message="The user said no.")`,
    'options = ClaudeAgentOptions(can_use_tool=review)',
  );

runPythonCases(rule, {
  valid: [
    // A key derived from the business inputs, hashed.
    handler('key = hashlib.sha256(json.dumps(args, sort_keys=True).encode()).hexdigest()', 'await payments.refund(args["order_id"], idempotency_key=key)'),
    // uuid5 is a pure function of its inputs.
    handler('await payments.refund(args["order_id"], idempotency_key=str(uuid.uuid5(uuid.NAMESPACE_URL, args["order_id"])))'),
    // A fresh id per attempt is right for request, trace and log ids.
    handler('await payments.refund(args["order_id"], request_id=str(uuid4()), trace_id=uuid.uuid4().hex)'),
    // A key passed in is the caller's business.
    code('async def refund(order_id, idempotency_key):', '    await payments.refund(order_id, idempotency_key=idempotency_key)'),
    // Minted once, when none is stored: only the stored key decides.
    handler('key = args.get("idempotency_key") or str(uuid4())', 'await payments.refund(args["order_id"], idempotency_key=key)'),
    // A notification deduped per permission request, keyed by the request id the code keeps.
    permission('dedupe_key'),
    // Not agent code: no hook, callback or tool reaches it.
    code('def reconcile(order_id):', '    return payments.refund(order_id, idempotency_key=str(uuid4()))'),
  ],
  invalid: [
    {
      name: 'a keyword argument in a @tool handler',
      code: handler('await payments.refund(args["order_id"], idempotency_key=str(uuid.uuid4()))'),
      errors: [{ messageId: 'randomKey', line: 7, column: 45, data: { key: 'idempotency_key', source: 'uuid.uuid4()' } }],
    },
    {
      name: 'through a variable and an f-string',
      code: handler('suffix = uuid4().hex', 'key = f"refund-{args[\'order_id\']}-{suffix}"', 'await payments.refund(args["order_id"], idempotency_key=key)'),
      errors: [{ messageId: 'randomKey', line: 9, column: 45, data: { source: 'uuid4()' } }],
    },
    {
      name: 'a request id as an idempotency key proper',
      code: permission('idempotency_key'),
      errors: [{ messageId: 'randomKey', line: 7, column: 54, data: { key: 'idempotency_key', source: 'uuid4()' } }],
    },
    {
      name: 'a dedupe key from a value that is no request id',
      code: permission('dedupe_key', 'token'),
      errors: [{ messageId: 'randomKey', line: 7, column: 44, data: { key: 'dedupe_key', source: 'uuid4()' } }],
    },
    {
      name: 'a header from the clock, concatenated',
      code: handler('headers = {"Idempotency-Key": "refund-" + str(time.time())}', 'await http.post("/refunds", headers=headers)'),
      errors: [{ messageId: 'randomKey', line: 7, column: 16, data: { key: 'Idempotency-Key', source: 'time.time()' } }],
    },
    {
      name: 'a variable named as a key, from secrets, in a hook',
      code: code(
        'async def tag(input_data, tool_use_id, context):',
        '    dedupe_key = secrets.token_hex(8)',
        '    await audit(dedupe_key)',
        '    return {}',
        'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[tag])]})',
      ),
      errors: [{ messageId: 'randomKey', line: 6, column: 5, data: { key: 'dedupe_key', source: 'secrets.token_hex()' } }],
    },
    {
      name: 'a same-module helper the tool calls',
      code: code(
        'def new_key():',
        '    return datetime.now().isoformat()',
        '@tool("refund", "Refund an order", {"order_id": str})',
        'async def refund(args):',
        '    return await send(args)',
        'async def send(args):',
        '    await payments.refund(args["order_id"], idempotency_key=new_key())',
      ),
      errors: [{ messageId: 'randomKey', line: 11, column: 45, data: { source: 'new_key() (datetime.now())' } }],
    },
    {
      name: 'updated_input rewritten with a random value by can_use_tool',
      code: code(
        'async def review(tool_name, tool_input, context):',
        '    return PermissionResultAllow(updated_input={**tool_input, "nonce": uuid4().hex})',
        'options = ClaudeAgentOptions(can_use_tool=review)',
      ),
      errors: [{ messageId: 'randomUpdatedInput', line: 6, column: 63, data: { key: 'nonce' } }],
    },
    {
      name: 'updatedInput of a hook result',
      code: code(
        'async def stamp(input_data, tool_use_id, context):',
        '    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {**input_data["tool_input"], "request_token": str(uuid4())}}}',
        'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[stamp])]})',
      ),
      errors: [{ messageId: 'randomUpdatedInput', line: 6, column: 143, data: { key: 'request_token' } }],
    },
  ],
});
