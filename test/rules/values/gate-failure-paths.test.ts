import noFailOpenHook from '../../../rules/no-fail-open-hook.js';
import noToolUseIdDedupe from '../../../rules/no-tool-use-id-dedupe.js';
import { runRuleTests } from '../../support/rule-tester.js';

// A gate's failure paths and tool use id lookups in the forms real code
// writes them (issue 16): `.catch(...)` on the promise a gate returns, and
// lookups through `Object.hasOwn`, `in` and a key-value store with the id in
// the key, next to the near misses that must stay silent. The Python cases
// are in test/rules/python/no-tool-use-id-dedupe.test.ts and
// test/rules/python/no-fail-open-hook.test.ts (`contextlib.suppress`).
const lines = (...each: string[]) => each.join('\n');
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const wire = (...hooks: string[]) => `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [${hooks.join(', ')}], onFailure: 'block' }] } } });`;
/** A guard that returns its check's promise with `.catch(() => (failure))` (line 3). */
const caught = (failure: string) => lines(sdk, 'const guard = async (input) => {', `  return globalThis.policy.check(input).catch(() => (${failure}));`, '};', wire('guard'));
const reason = "'The permission check failed, so this call is denied.'";
const deny = (text: string) => `{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: ${text} } }`;
const typed = (code: string) => code.replace('const guard = async (input) =>', 'const guard: HookCallback = async (input) =>').replace(sdk, "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';");

runRuleTests(noFailOpenHook, {
  // A `.catch` that blocks or denies is closed (the TypeScript tp is in test/rules/no-fail-open-hook.test.ts).
  typescript: { valid: [typed(caught("{ decision: 'block' as const, reason: 'The policy service is down.' }")), typed(caught(`${deny("'down'")} as const`))], invalid: [] },
  javascript: {
    valid: [caught("{ decision: 'block', reason: 'The policy service is down.' }"), caught(deny("'down'"))],
    invalid: [
      {
        name: "a .catch(() => ({})) on the gate's promise, in JavaScript",
        code: caught('{}'),
        errors: [{ messageId: 'catchAllows', line: 3, column: 41, data: { gate: "'guard'", result: 'returns no decision' }, suggestions: [{ messageId: 'denyOnFailure', output: caught(deny(reason)) }] }],
      },
    ],
  },
});

/** A hook `(input, toolUseId)` with this body, from line 3; `redis` is a key-value client. */
const hook = (...body: string[]) => lines(sdk, 'const seen = {};', 'const guard = async (input, toolUseId) => {', ...body.map((line) => `  ${line}`), '};', wire('guard'));
const key = 'const key = JSON.stringify([input.tool_name, input.tool_input]);';
const nearMisses = [
  // A record keyed by the arguments, not the id.
  hook(key, 'if (Object.hasOwn(seen, key)) return {};', 'seen[key] = true;', 'return {};'),
  // A lookup by the id that only picks what to log.
  hook("if (Object.hasOwn(seen, toolUseId)) console.log('seen again', toolUseId);", 'seen[toolUseId] = true;', 'return {};'),
  // Correlation: a start time stored under the id, a note read back that only "nothing stored" skips.
  hook('await redis.set(`start:${toolUseId}`, Date.now());', 'const note = await redis.get(`note:${toolUseId}`);', 'if (note === null) return {};', 'return { systemMessage: note };'),
  // SET NX on a key derived from the arguments: a retry finds it.
  hook(key, "if (!(await redis.set(`run:${key}`, 1, 'NX'))) return {};", 'return {};'),
];
const declared = (code: string) => code.replace(sdk, `${sdk}\ndeclare const redis: { set(...args: unknown[]): Promise<string | null>; get(key: string): Promise<string | null> };`).replace('const seen = {};', 'const seen: Record<string, true> = {};').replace('(input, toolUseId)', '(input: any, toolUseId: string)');

runRuleTests(noToolUseIdDedupe, {
  typescript: { valid: nearMisses.map(declared), invalid: [] },
  javascript: {
    valid: nearMisses,
    invalid: [
      {
        name: 'Object.hasOwn on a record of ids, in JavaScript',
        code: hook('if (Object.hasOwn(seen, toolUseId)) return {};', 'seen[toolUseId] = true;', 'return {};'),
        errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'membership test' }, line: 4, column: 7 }],
      },
      {
        name: 'a GET with the id in the key whose value gates, in JavaScript',
        code: hook('if (await redis.get(`done:${toolUseId}`)) return {};', 'return {};'),
        errors: [{ messageId: 'dedupeByToolUseId', data: { operation: 'lookup' }, line: 4, column: 13 }],
      },
    ],
  },
});
