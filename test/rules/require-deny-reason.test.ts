import rule from '../../rules/require-deny-reason.js';
import { runRuleTests } from '../support/rule-tester.js';

const imports = "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\ndeclare function isAllowed(input: unknown): boolean;\ndeclare function reasonFor(input: unknown): string;";
const wire = (hook: string, event = 'PreToolUse') => `query({ prompt: 'x', options: { hooks: { ${event}: [{ matcher: 'Bash', hooks: [${hook}], onFailure: 'block' }] } } });`;
/** A PreToolUse hook that returns `output` on line 5 when the call is not allowed. */
const guard = (output: string, event = 'PreToolUse') =>
  `${imports}\nconst guard: HookCallback = async (input) => {\n  if (!isAllowed(input)) return ${output};\n  return {};\n};\n${wire('guard', event)}`;
const specific = (fields: string) => `{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', ${fields} } }`;
/** canUseTool that returns `denied` on line 4. */
const review = (denied: string) =>
  `${imports}\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => {\n  if (!isAllowed(input)) return ${denied};\n  return { behavior: 'allow', updatedInput: input };\n} } });`;

/** A class whose method `guard` blocks on line 6 with `block`, registered through `hook` (see `registrations`). */
const registered = (hook: string, block = "{ decision: 'block' as const }") =>
  `${imports}\nclass Agent {\n  async guard(input: any, _id?: string, _options?: unknown) {\n    if (!isAllowed(input)) return ${block};\n    return {};\n  }\n` +
  `  matcher() {\n    return { matcher: 'Bash', hooks: [this.guard] };\n  }\n  run() {\n    ${hook}\n  }\n}`;
const registrations = [
  wire('this.guard'),
  wire('this.guard.bind(this)'),
  wire('(i, id, o) => this.guard(i, id, o)'),
  "query({ prompt: 'x', options: { hooks: { PreToolUse: [this.matcher()] } } });",
  "const pre: any[] = [];\n    pre.push({ matcher: 'Bash', hooks: [this.guard] });\n    query({ prompt: 'x', options: { hooks: { PreToolUse: pre } } });",
];
/** A factory whose hook blocks on line 6. */
const factory = (block: string) =>
  `${imports}\nfunction makeGuard(word: string): HookCallback {\n  return async (input: any) => {\n    if (String(input.tool_input.command).includes(word)) return ${block};\n    return {};\n  };\n}\n${wire("makeGuard('rm')")}`;

