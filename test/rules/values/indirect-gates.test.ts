import rule from '../../../rules/no-fail-open-hook.js';
import { runRuleTests } from '../../support/rule-tester.js';

// Hooks registered the way real agent code registers them (issue 16): a
// method bound or wrapped in an arrow, a factory's function, a `matcher()`
// method, a list built with `push`, a typed `HookCallbackMatcher` no
// configuration is seen to register, a higher-order wrapper in JavaScript.
// Each guard's catch clause returns `failure`; a deny there is the near miss.
// The Python twin is test/rules/python/indirect-gates.test.ts.
const lines = (...each: string[]) => each.join('\n');
const sdk = "import { query, type HookCallback, type HookCallbackMatcher } from '@anthropic-ai/claude-agent-sdk';";
const js = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const policy = 'declare function checkPolicy(input: unknown): Promise<boolean>;';
const deny = "{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'policy' } }";
/** The deny a suggestion writes; TypeScript adds `as const` where the function has no SDK type. */
const reason = "'The permission check failed, so this call is denied.'";
const suggested = `{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: ${reason} } }`;
/** A try/catch body, indented by `pad`, whose catch returns `failure`. */
const checked = (pad: string, failure: string) => [
  `${pad}try {`,
  `${pad}  return (await checkPolicy(input)) ? {} : ${deny};`,
  `${pad}} catch {`,
  `${pad}  return ${failure};`,
  `${pad}}`,
];
const wire = (hook: string) => `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [${hook}] }] } } });`;

/** Each form, given the import line, the declarations a language needs and the catch's result. */
const forms = {
  'a method bound with bind(this)': (head: string[], failure: string) =>
    lines(...head, 'class Agent {', '  async guard(input: unknown) {', ...checked('    ', failure), '  }', `  run() { return ${wire('this.guard.bind(this)')} }`, '}'),
  'a method wrapped in an arrow that returns its result': (head: string[], failure: string) =>
    lines(...head, 'class Agent {', '  async guard(input: unknown) {', ...checked('    ', failure), '  }', `  run() { return ${wire('(i, id, o) => this.guard(i)')} }`, '}'),
  "a factory's function": (head: string[], failure: string) =>
    lines(...head, 'function makeGuard() {', '  return async (input: unknown) => {', ...checked('    ', failure), '  };', '}', wire('makeGuard()')),
  'a matcher() method returning { matcher, hooks }': (head: string[], failure: string) =>
    lines(
      ...head,
      'class Policy {',
      '  async guard(input: unknown) {',
      ...checked('    ', failure),
      '  }',
      "  matcher() { return { matcher: 'Bash', hooks: [this.guard.bind(this)] }; }",
      '}',
      "query({ prompt: 'x', options: { hooks: { PreToolUse: [new Policy().matcher()] } } });",
    ),
  'a matcher pushed onto the list that becomes PreToolUse': (head: string[], failure: string) =>
    lines(...head, 'const guard = async (input: unknown) => {', ...checked('  ', failure), '};', 'const matchers = [];', "matchers.push({ matcher: 'Bash', hooks: [guard] });", "query({ prompt: 'x', options: { hooks: { PreToolUse: matchers } } });"),
};
const typescript = (form: keyof typeof forms, failure: string) => forms[form]([sdk, policy], failure).replace('const matchers = [];', 'const matchers: HookCallbackMatcher[] = [];');
const javascript = (form: keyof typeof forms, failure: string) => forms[form]([js], failure).replaceAll(': unknown', '');

/** A typed matcher a factory returns and nothing in the file registers: the type says its function is a hook. */
const unregistered = (failure: string, type = ': HookCallbackMatcher') =>
  lines(sdk, policy, `export function bashMatcher()${type} {`, '  return {', "    matcher: 'Bash',", '    hooks: [', '      async (input) => {', ...checked('        ', failure), '      },', '    ],', '  };', '}');
/** A JavaScript wrapper whose catch (line 5) returns `failure` around a guard that can deny. */
const audited = (failure: string) =>
  lines(
    js,
    'const withAudit = (hook) => async (input, id, options) => {',
    '  try {',
    '    return await hook(input, id, options);',
    '  } catch {',
    `    return ${failure};`,
    '  }',
    '};',
    `const guard = async (input) => ((await checkPolicy(input)) ? {} : ${deny});`,
    wire('withAudit(guard)'),
  );

/** The same wrapper in TypeScript, typed as a function from hook to hook. */
const typedAudited = (failure: string) =>
  audited(failure)
    .replace(js, `${sdk}\n${policy}`)
    .replace('const withAudit = (hook) => async', 'const withAudit = (hook: HookCallback): HookCallback => async')
    .replace('const guard = async (input) =>', 'const guard: HookCallback = async (input) =>');

/** The catch clause's report: the first `catch` in the file, with the deny the suggestion writes. */
const caught = (code: string, gate: string, output: string) => {
  const line = code.split('\n').findIndex((text) => text.includes('catch')) + 1;
  const column = code.split('\n')[line - 1]!.indexOf('catch') + 1;
  return { messageId: 'catchAllows' as const, line, column, data: { gate, result: 'returns no decision' }, suggestions: [{ messageId: 'denyOnFailure' as const, output }] };
};
const gateNames: Record<keyof typeof forms, string> = {
  'a method bound with bind(this)': "'guard'",
  'a method wrapped in an arrow that returns its result': "'guard'",
  "a factory's function": 'the hook',
  'a matcher() method returning { matcher, hooks }': "'guard'",
  'a matcher pushed onto the list that becomes PreToolUse': "'guard'",
};
const names = Object.keys(forms) as Array<keyof typeof forms>;

runRuleTests(rule, {
  typescript: {
    valid: [
      ...names.map((form) => typescript(form, deny)),
      unregistered(deny),
      // An untyped factory's object is not known to be a hook matcher.
      unregistered('{}', ''),
      typedAudited(deny),
    ],
    invalid: [
      ...names.map((form) => ({
        name: `${form}: the catch returns {}`,
        code: typescript(form, '{}'),
        errors: [caught(typescript(form, '{}'), gateNames[form], typescript(form, `${suggested} as const`))],
      })),
      {
        name: 'a typed HookCallbackMatcher a factory returns, registered nowhere in the project',
        code: unregistered('{}'),
        errors: [caught(unregistered('{}'), 'the hook', unregistered(`${suggested} as const`))],
      },
      {
        name: "a higher-order wrapper's catch is the wrapped guard's, typed HookCallback",
        code: typedAudited('{}'),
        errors: [caught(typedAudited('{}'), 'the hook', typedAudited(`${suggested} as const`))],
      },
    ],
  },
  javascript: {
    valid: [...names.map((form) => javascript(form, deny)), audited(deny)],
    invalid: [
      ...names.map((form) => ({
        name: `${form}, in JavaScript: the catch returns {}`,
        code: javascript(form, '{}'),
        errors: [caught(javascript(form, '{}'), gateNames[form], javascript(form, suggested))],
      })),
      {
        name: "a higher-order wrapper's catch is the wrapped guard's, in JavaScript",
        code: audited('{}'),
        errors: [caught(audited('{}'), 'the hook', audited(suggested))],
      },
    ],
  },
});
