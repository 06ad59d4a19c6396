import rule from '../../../rules/require-deny-reason.js';
import { py, runPythonCases } from '../../support/python-cases.js';

const head = 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, PermissionResultAllow, PermissionResultDeny';
/** A PreToolUse hook that returns `output` on line 4 when the call is not allowed. */
const guard = (output: string, event = 'PreToolUse') =>
  py(
    head,
    'async def guard(input_data, tool_use_id, context):',
    '    if not is_allowed(input_data):',
    `        return ${output}`,
    '    return {}',
    `options = ClaudeAgentOptions(hooks={"${event}": [HookMatcher(matcher="Bash", hooks=[guard])]})`,
  );
const specific = (fields: string) => `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"${fields}}}`;
/** A permission callback that returns `denied` on line 4. */
const review = (denied: string) =>
  py(
    head,
    'async def review(tool_name, tool_input, context):',
    '    if not is_allowed(tool_input):',
    `        return ${denied}`,
    '    return PermissionResultAllow()',
    'options = ClaudeAgentOptions(can_use_tool=review)',
  );

/** A hook factory (the block on line 5), its matcher in a list, reaching the options through a `**` dict built as `options`. */
const factory = (block: string, options = '{"hooks": {"PreToolUse": HOOKS}}') =>
  py(
    head,
    'def make_guard(pattern):',
    '    async def guard(input_data, tool_use_id, context):',
    '        if pattern in input_data["tool_input"].get("command", ""):',
    `            return ${block}`,
    '        return {}',
    '    return guard',
    'HOOKS = [HookMatcher(matcher="Bash", hooks=[make_guard("rm")])]',
    `options = ${options}`,
    'agent_options = ClaudeAgentOptions(**{k: v for k, v in options.items() if v is not None})',
  );

runPythonCases(rule, {
  valid: [
    // A reason set on every path.
    py(
      head,
      'async def guard(input_data, tool_use_id, context):',
      '    if input_data["tool_name"] == "Bash":',
      '        reason = "No shell here."',
      '    else:',
      '        reason = "Only Bash is guarded."',
      '    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": reason}}',
      'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})',
    ),
    factory('{"decision": "block", "reason": "No rm here.", "systemMessage": "Blocked rm."}'),
    // A comprehension that drops more than unset values is not followed.
    factory('{"decision": "block", "systemMessage": "Blocked rm."}', '{"hooks": {"PreToolUse": HOOKS}}\noptions = {k: v for k, v in options.items() if k != "hooks"}'),
    // continue_ is the SDK's continue: False ends the session.
    guard('{"decision": "block", "stopReason": "Write scripts under ./scripts only.", "continue_": False}'),
    guard(specific(', "permissionDecisionReason": "Blocked: the command writes outside the project."')),
    guard(specific(', "permissionDecisionReason": reason_for(input_data)')),
    guard('{"decision": "block", "reason": "Blocked by policy."}'),
    guard('{"decision": "block"}', 'PostToolUse'),
    guard('{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}'),
    review('PermissionResultDeny(message="Refunds above 100 EUR need a human.")'),
    review('PermissionResultDeny(message=reason_for(tool_input), interrupt=True)'),
  ],
  invalid: [
    {
      name: 'a method registered as self.guard, and one wrapped by functools.partial',
      code: py(
        head,
        'import functools',
        'class Agent:',
        '    async def guard(self, input_data, tool_use_id, context):',
        '        return {"decision": "block"} if input_data["tool_name"] == "Bash" else {}',
        '    async def scoped(self, word, input_data, tool_use_id, context):',
        '        return {"decision": "block", "reason": f"No {word}."} if word in str(input_data) else {}',
        '    def options(self):',
        '        return ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[self.guard, functools.partial(self.scoped, "rm")])]})',
      ),
      errors: [{ messageId: 'denyWithoutReason', line: 5, column: 29, data: { field: 'reason' } }],
    },
    {
      name: 'a factory whose block carries only a systemMessage, through a list and a ** dict',
      code: factory('{"decision": "block", "systemMessage": "Blocked rm."}'),
      errors: [{ messageId: 'denyWithoutReason', line: 5, column: 33, data: { field: 'reason' } }],
    },
    {
      name: 'a PreToolUse deny without a reason',
      code: guard(specific('')),
      errors: [{ messageId: 'denyWithoutReason', line: 4, column: 93, data: { gate: 'PreToolUse', certainty: 'is', field: 'permissionDecisionReason' } }],
    },
    {
      name: 'a reason that can be None',
      code: guard(specific(', "permissionDecisionReason": "Blocked by policy." if verbose else None')),
      errors: [{ messageId: 'denyWithoutReason', line: 4, column: 93, data: { certainty: 'can be' } }],
    },
    {
      name: 'the deprecated decision without a reason',
      code: guard('{"decision": "block"}'),
      errors: [{ messageId: 'denyWithoutReason', line: 4, column: 29, data: { field: 'reason' } }],
    },
    {
      name: 'PermissionResultDeny without a message (it defaults to "")',
      code: review('PermissionResultDeny()'),
      errors: [{ messageId: 'denyWithoutReason', line: 4, column: 16, data: { gate: 'can_use_tool', certainty: 'is', field: 'message' } }],
    },
    {
      name: 'PermissionResultDeny with an empty message',
      code: review('PermissionResultDeny(message="", interrupt=True)'),
      errors: [{ messageId: 'denyWithoutReason', line: 4, column: 16 }],
    },
  ],
});
