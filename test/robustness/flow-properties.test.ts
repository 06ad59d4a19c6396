import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { prepareFor } from '../../src/engine/analyse.js';
import { isPythonPath } from '../../src/frontends/python/index.js';
import { locatedReports } from '../support/suggestions.js';

// The random-value and tool-use-id flows are one analysis in the core, so a
// hook written alike in TypeScript and Python has the same findings of the
// rules that read them. Each statement is one line in both languages, so the
// findings' lines match too.

type Step =
  /** `key = <a per-attempt value>`, spelt in one of the ways a value is built from one. */
  | { kind: 'random'; built: 'plain' | 'property' | 'template' | 'helper' | 'concatenated' | 'wrapped' }
  /** `key = stored`: the name no longer holds the random value. */
  | { kind: 'stored' }
  /** `id = <the tool use id>`: the hook argument, the input's field, its subscript. */
  | { kind: 'id'; from: 'argument' | 'field' | 'subscript' }
  /** `send({ <name>: key })`, `send(<name>=key)`. */
  | { kind: 'sink'; name: 'idempotencyKey' | 'requestId' | 'dedupeKey'; value: 'key' | 'id' }
  /** `a.dedupeKey = b.idempotencyKey = <random>`: which key is reported first. */
  | { kind: 'chained' }
  /** `fresh = seen.has(id)`, `fresh = id in seen`: a lookup result held by an assignment. */
  | { kind: 'lookup held' }
  /** `if (fresh) return {}`, with the name left of `&&` / `and`. */
  | { kind: 'held gates'; and: boolean }
  /** `if (seen.has(id)) return {}`. */
  | { kind: 'lookup gates' }
  /** A negated seen-set test followed by an `else if` / `elif` that denies, then a deny. */
  | { kind: 'seen else-if' }
  /** A seen-set test that denies. */
  | { kind: 'seen denies' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('random' as const), built: fc.constantFrom('plain' as const, 'property' as const, 'template' as const, 'helper' as const, 'concatenated' as const, 'wrapped' as const) }),
  fc.constant({ kind: 'stored' as const }),
  fc.record({ kind: fc.constant('id' as const), from: fc.constantFrom('argument' as const, 'field' as const, 'subscript' as const) }),
  fc.record({ kind: fc.constant('sink' as const), name: fc.constantFrom('idempotencyKey' as const, 'requestId' as const, 'dedupeKey' as const), value: fc.constantFrom('key' as const, 'id' as const) }),
  fc.constant({ kind: 'chained' as const }),
  fc.constant({ kind: 'lookup held' as const }),
  fc.record({ kind: fc.constant('held gates' as const), and: fc.boolean() }),
  fc.constant({ kind: 'lookup gates' as const }),
  fc.constant({ kind: 'seen else-if' as const }),
  fc.constant({ kind: 'seen denies' as const }),
);

/** The constructs the two front ends once read differently, each the fix of a user-visible bug. */
const parityCases: Step[][] = [
  // A name assigned something else no longer holds the random value (TypeScript reported it).
  [{ kind: 'random', built: 'plain' }, { kind: 'stored' }, { kind: 'sink', name: 'idempotencyKey', value: 'key' }],
  // A property of a random value is one too (TypeScript missed it).
  [{ kind: 'random', built: 'property' }, { kind: 'sink', name: 'idempotencyKey', value: 'key' }],
  // `input['tool_use_id']` is the tool use id (TypeScript missed it).
  [{ kind: 'id', from: 'subscript' }, { kind: 'lookup gates' }],
  // A helper that returns a string built from a random value (TypeScript only followed `return randomUUID()`).
  [{ kind: 'random', built: 'helper' }, { kind: 'sink', name: 'idempotencyKey', value: 'key' }],
  // A lookup result kept by an assignment, not a declaration (TypeScript missed it).
  [{ kind: 'id', from: 'argument' }, { kind: 'lookup held' }, { kind: 'held gates', and: false }],
  // The held result left of `and` (Python missed it).
  [{ kind: 'id', from: 'argument' }, { kind: 'lookup held' }, { kind: 'held gates', and: true }],
  // `a.x = b.y = value`: the value goes through the inner assignment first (TypeScript missed the outer one).
  [{ kind: 'chained' }],
  // A deny after an `else if` is under that branch's condition (TypeScript reported it).
  [{ kind: 'seen else-if' }],
  // One case of each finding, so the check below that every kind is reached does not depend on the random draws.
  [{ kind: 'id', from: 'argument' }, { kind: 'sink', name: 'idempotencyKey', value: 'id' }],
  [{ kind: 'random', built: 'template' }, { kind: 'sink', name: 'dedupeKey', value: 'key' }],
  [{ kind: 'seen denies' }, { kind: 'seen else-if' }],
];

const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const tsDeny = "{ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'deny' as const, permissionDecisionReason: 'seen' } }";
const pyDeny = '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "seen"}}';

