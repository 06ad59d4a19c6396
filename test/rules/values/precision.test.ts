import failOpen from '../../../rules/no-fail-open-hook.js';
import idDedupe from '../../../rules/no-tool-use-id-dedupe.js';
import denyReason from '../../../rules/require-deny-reason.js';
import { runRuleTests } from '../../support/rule-tester.js';

// What must stay silent on real code (issue 16), in TypeScript and
// JavaScript, each near miss next to the case that shows the rule still
// fires on the real problem. The Python forms are in
// test/rules/python/precision.test.ts.

type Language = 'ts' | 'js';
const head = {
  ts: "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\nimport path from 'node:path';\nconst seen = new Set<string>();\nconst guard: HookCallback = async (input: any, toolUseID) => {",
  js: "import { query } from '@anthropic-ai/claude-agent-sdk';\nimport path from 'node:path';\nconst seen = new Set();\nconst guard = async (input, toolUseID) => {",
};
/** Wired for Bash and Write unless told: Write's input has no `command`, Bash's no `content`. */
const wire = (extra = '', matcher = 'Bash|Write') => `query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: '${matcher}', hooks: [guard]${extra} }] } } });`;
/** A PreToolUse hook whose body (from line 5) is `body`, wired on the line after it. */
const hook = (language: Language, body: string[], extra = '', matcher?: string) => [head[language], ...body.map((line) => `  ${line}`), '};', wire(extra, matcher)].join('\n');
/** Where the hook is wired: the line after the body, at `guard`. */
const wiredAt = (body: string[], matcher?: string) => ({ line: body.length + 6, column: wire('', matcher).indexOf('[guard]') + 2 });
const deny = (reason = "permissionDecisionReason: 'Blocked by policy.'") => `{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', ${reason} } }`;
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;

/** Bodies that only call string, array, path and number methods on values the hook has just produced. */
const producedValues = [
  ["const command = String(input.tool_input?.command ?? '');", "const words = command.trim().split(' ').map((word) => word.toLowerCase());", `if (words.includes('rm')) return ${deny()};`, 'return {};'],
  ["const file = path.join(process.cwd(), String(input.tool_input?.file_path ?? ''));", `if (path.basename(file).startsWith('.env')) return ${deny()};`, 'return {};'],
  ['const size = Number(input.tool_input?.size ?? 0);', `if (size.toFixed(0).length > 6) return ${deny()};`, 'return {};'],
  // The field read with a fallback or optional chaining: never undefined where the method is called.
  ["const command = input.tool_input.command ?? '';", `if (command.trim().startsWith('rm')) return ${deny()};`, 'return {};'],
  [`if (input.tool_input?.command?.trim().startsWith('rm')) return ${deny()};`, 'return {};'],
  // A test first: the method is reached only when the field is a string.
  [`if (typeof input.tool_input.command !== 'string') return ${deny()};`, `if (input.tool_input.command.trim().startsWith('rm')) return ${deny()};`, 'return {};'],
];
/** Fields every tool of the matcher has: Bash's `command`, the `file_path` of Write and Edit. */
const fieldsAlwaysThere = (language: Language) => [
  hook(language, ['const command = input.tool_input.command.trim();', `if (command.startsWith('rm')) return ${deny()};`, 'return {};'], '', 'Bash'),
  hook(language, ['const { file_path } = input.tool_input;', `if (file_path.endsWith('.env')) return ${deny()};`, 'return {};'], '', 'Write|Edit'),
];
/** Bodies that can throw outside a try: the hook then lets the call through. */
const throwing: Array<{ name: string; body: string[]; what: string; matcher?: string }> = [
  { name: 'JSON.parse of the input', body: ['const body = JSON.parse(input.tool_input.content);', `if (body.admin) return ${deny()};`, 'return {};'], what: 'JSON.parse(input.tool_input.content)' },
  { name: 'an explicit throw', body: ["if (!input.tool_input) throw new Error('no input');", `return ${deny()};`], what: "throw new Error('no input');" },
  {
    name: 'a method of a field of the tool input that can be missing',
    body: ['const command = input.tool_input.command.trim();', `if (command.startsWith('rm')) return ${deny()};`, 'return {};'],
    what: 'input.tool_input.command.trim()',
  },
  {
    name: 'the same field read into a variable first',
    body: ['const { command } = input.tool_input;', `if (command.includes('rm')) return ${deny()};`, 'return {};'],
    what: "command.includes('rm')",
  },
  { name: 'a function the analysis cannot see into', body: [`if (await lookupPolicy(input.tool_name)) return ${deny()};`, 'return {};'], what: 'await lookupPolicy(input.tool_name)' },
  {
    name: 'a field Bash always has, then JSON.parse: the later throw is still found',
    body: ["if (input.tool_input.command.startsWith('psql')) return JSON.parse(process.env.SQL_POLICY ?? '{}');", `return ${deny()};`],
    what: "JSON.parse(process.env.SQL_POLICY ?? '{}')",
    matcher: 'Bash',
  },
];
const throwsOpen = (language: Language) =>
  throwing.map(({ name, body, what, matcher }) => ({
    name,
    code: hook(language, body, '', matcher),
    errors: [
      {
        messageId: 'throwsOpen' as const,
        data: { hook: "'guard'", what },
        ...wiredAt(body, matcher),
        suggestions: [{ messageId: 'blockOnFailure' as const, output: hook(language, body, '', matcher).replace('[{ matcher', "[{ onFailure: 'block', matcher") }],
      },
    ],
  }));