runRuleTests(rule, {
  typescript: {
    valid: [
      // continue: false ends the session: there is no next turn to retry in; stopReason says why.
      guard("{ decision: 'block', stopReason: 'Write scripts under ./scripts only.', continue: false }"),
      guard("{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' }, continue: false, stopReason: 'Stopped by policy.' }"),
      guard(specific("permissionDecisionReason: 'Blocked: the command writes outside the project. Run it inside the repository.'")),
      // A reason computed at run time.
      guard(specific('permissionDecisionReason: reasonFor(input)')),
      // The deprecated decision, with its reason, and a top-level reason next to a specific deny.
      guard("{ decision: 'block', reason: 'Blocked by policy.' }"),
      guard("{ reason: 'Blocked by policy.', hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }"),
      // ask needs no reason; a PostToolUse block is not a permission deny.
      guard("{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } }"),
      guard("{ decision: 'block' }", 'PostToolUse'),
      review("{ behavior: 'deny', message: 'Refunds above 100 EUR need a human. Ask the user to approve it.' }"),
      review("{ behavior: 'deny', message: reasonFor(input) }"),
      ...registrations.map((hook) => registered(hook, "{ decision: 'block' as const, reason: 'Blocked by policy.' }")),
      factory("{ decision: 'block', reason: 'No rm here.', systemMessage: 'Blocked rm.' }"),
      // A reason set on every path.
      `${imports}\nconst guard: HookCallback = async (input: any) => {\n  let reason: string;\n  if (input.tool_name === 'Bash') reason = 'No shell here.';\n  else reason = 'Only Bash is guarded.';\n  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };\n};\n${wire('guard')}`,
    ],
    invalid: [
      ...registrations.map((hook) => ({
        name: `a class method registered as ${hook.split('\n').at(-1)}`,
        code: registered(hook),
        errors: [{ messageId: 'denyWithoutReason' as const, data: { gate: 'PreToolUse', certainty: 'is', field: 'reason' }, line: 6, column: 47 }],
      })),
      {
        name: "a factory's hook whose block carries only a systemMessage (shown to the user, not the model)",
        code: factory("{ decision: 'block', systemMessage: 'Blocked rm.' }"),
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'PreToolUse', certainty: 'is', field: 'reason' }, line: 6, column: 77 }],
      },
      {
        name: 'a PreToolUse deny without a reason',
        code: guard("{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }"),
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'PreToolUse', certainty: 'is', field: 'permissionDecisionReason' }, line: 5, column: 106, endColumn: 112 }],
      },
      {
        name: 'an empty reason',
        code: guard(specific("permissionDecisionReason: '  '")),
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'PreToolUse', certainty: 'is', field: 'permissionDecisionReason' }, line: 5, column: 106 }],
      },
      {
        name: 'a reason that can be missing',
        code: guard(specific("permissionDecisionReason: process.env.VERBOSE ? 'Blocked by policy.' : undefined")),
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'PreToolUse', certainty: 'can be', field: 'permissionDecisionReason' }, line: 5, column: 106 }],
      },
      {
        name: 'a deny built by a helper, reported where it is written',
        code: `${imports}\nconst deny = () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const } });\nconst guard: HookCallback = async (input) => (isAllowed(input) ? {} : deny());\n${wire('guard')}`,
        errors: [{ messageId: 'denyWithoutReason', line: 4, column: 103 }],
      },
      {
        name: "the deprecated decision: 'block' without a reason",
        code: guard("{ decision: 'block' }"),
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'PreToolUse', certainty: 'is', field: 'reason' }, line: 5, column: 45 }],
      },
      {
        name: 'a canUseTool deny with an empty message',
        code: review("{ behavior: 'deny', message: '' }"),
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'canUseTool', certainty: 'is', field: 'message' }, line: 5, column: 45 }],
      },
    ],
  },
  javascript: {
    valid: [
      "import { query } from '@anthropic-ai/claude-agent-sdk';\nclass Agent {\n  async guard(input) { return input.tool_name === 'Bash' ? { decision: 'block', reason: 'No shell.' } : {}; }\n  run() { return query({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [(i, id, o) => this.guard(i, id, o)] }] } } }); }\n}",
      // continue: false ends the session: no retry to prevent.
      "import { query } from '@anthropic-ai/claude-agent-sdk';\nconst guard = async () => ({ decision: 'block', stopReason: 'Stopped by policy.', continue: false });\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guard] }] } } });",
      "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => (name === 'Bash' ? { behavior: 'deny', message: 'Use the run_tests tool.' } : { behavior: 'allow', updatedInput: input }) } });",
    ],
    invalid: [
      {
        name: 'a canUseTool deny without a message, in JavaScript',
        code: "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { canUseTool: async (name, input) => (name === 'Bash' ? { behavior: 'deny' } : { behavior: 'allow', updatedInput: input }) } });",
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'canUseTool', certainty: 'is', field: 'message' }, line: 2, column: 99 }],
      },
      {
        name: 'a class method behind an arrow, in JavaScript',
        code: "import { query } from '@anthropic-ai/claude-agent-sdk';\nclass Agent {\n  async guard(input) { return input.tool_name === 'Bash' ? { decision: 'block' } : {}; }\n  run() { return query({ prompt: 'x', options: { hooks: { PreToolUse: [{ hooks: [(i, id, o) => this.guard(i, id, o)] }] } } }); }\n}",
        errors: [{ messageId: 'denyWithoutReason', data: { gate: 'PreToolUse', certainty: 'is', field: 'reason' }, line: 3, column: 72 }],
      },
    ],
  },
});
