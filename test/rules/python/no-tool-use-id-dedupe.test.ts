import rule from '../../../rules/no-tool-use-id-dedupe.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** Lines 1-3: imports and a set; a hook's body starts on line 5. */
const head = ['import logging', 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, PermissionResultAllow, PermissionResultDeny', 'seen = set()'];
const deny = '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "duplicate"}}';
/** A PreToolUse hook `guard(input_data, tool_use_id, context)` with this body, wired on the last line. */
const hook = (...body: string[]) =>
  py(
    ...head,
    'async def guard(input_data, tool_use_id, context):',
    ...body.map((line) => `    ${line}`),
    'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})',
  );

runPythonCases(rule, {
  valid: [
    // Logging and correlating by the id is fine.
    hook('logging.info("tool call %s: %s", tool_use_id, input_data["tool_name"])', 'return {}'),
    hook('audit[tool_use_id] = input_data["tool_input"]', 'return {}'),
    // A membership test that only picks what to log gates nothing.
    hook('if tool_use_id in seen:', '    logging.info("seen %s again", tool_use_id)', 'return {}'),
    // Dedupe on the tool name and its canonical arguments.
    hook('key = (input_data["tool_name"], repr(sorted(input_data["tool_input"].items())))', 'if key in seen:', `    return ${deny}`, 'seen.add(key)', 'return {}'),
    // A pending request found by the id: only "nothing stored" returns early, so it correlates.
    hook('row = await db.fetchone("SELECT answer FROM pending WHERE tool_use_id = ?", tool_use_id)', 'waiting = pending.get(tool_use_id)', 'if waiting is None:', '    return {}', 'if not row:', '    return {}', 'waiting.set_result(row["answer"])', 'return {}'),
    // A call that must have been registered under its id: a missing record is not a repeat.
    hook('if not results[tool_use_id]:', '    raise RuntimeError("unknown call")', 'return {}'),
    // Tests on tuples of literals are no id lookups.
    hook('if input_data["tool_name"] in ("Write", "Edit"):', `    return ${deny}`, 'return {}'),
    // setdefault that records when the call started decides nothing (issue 16).
    hook('started_at.setdefault(tool_use_id, now())', 'return {}'),
    // A start time stored under the id, and a note read back that only "nothing stored" skips.
    hook('await redis.set(f"start:{tool_use_id}", now())', 'note = await redis.get(f"note:{tool_use_id}")', 'if note is None:', '    return {}', 'return {"systemMessage": note}'),
    // SET NX and setdefault on a key derived from the arguments: a retry finds it.
    hook('key = repr(sorted(input_data["tool_input"].items()))', 'if not await redis.set(f"run:{key}", 1, nx=True):', '    return {}', 'if seen_at.setdefault(key, now()) != now():', '    return {}', 'return {}'),
    // Not agent code.
    py(...head, 'def remember(tool_use_id):', '    if tool_use_id in seen:', '        return False', '    seen.add(tool_use_id)', '    return True'),
  ],
  invalid: [
    {
      name: 'a lookup result held in a name, left of and',
      code: hook('fresh = tool_use_id in seen', 'if fresh and input_data["tool_name"] == "Bash":', '    return {}', 'return {}'),
      errors: [{ messageId: 'dedupeByToolUseId', line: 5, column: 13 }],
    },
    {
      name: 'a method hook: the id is the argument after input_data, not self',
      code: py(
        ...head,
        'class Agent:',
        '    async def guard(self, input_data, call_id, context):',
        '        if call_id in seen or input_data in seen:',
        '            return {}',
        '        return {}',
        '    def options(self):',
        '        return ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[self.guard])]})',
      ),
      errors: [{ messageId: 'dedupeByToolUseId', line: 6, column: 12, data: { operation: 'membership test' } }],
    },
    {
      name: 'setdefault and a key-value store SET NX with the id in the key',
      code: hook('if seen_at.setdefault(tool_use_id, now()) != now():', '    return {}', 'fresh = await redis.set(f"run:{tool_use_id}", 1, nx=True)', 'if not fresh:', '    return {}', 'if await redis.get("done:" + tool_use_id):', '    return {}', 'return {}'),
      errors: [
        { messageId: 'dedupeByToolUseId', line: 5, column: 8, data: { operation: 'insert' } },
        { messageId: 'dedupeByToolUseId', line: 7, column: 19, data: { operation: 'insert' } },
        { messageId: 'dedupeByToolUseId', line: 10, column: 14, data: { operation: 'lookup' } },
      ],
    },
    {
      name: 'a set membership test that denies',
      code: hook('if tool_use_id in seen:', `    return ${deny}`, 'seen.add(tool_use_id)', 'return {}'),
      errors: [{ messageId: 'dedupeByToolUseId', line: 5, column: 8, data: { operation: 'membership test' } }],
    },
    {
      name: 'a dict lookup that skips, the id read from the input',
      code: hook('call_id = input_data["tool_use_id"]', 'if cache.get(call_id):', '    return {}', 'return {}'),
      errors: [{ messageId: 'dedupeByToolUseId', line: 6, column: 8, data: { operation: 'lookup' } }],
    },
    {
      name: 'a subscript in a condition, and not in',
      code: hook('if results[tool_use_id]:', '    raise RuntimeError("already ran")', 'if tool_use_id not in seen:', '    return {}', 'return {}'),
      errors: [
        { messageId: 'dedupeByToolUseId', line: 5, column: 8, data: { operation: 'lookup' } },
        { messageId: 'dedupeByToolUseId', line: 7, column: 8, data: { operation: 'membership test' } },
      ],
    },
    {
      name: 'a test kept in a variable, then an early return',
      code: hook('duplicate = tool_use_id in seen', 'if duplicate:', `    return ${deny}`, 'return {}'),
      errors: [{ messageId: 'dedupeByToolUseId', line: 5, column: 17 }],
    },
    {
      name: 'an assert',
      code: hook('assert tool_use_id not in seen, "duplicate call"', 'return {}'),
      errors: [{ messageId: 'dedupeByToolUseId', line: 5, column: 12 }],
    },
    {
      name: 'can_use_tool reading the id from its context',
      code: py(
        ...head,
        'async def review(tool_name, tool_input, context):',
        '    if context.tool_use_id in seen:',
        '        return PermissionResultDeny(message="duplicate")',
        '    return PermissionResultAllow()',
        'options = ClaudeAgentOptions(can_use_tool=review)',
      ),
      errors: [{ messageId: 'dedupeByToolUseId', line: 5, column: 8 }],
    },
    {
      name: 'the tool use id as an idempotency key',
      code: hook('await payments.refund(input_data["tool_input"], idempotency_key=tool_use_id)', 'return {}'),
      errors: [{ messageId: 'toolUseIdAsKey', line: 5, column: 53, data: { key: 'idempotency_key' } }],
    },
  ],
});
