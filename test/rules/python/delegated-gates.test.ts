import canUseToolMustDecide from '../../../rules/can-use-tool-must-decide.js';
import noDenyAsDedupe from '../../../rules/no-deny-as-dedupe.js';
import noToolUseIdDedupe from '../../../rules/no-tool-use-id-dedupe.js';
import requireDenyReason from '../../../rules/require-deny-reason.js';
import requireHookTimeout from '../../../rules/require-hook-timeout.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Gates reached through an instance's methods (`Policy().matcher()`,
// `policy.matcher()`, `self.matcher()`), a lambda that returns a method's
// result, and `guard = with_audit(guard)` (issue 16). The TypeScript twin is
// test/rules/values/delegated-gates.test.ts.
const head = ['from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, PermissionResultAllow, PermissionResultDeny', 'seen = set()'];
/** Where `needle` first appears on the line that holds `lineNeedle` (1-based). */
const at = (code: string, lineNeedle: string, needle = lineNeedle) => {
  const line = code.split('\n').findIndex((text) => text.includes(lineNeedle)) + 1;
  return { line, column: code.split('\n')[line - 1]!.indexOf(needle) + 1 };
};
/** A policy class whose hook runs `body` (8 spaces in), its matcher built by a method and registered through `registration`. */
const policy = (registration: string, ...body: string[]) =>
  py(
    ...head,
    'class Policy:',
    '    async def guard(self, input_data, tool_use_id, context):',
    ...body.map((line) => `        ${line}`),
    '    def matcher(self):',
    '        return HookMatcher(matcher="Bash", hooks=[self.guard])',
    '    def options(self):',
    '        return ClaudeAgentOptions(hooks={"PreToolUse": [self.matcher()]})',
    registration,
  );
const registered = {
  'Policy().matcher()': 'options = ClaudeAgentOptions(hooks={"PreToolUse": [Policy().matcher()]})',
  'policy.matcher()': 'policy = Policy()\noptions = ClaudeAgentOptions(hooks={"PreToolUse": [policy.matcher()]})',
  'self.matcher() in a method': 'client_options = Policy().options',
};
const denyWith = (reason: string) => `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"${reason}}}`;
const shell = 'if "rm" in input_data["tool_input"]["command"]:';

runPythonCases(requireDenyReason, {
  valid: Object.values(registered).map((registration) => policy(registration, shell, `    return ${denyWith(', "permissionDecisionReason": "No rm here."')}`, 'return {}')),
  invalid: Object.entries(registered).map(([name, registration]) => {
    const code = policy(registration, shell, `    return ${denyWith('')}`, 'return {}');
    return { name: `a deny without a reason, through ${name}`, code, errors: [{ messageId: 'denyWithoutReason', data: { field: 'permissionDecisionReason' }, ...at(code, '"deny"}}', '"deny"') }] };
  }),
});

runPythonCases(noToolUseIdDedupe, {
  // Logging by the id gates nothing.
  valid: [policy(registered['policy.matcher()'], 'if tool_use_id in seen:', '    print("again", tool_use_id)', 'seen.add(tool_use_id)', 'return {}')],
  invalid: [
    {
      name: 'a seen-set keyed by the tool use id, through policy.matcher()',
      code: policy(registered['policy.matcher()'], 'if tool_use_id in seen:', '    return {}', 'seen.add(tool_use_id)', 'return {}'),
      errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, ...at(policy(registered['policy.matcher()'], 'if tool_use_id in seen:'), 'if tool_use_id', 'tool_use_id') }],
    },
  ],
});

const byArguments = (repeat: string) => policy(registered['Policy().matcher()'], 'key = str(input_data["tool_input"])', 'if key in seen:', `    return ${repeat}`, 'seen.add(key)', 'return {}');
runPythonCases(noDenyAsDedupe, {
  valid: [byArguments('{}')],
  invalid: [{ name: 'a repeat denied, through Policy().matcher()', code: byArguments(denyWith(', "permissionDecisionReason": "seen"')), errors: [{ messageId: 'denyAsDedupe', data: { gate: "'guard'" }, ...at(byArguments('{}'), 'if key in seen', 'key in seen') }] }],
});

/** can_use_tool as a lambda that returns a method's result; the method's last path returns `last`. */
const reviewing = (last: string) =>
  py(
    ...head,
    'class Agent:',
    '    async def review(self, tool_name, tool_input, context):',
    '        if tool_name == "Bash":',
    '            return PermissionResultDeny(message="No shell.")',
    '        if tool_name == "Read":',
    '            return PermissionResultAllow()',
    `        return ${last}`,
    '    def options(self):',
    '        return ClaudeAgentOptions(can_use_tool=lambda name, data, context: self.review(name, data, context))',
  );
const suggested = 'PermissionResultDeny(message="This tool call is not allowed here.")';

runPythonCases(canUseToolMustDecide, {
  valid: [reviewing('PermissionResultDeny(message="Only Read is allowed.")')],
  invalid: [
    {
      // The lambda's result is only sometimes None: the method's own return says which path.
      name: 'a method behind a lambda that answers None on one path',
      code: reviewing('None'),
      errors: [{ messageId: 'noDecision', data: { callback: "'review'", how: 'returns None instead of a decision' }, ...at(reviewing('None'), 'return None', 'return'), suggestions: [{ messageId: 'denyHere', output: reviewing(suggested) }] }],
    },
  ],
});

/** `guard = with_audit(guard)`: the wrapper logs and returns the guard's result. */
const audited = (reason: string) =>
  py(
    ...head,
    'def with_audit(fn):',
    '    async def wrapper(input_data, tool_use_id, context):',
    '        print(input_data["tool_name"])',
    '        return await fn(input_data, tool_use_id, context)',
    '    return wrapper',
    'async def guard(input_data, tool_use_id, context):',
    `    return ${denyWith(reason)} if "rm" in input_data["tool_input"]["command"] else {}`,
    'guard = with_audit(guard)',
    'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]})',
  );

runPythonCases(requireDenyReason, {
  valid: [audited(', "permissionDecisionReason": "No rm here."')],
  invalid: [{ name: 'a deny without a reason, in a guard rebound to with_audit(guard)', code: audited(''), errors: [{ messageId: 'denyWithoutReason', data: { field: 'permissionDecisionReason' }, ...at(audited(''), '"deny"}}', '"deny"') }] }],
});

/** A matcher a method builds, registered as `Policy().matcher()`, with `timeout` after its hooks. */
const timed = (timeout: string) =>
  py(
    ...head,
    'class Policy:',
    '    async def guard(self, input_data, tool_use_id, context):',
    '        return {}',
    '    def matcher(self):',
    `        return HookMatcher(matcher="Bash", hooks=[self.guard]${timeout})`,
    registered['Policy().matcher()'],
  );

runPythonCases(requireHookTimeout, {
  valid: [timed(', timeout=30')],
  invalid: [{ name: 'a method-built matcher without a timeout, through Policy().matcher()', code: timed(''), errors: [{ messageId: 'matcherWithoutTimeout', data: { example: 'timeout=30' }, ...at(timed(''), 'return HookMatcher', 'HookMatcher') }] }],
});