function typescript(one: Step): string[] {
  switch (one.kind) {
    case 'random':
      return [
        {
          plain: 'key = randomUUID();',
          property: 'key = (randomUUID() as any).hex;',
          template: 'key = `refund-${randomUUID()}`;',
          helper: 'key = newKey();',
          concatenated: "key = 'refund-' + randomUUID();",
          wrapped: 'key = String(randomUUID());',
        }[one.built],
      ];
    case 'stored':
      return ['key = stored;'];
    case 'id':
      return [{ argument: 'id = toolUseID!;', field: 'id = input.tool_use_id;', subscript: "id = input['tool_use_id'];" }[one.from]];
    case 'sink':
      return [`send({ ${one.name}: ${one.value} });`];
    case 'chained':
      return ['a.dedupeKey = b.idempotencyKey = randomUUID();'];
    case 'lookup held':
      return ['fresh = seen.has(id);'];
    case 'held gates':
      return [one.and ? 'if (fresh && ready) return {};' : 'if (fresh) return {};'];
    case 'lookup gates':
      return ['if (seen.has(id)) return {};'];
    case 'seen else-if':
      return ['if (!seen.has(name)) {', '  seen.add(name);', '  return {};', '} else if (ready) {', `  return ${tsDeny};`, '}', `return ${tsDeny};`];
    case 'seen denies':
      return [`if (seen.has(name)) return ${tsDeny};`];
  }
}

function python(one: Step): string[] {
  switch (one.kind) {
    case 'random':
      return [
        {
          plain: 'key = uuid.uuid4()',
          property: 'key = uuid.uuid4().hex',
          template: 'key = f"refund-{uuid.uuid4()}"',
          helper: 'key = new_key()',
          concatenated: 'key = "refund-" + str(uuid.uuid4())',
          wrapped: 'key = str(uuid.uuid4())',
        }[one.built],
      ];
    case 'stored':
      return ['key = stored'];
    case 'id':
      return [{ argument: 'id = tool_use_id', field: 'id = input_data.tool_use_id', subscript: 'id = input_data["tool_use_id"]' }[one.from]];
    case 'sink':
      return [`send(${snake(one.name)}=${one.value})`];
    case 'chained':
      return ['a.dedupe_key = b.idempotency_key = uuid.uuid4()'];
    case 'lookup held':
      return ['fresh = id in seen'];
    case 'held gates':
      return [one.and ? 'if fresh and ready: return {}' : 'if fresh: return {}'];
    case 'lookup gates':
      return ['if id in seen: return {}'];
    case 'seen else-if':
      return ['if name not in seen:', '    seen.add(name)', '    return {}', 'elif ready:', `    return ${pyDeny}`, '# the chain ends', `return ${pyDeny}`];
    case 'seen denies':
      return [`if name in seen: return ${pyDeny}`];
  }
}

const sources = (steps: Step[]): { ts: string; py: string } => ({
  ts: [
    "import { randomUUID } from 'node:crypto';",
    "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';",
    'declare const stored: string, ready: boolean, a: any, b: any;',
    'declare function send(request: object): void;',
    'const seen = new Set<string>();',
    'function newKey() { return `k-${randomUUID()}`; }',
    'const hook: HookCallback = async (input: any, toolUseID) => {',
    "  let key = ''; let id = ''; let fresh = false; const name = input.tool_name;",
    ...steps.flatMap(typescript).map((line) => `  ${line}`),
    '  return {};',
    '};',
    "query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } } });",
  ].join('\n'),
  py: [
    'import uuid',
    'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query',
    'stored, ready, a, b = "s", True, None, None',
    'from payments import send',
    'seen = set()',
    'def new_key(): return f"k-{uuid.uuid4()}"',
    'async def hook(input_data, tool_use_id, context):',
    '    key = ""; id = ""; fresh = False; name = input_data["tool_name"]',
    ...steps.flatMap(python).map((line) => `    ${line}`),
    '    return {}',
    '',
    'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[hook])]})',
  ].join('\n'),
});

const flowRules = allRules.filter((rule) => ['no-random-idempotency-key', 'no-tool-use-id-dedupe', 'no-deny-as-dedupe'].includes(rule.id));

/** The findings of the flow rules: rule, message, line, and the key named (without case or separators). */
function findings(text: string, path: string): string[] {
  const settings = flowRules.map((rule) => ({ rule, severity: 'error' as const, options: undefined }));
  return locatedReports(text, path, settings).map(({ ruleId, messageId, line, data }) => {
    const key = typeof data?.key === 'string' ? ` ${data.key.toLowerCase().replace(/[-_]/g, '')}` : '';
    return `${line} ${ruleId}/${messageId}${key}`;
  });
}

beforeAll(async () => prepareFor('any.py'));

describe('the random-value and tool-use-id flows', () => {
  it.skipIf(!isPythonPath('x.py'))('give a hook written alike in TypeScript and Python the same findings', () => {
    const reached = new Set<string>();
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
        const { ts, py } = sources(steps);
        const found = findings(ts, 'agent.ts');
        for (const finding of found) reached.add(finding.split(' ')[1]!);
        expect(findings(py, 'agent.py'), `${ts}\n\n${py}`).toEqual(found);
      }),
      { numRuns: 300, examples: parityCases.map((steps) => [steps]) },
    );
    expect([...reached].sort()).toEqual([
      'no-deny-as-dedupe/denyAsDedupe',
      'no-random-idempotency-key/randomKey',
      'no-tool-use-id-dedupe/dedupeByToolUseId',
      'no-tool-use-id-dedupe/toolUseIdAsKey',
    ]);
  });
});
