import failOpen from '../../../rules/no-fail-open-hook.js';
import idDedupe from '../../../rules/no-tool-use-id-dedupe.js';
import denyReason from '../../../rules/require-deny-reason.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// What must stay silent on real code (issue 16), in Python, each near miss
// next to the case that shows the rule still fires on the real problem. The
// TypeScript and JavaScript forms are in test/rules/values/precision.test.ts.
// (The Python SDK has no onFailure, so a hook that can raise is no finding of
// its own there: only except clauses are checked.)

/** Lines 1-3: imports and a set of earlier ids; the hook's body starts on line 5. */
const head = ['import json, os', 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher', 'seen = set()'];
const deny = (reason = '"permissionDecisionReason": "Blocked by policy."') => `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", ${reason}}}`;
/** A PreToolUse hook `guard(input_data, tool_use_id, context)` with this body, wired on the last line. */
const hook = (...body: string[]) =>
  py(
    ...head,
    'async def guard(input_data, tool_use_id, context):',
    ...body.map((line) => `    ${line}`),
    'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})',
  );
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;

/** An except around a read of the policy (lines 6-7), after which the hook decides with `after`. */
const emptyExcept = (...after: string[]) => hook('policy = {}', 'try:', '    policy = json.loads(os.environ.get("POLICY", "{}"))', 'except ValueError:', '    pass', ...after);

runPythonCases(failOpen, {
  valid: [
    emptyExcept(`return ${deny()}`),
    // Methods of values the hook has just produced, and os.path, around a deny.
    hook('path = os.path.join(os.getcwd(), str(input_data["tool_input"].get("file_path", "")))', 'if path.strip().lower().endswith(".env"):', `    return ${deny()}`, 'return {}'),
  ],
  invalid: [
    {
      name: 'an except that falls through to an allow',
      code: emptyExcept('if policy.get("strict"):', `    return ${deny()}`, 'return {}'),
      errors: [{ messageId: 'catchAllows', line: 8, column: 5, data: { result: 'returns no decision' } }],
    },
  ],
});

runPythonCases(idDedupe, {
  valid: [
    // Tests of the name or the id against literals hold no record of earlier calls.
    hook('if input_data["tool_name"] in ("Write", "Edit"):', `    return ${deny()}`, 'return {}'),
    hook('if tool_use_id in ("toolu_test", "toolu_dry_run"):', `    return ${deny()}`, 'return {}'),
    hook('if tool_use_id in {"toolu_test": True}:', `    return ${deny()}`, 'return {}'),
    py(...head, 'RESERVED = ["toolu_test", "toolu_dry_run"]', 'async def guard(input_data, tool_use_id, context):', '    if tool_use_id in RESERVED:', `        return ${deny()}`, '    return {}', 'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[guard])]})'),
  ],
  invalid: [
    {
      name: 'a set of earlier ids next to them',
      code: hook('if tool_use_id in seen:', `    return ${deny()}`, 'seen.add(tool_use_id)', 'return {}'),
      errors: [{ messageId: 'dedupeByToolUseId', line: 5, column: 8 }],
    },
  ],
});

/** A reason set on every path, and one path (the `if` without an `else`) that leaves it None. */
const reasonOnEveryPath = hook('if input_data["tool_name"] == "Bash":', '    reason = "No shell here."', 'else:', '    reason = "Only Bash is guarded."', `return ${deny('"permissionDecisionReason": reason')}`);
const reasonOnOnePath = hook('reason = None', 'if input_data["tool_name"] == "Bash":', '    reason = "No shell here."', `return ${deny('"permissionDecisionReason": reason')}`);

runPythonCases(denyReason, {
  valid: [reasonOnEveryPath],
  invalid: [
    {
      name: 'a reason left None on one path',
      code: reasonOnOnePath,
      errors: [{ messageId: 'denyWithoutReason', line: 8, column: columnOf(reasonOnOnePath, 8, '"deny"'), data: { certainty: 'can be', field: 'permissionDecisionReason' } }],
    },
  ],
});
