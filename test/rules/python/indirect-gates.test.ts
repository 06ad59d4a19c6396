import rule from '../../../rules/no-fail-open-hook.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Hooks registered the way real agent code registers them (issue 16): a
// method as `self.guard` or behind a lambda, a factory's function, a
// `matcher()` method of an instance, `guard = with_audit(guard)`,
// `functools.partial`, a list built with `append`, and a `HookMatcher` no
// configuration is seen to register. Each guard's `except` returns `failure`;
// a deny there is the near miss. The TypeScript twin is
// test/rules/values/indirect-gates.test.ts.
const head = ['import functools', 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher'];
const deny = '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "policy"}}';
const reason = '"The permission check failed, so this call is denied."';
const suggested = `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": ${reason}}}`;
/** A guard's try/except, indented by `pad`, whose `except` returns `failure`. */
const checked = (pad: string, failure: string) => [
  `${pad}try:`,
  `${pad}    return {} if await check_policy(input_data) else ${deny}`,
  `${pad}except Exception:`,
  `${pad}    return ${failure}`,
];
const matcher = (hook: string) => `HookMatcher(matcher="Bash", hooks=[${hook}])`;
const options = (hook: string) => `ClaudeAgentOptions(hooks={"PreToolUse": [${matcher(hook)}]})`;

/** Each form, with its guard's name as the report gives it. */
const forms: Record<string, { gate: string; code: (failure: string) => string }> = {
  'a method registered as self.guard': {
    gate: "'guard'",
    code: (failure) => py(...head, 'class Agent:', '    async def guard(self, input_data, tool_use_id, context):', ...checked('        ', failure), '    def options(self):', `        return ${options('self.guard')}`),
  },
  'a method behind a lambda that returns its result': {
    gate: "'guard'",
    code: (failure) =>
      py(...head, 'class Agent:', '    async def guard(self, input_data, tool_use_id, context):', ...checked('        ', failure), '    def options(self):', `        return ${options('lambda data, call_id, context: self.guard(data, call_id, context)')}`),
  },
  "a factory's function": {
    gate: "'guard'",
    code: (failure) => py(...head, 'def make_guard():', '    async def guard(input_data, tool_use_id, context):', ...checked('        ', failure), '    return guard', `options = ${options('make_guard()')}`),
  },
  "a matcher() method of an instance": {
    gate: "'guard'",
    code: (failure) =>
      py(
        ...head,
        'class Policy:',
        '    async def guard(self, input_data, tool_use_id, context):',
        ...checked('        ', failure),
        '    def matcher(self):',
        `        return ${matcher('self.guard')}`,
        'policy = Policy()',
        'options = ClaudeAgentOptions(hooks={"PreToolUse": [policy.matcher()]})',
      ),
  },
  'functools.partial of the guard': {
    gate: "'guard'",
    code: (failure) => py(...head, 'async def guard(config, input_data, tool_use_id, context):', ...checked('    ', failure), `options = ${options('functools.partial(guard, {"strict": True})')}`),
  },
  'a matcher appended to the list that becomes PreToolUse': {
    gate: "'guard'",
    code: (failure) =>
      py(...head, 'async def guard(input_data, tool_use_id, context):', ...checked('    ', failure), 'matchers = []', `matchers.append(${matcher('guard')})`, 'options = ClaudeAgentOptions(hooks={"PreToolUse": matchers})'),
  },
  'a HookMatcher a factory returns, registered nowhere in the project': {
    gate: "'guard'",
    code: (failure) => py(...head, 'def bash_matcher():', '    async def guard(input_data, tool_use_id, context):', ...checked('        ', failure), `    return ${matcher('guard')}`),
  },
  "guard = with_audit(guard): the wrapper's except is the guard's": {
    gate: "'wrapper'",
    code: (failure) =>
      py(
        ...head,
        'def with_audit(fn):',
        '    async def wrapper(input_data, tool_use_id, context):',
        '        try:',
        '            return await fn(input_data, tool_use_id, context)',
        '        except Exception:',
        `            return ${failure}`,
        '    return wrapper',
        'async def guard(input_data, tool_use_id, context):',
        `    return {} if await check_policy(input_data) else ${deny}`,
        'guard = with_audit(guard)',
        `options = ${options('guard')}`,
      ),
  },
};

/** The `except` clause's report, with the deny its suggestion writes. */
const caught = (code: string, gate: string, output: string) => {
  const lines = code.split('\n');
  const line = lines.findIndex((text) => text.includes('except')) + 1;
  return { messageId: 'catchAllows' as const, line, column: lines[line - 1]!.indexOf('except') + 1, data: { gate, result: 'returns no decision' }, suggestions: [{ messageId: 'denyOnFailure' as const, output }] };
};

runPythonCases(rule, {
  valid: [
    ...Object.values(forms).map(({ code }) => code(deny)),
    // A HookMatcher's hook that decides nothing: its except turns no check off.
    py(...head, 'def audit_matcher():', '    async def audit(input_data, tool_use_id, context):', '        try:', '            record(input_data)', '        except Exception:', '            return {}', '        return {}', `    return ${matcher('audit')}`),
  ],
  invalid: Object.entries(forms).map(([name, { gate, code }]) => ({
    name: `${name}: the except returns {}`,
    code: code('{}'),
    errors: [caught(code('{}'), gate, code(suggested))],
  })),
});
