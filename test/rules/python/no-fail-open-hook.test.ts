import rule from '../../../rules/no-fail-open-hook.js';
import { py, runPythonCases } from '../../support/python-cases.js';

const head = ['import logging, sys', 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, PermissionResultAllow, PermissionResultDeny'];
const deny = '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "policy"}}';
/** A guard whose `except` clause (line 7) runs `handler`; wired for `event`. */
const guard = (handler: string[], event = 'PreToolUse', clause = 'except Exception as error:') =>
  py(
    ...head,
    'async def guard(input_data, tool_use_id, context):',
    '    try:',
    '        if not await check_policy(input_data):',
    `            return ${deny}`,
    `    ${clause}`,
    ...handler.map((line) => `        ${line}`),
    '    return {}',
    `options = ClaudeAgentOptions(hooks={"${event}": [HookMatcher(matcher="Bash", hooks=[guard])]})`,
  );
const reason = '"The permission check failed, so this call is denied."';
/** A PermissionRequest hook's own deny, for a guard registered there. */
const requestDeny = '{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "policy"}}}';
/** The deny the suggestion writes, and the guard it leaves. */
const suggestedDeny = `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": ${reason}}}`;
/** A helper that blocks or continues as a setting says. */
const onFailureHelper = 'def on_failure(block):\n    return {"continue_": False, "stopReason": "check failed"} if block else {"continue_": True}\n';
const denyOnFailure = (output: string) => [{ messageId: 'denyOnFailure' as const, output }];
/** A permission callback whose `except` clause (line 6) runs `handler`. */
const review = (...handler: string[]) =>
  py(
    ...head,
    'async def review(tool_name, tool_input, context):',
    '    try:',
    '        return PermissionResultAllow() if await check_policy(tool_input) else PermissionResultDeny(message="policy")',
    '    except Exception:',
    ...handler.map((line) => `        ${line}`),
    'options = ClaudeAgentOptions(can_use_tool=review)',
  );

/** A guard whose policy check runs inside `with <manager>:` (line 5), then `after` (line 8 on). */
const suppressed = (manager: string, ...after: string[]) =>
  py(
    ...head,
    'async def guard(input_data, tool_use_id, context):',
    `    with ${manager}:`,
    '        if not await check_policy(input_data):',
    `            return ${deny}`,
    ...after.map((line) => `    ${line}`),
    'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})',
  );
/** A decorator whose wrapper's except (line 7) runs `handler`, on a guard registered under its name. */
const decorated = (handler: string) =>
  py(
    ...head,
    'import functools',
    'def audited(fn):',
    '    @functools.wraps(fn)',
    '    async def wrapper(*args):',
    '        try:',
    '            return await fn(*args)',
    '        except Exception:',
    `            ${handler}`,
    '    return wrapper',
    '@audited',
    'async def guard(input_data, tool_use_id, context):',
    `    return ${deny} if await check_policy(input_data) else {}`,
    'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})',
  );

runPythonCases(rule, {
  valid: [
    // A suppressed failure after which the gate still decides, and a with that suppresses nothing.
    suppressed('contextlib.suppress(Exception)', 'return ' + deny).replace('import logging, sys', 'import contextlib, logging, sys'),
    suppressed('open("/tmp/audit.log", "a")', 'return {}'),
    // A decorator whose wrapper denies when the guard fails.
    decorated(`return ${deny}`),
    // Closed handlers: a deny, a re-raise, an exit.
    guard([`return ${deny}`]),
    // A notification whose try decides nothing either way: its failing turns no check off.
    py(
      ...head,
      'async def guard(input_data, tool_use_id, context):',
      '    if SETTINGS.background:',
      '        try:',
      '            notify(input_data)',
      '        except Exception:',
      '            pass',
      '        return {}',
      `    return {} if await check_policy(input_data) else ${deny}`,
      'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})',
    ),
    guard(['raise']),
    guard(['sys.exit(2)']),
    guard(['return {"continue_": False, "stopReason": "policy check failed"}']),
    guard(['return {"decision": "block", "reason": "policy check failed"}']),
    // A PermissionRequest hook denies with decision.behavior.
    guard(['return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "check failed"}}}'], 'PermissionRequest'),
    // A handler of a hook that is not a gate.
    guard(['return {}'], 'PostToolUse'),
    // A permission callback that denies on error.
    review('return PermissionResultDeny(message="policy check failed")'),
    // A hook that can raise outside a try: Python has no onFailure, so only handlers are checked.
    py(...head, 'async def guard(input_data, tool_use_id, context):', '    if not await check_policy(input_data):', `        return ${deny}`, '    return {}', 'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})'),
    // A handler that falls through to a deny after the try statement.
    py(
      ...head,
      'async def guard(input_data, tool_use_id, context):',
      '    try:',
      '        if await check_policy(input_data):',
      '            return {}',
      '    except Exception:',
      '        logging.exception("policy check failed")',
      `    return ${deny}`,
      'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})',
    ),
    // A logging hook from a factory returns {} on every path, its except too: it decides nothing, so no check is turned off.
    py(
      ...head,
      'def logged(record):',
      '    async def hook(input_data, tool_use_id, context):',
      '        try:',
      '            record(input_data)',
      '        except Exception:',
      '            logging.exception("hook failed")',
      '            return {}',
      '        return {}',
      '    return hook',
      'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[logged(print)])]})',
    ),
    // A handler the author disabled, on its line or on the line before.
    guard(['return {}'], 'PreToolUse', 'except Exception as error:  # toolgate: disable=no-fail-open-hook -- advisory hook, the sandbox enforces the policy'),
    guard(['return {}'], 'PreToolUse', '# toolgate: disable=toolgate/no-fail-open-hook\n    except Exception as error:'),
  ],
  invalid: [
    {
      name: 'an except returning what a helper returns, a block or no decision as a setting says: can return no decision',
      code: `${guard(['return on_failure(SETTINGS.block)'])}${onFailureHelper}`,
      errors: [{ messageId: 'catchAllows', line: 7, column: 5, data: { gate: "'guard'", result: 'can return no decision' }, suggestions: denyOnFailure(`${guard([`return ${suggestedDeny}`])}${onFailureHelper}`) }],
    },
    {
      name: 'contextlib.suppress around the policy check, then a return without a decision',
      code: suppressed('contextlib.suppress(Exception)', 'return {}').replace('import logging, sys', 'import contextlib, logging, sys'),
      errors: [{ messageId: 'catchAllows', line: 4, column: 10, data: { gate: "'guard'", result: 'returns no decision' } }],
    },
    {
      name: 'suppress imported from contextlib',
      code: suppressed('suppress(Exception)', 'return {}').replace('import logging, sys', 'from contextlib import suppress'),
      errors: [{ messageId: 'catchAllows', line: 4, column: 10 }],
    },
    {
      name: "a decorator's wrapper whose except returns no decision counts as the guard's",
      code: decorated('return {}'),
      errors: [{ messageId: 'catchAllows', line: 9, column: 9, data: { gate: "'wrapper'", result: 'returns no decision' }, suggestions: denyOnFailure(decorated(`return ${suggestedDeny}`)) }],
    },
    {
      name: 'an except that returns {}',
      code: guard(['return {}']),
      errors: [
        {
          messageId: 'catchAllows',
          line: 7,
          column: 5,
          data: { gate: "'guard'", result: 'returns no decision' },
          suggestions: denyOnFailure(guard([`return ${suggestedDeny}`])),
        },
      ],
    },
    {
      name: 'an except that returns None',
      code: guard(['return None']),
      errors: [{ messageId: 'catchAllows', line: 7, column: 5, data: { result: 'returns None' }, suggestions: denyOnFailure(guard([`return ${suggestedDeny}`])) }],
    },
    {
      name: 'an except that logs and falls through to {}',
      code: guard(['logging.exception("policy check failed")']),
      // Falling through to the code after the try leaves no one return to edit: no suggestion.
      errors: [{ messageId: 'catchAllows', line: 7, column: 5, data: { result: 'returns no decision' }, suggestions: [] }],
    },
    {
      name: 'continue_: True is no decision',
      code: guard(['return {"continue_": True}']),
      errors: [{ messageId: 'catchAllows', line: 7, column: 5, data: { result: 'returns no decision' }, suggestions: denyOnFailure(guard([`return ${suggestedDeny}`])) }],
    },
    {
      name: 'an except that allows, in a PermissionRequest hook',
      code: guard([`return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}`], 'PermissionRequest'),
      errors: [
        {
          messageId: 'catchAllows',
          line: 7,
          column: 5,
          data: { result: 'returns allow' },
          suggestions: denyOnFailure(
            guard([`return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": ${reason}}}}`], 'PermissionRequest'),
          ),
        },
      ],
    },
    {
      // Claude Code reads only decision.behavior from a PermissionRequest hook: permissionDecision is invalid output there, a failure.
      name: 'PreToolUse fields in a PermissionRequest hook are no decision',
      code: guard([`return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "permissionDecision": "allow"}}`], 'PermissionRequest').replace(deny, requestDeny),
      errors: [
        {
          messageId: 'catchAllows',
          line: 7,
          column: 5,
          data: { result: 'returns no decision' },
          suggestions: denyOnFailure(
            guard([`return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": ${reason}}}}`], 'PermissionRequest').replace(deny, requestDeny),
          ),
        },
      ],
    },
    {
      name: 'can_use_tool that allows on error',
      code: review('return PermissionResultAllow(updated_input=tool_input)'),
      errors: [
        {
          messageId: 'catchAllows',
          line: 6,
          column: 5,
          data: { gate: "'review'", result: 'returns allow' },
          suggestions: denyOnFailure(review(`return PermissionResultDeny(message=${reason})`)),
        },
      ],
    },
    {
      name: 'a bare return in a handler of a tuple of exceptions',
      code: py(
        ...head,
        'async def review(tool_name, tool_input, context):',
        '    try:',
        '        return await decide(tool_name, tool_input)',
        '    except (TimeoutError, ValueError):',
        '        return',
        'options = ClaudeAgentOptions(can_use_tool=review)',
      ),
      // No PermissionResultDeny in the callback to copy: a suggestion would need an import it cannot place.
      errors: [{ messageId: 'catchAllows', line: 6, column: 5, data: { result: 'returns None' }, suggestions: [] }],
    },
    {
      name: 'a suppression for another rule does not apply',
      code: guard(['return {}'], 'PreToolUse', 'except Exception as error:  # toolgate: disable=no-bare-allowed-tools -- another rule'),
      errors: [
        {
          messageId: 'catchAllows',
          line: 7,
          column: 5,
          suggestions: denyOnFailure(guard([`return ${suggestedDeny}`], 'PreToolUse', 'except Exception as error:  # toolgate: disable=no-bare-allowed-tools -- another rule')),
        },
      ],
    },
  ],
});