/** A catch around cleanup or a read (line 6), after which the hook still decides. */
const emptyCatch = (after: string) => ['let policy = {};', 'try { policy = JSON.parse(process.env.POLICY ?? "{}"); } catch {}', after];
/** After the catch, a path that lets the call through: a failed read turns the policy off. */
const fallsToAllow = `if (policy.strict) return ${deny()}; return {};`;
const catchAt = (language: Language, after: string) => ({ line: 6, column: columnOf(hook(language, emptyCatch(after)), 6, 'catch {}') });

runRuleTests(failOpen, {
  typescript: {
    valid: [
      ...producedValues.map((body) => hook('ts', body)),
      ...fieldsAlwaysThere('ts'),
      hook('ts', emptyCatch(`return ${deny()};`)),
      // The same bodies behind onFailure: 'block' fail closed.
      ...throwing.map(({ body }) => hook('ts', body, ", onFailure: 'block'")),
    ],
    invalid: [
      ...throwsOpen('ts'),
      {
        name: 'a catch that falls through to an allow',
        code: hook('ts', emptyCatch(fallsToAllow)),
        errors: [{ messageId: 'catchAllows', data: { gate: "'guard'", result: 'returns no decision' }, ...catchAt('ts', fallsToAllow) }],
      },
    ],
  },
  javascript: {
    valid: [
      ...producedValues.map((body) => hook('js', body)),
      ...fieldsAlwaysThere('js'),
      hook('js', emptyCatch(`return ${deny()};`)),
      ...throwing.map(({ body }) => hook('js', body, ", onFailure: 'block'")),
    ],
    invalid: [
      ...throwsOpen('js'),
      {
        name: 'a catch that falls through to an allow, in JavaScript',
        code: hook('js', emptyCatch(fallsToAllow)),
        errors: [{ messageId: 'catchAllows', data: { gate: "'guard'", result: 'returns no decision' }, ...catchAt('js', fallsToAllow) }],
      },
    ],
  },
});

/** Tests of the tool name or the id against literals: no record of earlier calls. */
const literalTests = [
  [`if (['Write', 'Edit'].includes(input.tool_name)) return ${deny()};`, 'return {};'],
  [`if (new Set(['Write', 'Edit']).has(input.tool_name)) return ${deny()};`, 'return {};'],
  ["const reserved = ['toolu_test', 'toolu_dry_run'];", `if (reserved.includes(toolUseID)) return ${deny()};`, 'return {};'],
  [`if (toolUseID in { toolu_test: 1 }) return ${deny()};`, 'return {};'],
];
const seenBody = [`if (seen.has(toolUseID)) return ${deny()};`, 'seen.add(toolUseID);', 'return {};'];
const seenCase = (language: Language) => ({
  name: `a seen-set of earlier ids next to them (${language})`,
  code: hook(language, seenBody),
  errors: [{ messageId: 'dedupeByToolUseId' as const, data: { operation: 'membership test' }, line: 5, column: 7 }],
});

runRuleTests(idDedupe, {
  typescript: { valid: literalTests.map((body) => hook('ts', body)), invalid: [seenCase('ts')] },
  javascript: { valid: literalTests.map((body) => hook('js', body)), invalid: [seenCase('js')] },
});

/** A reason set on every path, and one path (the `if` without an `else`) that leaves it unset. */
const reasonOnEveryPath = ['let reason;', "if (input.tool_name === 'Bash') reason = 'No shell here.';", "else reason = 'Only Bash is guarded.';", `return ${deny('permissionDecisionReason: reason')};`];
const reasonOnOnePath = ['let reason;', "if (input.tool_name === 'Bash') reason = 'No shell here.';", `return ${deny('permissionDecisionReason: reason')};`];
const onePathCase = (language: Language) => {
  const code = hook(language, reasonOnOnePath, ", onFailure: 'block'");
  return {
    name: `a reason left unset on one path (${language})`,
    code,
    errors: [{ messageId: 'denyWithoutReason' as const, data: { gate: 'PreToolUse', certainty: 'can be', field: 'permissionDecisionReason' }, line: 7, column: columnOf(code, 7, "'deny'") }],
  };
};

runRuleTests(denyReason, {
  typescript: { valid: [hook('ts', reasonOnEveryPath)], invalid: [onePathCase('ts')] },
  javascript: { valid: [hook('js', reasonOnEveryPath)], invalid: [onePathCase('js')] },
});
