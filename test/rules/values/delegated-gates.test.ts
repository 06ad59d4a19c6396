import canUseToolMustDecide from '../../../rules/can-use-tool-must-decide.js';
import noDenyAsDedupe from '../../../rules/no-deny-as-dedupe.js';
import noPersistedWholeToolAllow from '../../../rules/no-persisted-whole-tool-allow.js';
import requireDenyReason from '../../../rules/require-deny-reason.js';
import { runRuleTests } from '../../support/rule-tester.js';

// A gate that returns another function's result (`(i, id, o) =>
// this.guard(i, id, o)`, a wrapper's `return hook(...)`) hands that function
// to the SDK too: its checks are the gate's, and each mistake in it is
// reported once (issue 16). The Python twin is
// test/rules/python/delegated-gates.test.ts.
const lines = (...each: string[]) => each.join('\n');
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
/** Where `needle` first appears on the line that holds `lineNeedle` (1-based). */
const at = (code: string, lineNeedle: string, needle = lineNeedle) => {
  const line = code.split('\n').findIndex((text) => text.includes(lineNeedle)) + 1;
  return { line, column: code.split('\n')[line - 1]!.indexOf(needle) + 1 };
};
/** The same code without its type annotations. */
const untyped = (code: string) =>
  code.replaceAll(' as const', '').replace('<string>', '').replace(': { tool_input: unknown }', '').replace('(name: string, input: Record<string, unknown>)', '(name, input)');

/** A method that dedupes on the arguments, registered behind an arrow; a repeat gets `repeat`. */
const deduping = (repeat: string) =>
  lines(
    sdk,
    'const seen = new Set<string>();',
    'class Agent {',
    '  async guard(input: { tool_input: unknown }) {',
    '    const key = JSON.stringify(input.tool_input);',
    `    if (seen.has(key)) return ${repeat};`,
    '    seen.add(key);',
    '    return {};',
    '  }',
    "  run() { return query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [(i, id, o) => this.guard(i)] }] } } }); }",
    '}',
  );
const repeatDenied = "{ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const, permissionDecisionReason: 'seen before' } }";

runRuleTests(noDenyAsDedupe, {
  typescript: {
    valid: [deduping('{}')],
    invalid: [{ name: 'a method behind an arrow denies a repeat', code: deduping(repeatDenied), errors: [{ messageId: 'denyAsDedupe', data: { gate: "'guard'" }, ...at(deduping(repeatDenied), 'seen.has', 'seen.has') }] }],
  },
  javascript: {
    valid: [untyped(deduping('{}'))],
    invalid: [{ name: 'a method behind an arrow denies a repeat, in JavaScript', code: untyped(deduping(repeatDenied)), errors: [{ messageId: 'denyAsDedupe', ...at(untyped(deduping(repeatDenied)), 'seen.has', 'seen.has') }] }],
  },
});

/** An untyped wrapper that logs and returns the guard's result; the guard's deny carries `fields`. */
const audited = (fields: string) =>
  lines(
    sdk,
    'const withAudit = (hook) => async (input, id, options) => {',
    '  console.log(input.tool_name);',
    '  return hook(input, id, options);',
    '};',
    `const guard = async (input) => (String(input.tool_input.command).includes('rm') ? { hookSpecificOutput: { hookEventName: 'PreToolUse', ${fields} } } : {});`,
    "query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [withAudit(guard)] }] } } });",
  );

runRuleTests(requireDenyReason, {
  javascript: {
    valid: [audited("permissionDecision: 'deny', permissionDecisionReason: 'No rm here.'")],
    invalid: [
      {
        name: 'a guard behind an untyped wrapper that returns its result',
        code: audited("permissionDecision: 'deny'"),
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'PreToolUse', certainty: 'is', field: 'permissionDecisionReason' }, ...at(audited("permissionDecision: 'deny'"), 'const guard', "'deny'") }],
      },
    ],
  },
});

/** canUseTool behind an arrow: the method's last path returns `last`. */
const reviewing = (last: string) =>
  lines(
    sdk,
    'class Agent {',
    '  async review(name: string, input: Record<string, unknown>) {',
    "    if (name === 'Read') return { behavior: 'allow' as const, updatedInput: input };",
    `    return ${last};`,
    '  }',
    "  run() { return query({ prompt: 'x', options: { canUseTool: (n, i) => this.review(n, i) } }); }",
    '}',
  );
const denied = "{ behavior: 'deny' as const, message: 'Only Read is allowed.' }";
const suggestedDeny = "{ behavior: 'deny', message: 'This tool call is not allowed here.' }";
const undecided = (code: string, output: string) => ({
  messageId: 'noDecision' as const,
  data: { callback: "'review'", how: 'returns undefined instead of a decision', consequence: 'the tool call waits for an answer that never comes' },
  ...at(code, 'return undefined', 'return'),
  suggestions: [{ messageId: 'denyHere' as const, output }],
});

runRuleTests(canUseToolMustDecide, {
  typescript: {
    valid: [reviewing(denied)],
    invalid: [
      {
        // The arrow's result is only sometimes nothing: the method's own return says which path.
        name: 'a method behind an arrow that answers nothing on one path',
        code: reviewing('undefined'),
        errors: [undecided(reviewing('undefined'), reviewing(`${suggestedDeny} as const`))],
      },
    ],
  },
  javascript: {
    valid: [untyped(reviewing(denied))],
    invalid: [{ name: 'a method behind an arrow that answers nothing on one path, in JavaScript', code: untyped(reviewing('undefined')), errors: [undecided(untyped(reviewing('undefined')), untyped(reviewing(suggestedDeny)))] }],
  },
});

/** canUseTool behind an arrow: the method persists a rule for all of Bash to `destination`. */
const persisting = (destination: string) =>
  lines(
    sdk,
    'class Agent {',
    '  async review(name: string, input: Record<string, unknown>) {',
    `    return { behavior: 'allow' as const, updatedInput: input, updatedPermissions: [{ type: 'addRules' as const, rules: [{ toolName: 'Bash' }], behavior: 'allow' as const, destination: '${destination}' as const }] };`,
    '  }',
    "  run() { return query({ prompt: 'x', options: { canUseTool: (n, i) => this.review(n, i) } }); }",
    '}',
  );

runRuleTests(noPersistedWholeToolAllow, {
  typescript: {
    valid: [persisting('session')],
    invalid: [
      {
        // The arrow and the method return the same object: one finding.
        name: 'a method behind an arrow persists a whole-tool allow, reported once',
        code: persisting('localSettings'),
        errors: [{ messageId: 'wholeToolPersisted', ...at(persisting('localSettings'), 'toolName', "'Bash'"), suggestions: [{ messageId: 'keepForSession', output: persisting('session') }] }],
      },
    ],
  },
});
