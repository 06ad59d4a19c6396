import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { analyseText, prepareFor } from '../../src/engine/analyse.js';
import { checkModel } from '../../src/engine/check.js';
import { isPythonPath } from '../../src/frontends/python/index.js';
import { modes, spelling, tools } from './support.js';

// Properties over random agent configurations: the findings depend on what
// the configuration says, not on how it is written (spacing, quotes,
// trailing commas), not on unrelated code around it, and not on whether it
// is written in TypeScript or Python.


type Review = 'none' | 'allow' | 'deny' | 'fails open' | 'fails closed';

type Quote = (text: string) => string;

/**
 * One way real code brings a value to the options: code before the call, the value's
 * expression there, and what the call sits in (a function, a class). Each construct is written
 * in both languages, so the parity test below holds them to the same findings.
 */
interface Written {
  before?: string;
  value: string;
  around?: (call: string) => string;
}
type Writer = (value: string, q: Quote) => Written;
interface Construct {
  typescript: Writer;
  python: Writer;
}

/** A table of constructs, typed so that each writer takes the value and the quoting function. */
const constructs = <Name extends string>(table: Record<Name, Construct>): Record<Name, Construct> => table;

const tsClass = (members: string) => (call: string) => `class _Agent {\n${members}  run() {\n    ${call}  }\n}\n\nnew _Agent().run();\n`;
const pyClass = (members: string) => (call: string) => `class _Agent:\n${members}    def run(self):\n        ${call}\n\n_Agent().run()\n`;

/** How the mode (a quoted literal) reaches the options. */
const modeRoutes = constructs({
  inline: { typescript: (mode) => ({ value: mode }), python: (mode) => ({ value: mode }) },
  argument: {
    typescript: (mode) => ({ value: 'mode', around: (call) => `function _run(mode) {\n  ${call}}\n\n_run(${mode});\n` }),
    python: (mode) => ({ value: 'mode', around: (call) => `def _run(mode):\n    ${call}\n\n_run(${mode})\n` }),
  },
  default: {
    typescript: (mode) => ({ value: 'mode', around: (call) => `function _run(mode = ${mode}) {\n  ${call}}\n\n_run();\n` }),
    python: (mode) => ({ value: 'mode', around: (call) => `def _run(mode=${mode}):\n    ${call}\n\n_run()\n` }),
  },
  environment: {
    typescript: (mode) => ({ value: `process.env.MODE ?? ${mode}` }),
    python: (mode, q) => ({ value: `os.environ.get(${q('MODE')}, ${mode})` }),
  },
  'environment or': {
    typescript: (mode) => ({ value: `process.env.MODE || ${mode}` }),
    python: (mode, q) => ({ value: `os.getenv(${q('MODE')}, ${mode})` }),
  },
  request: {
    typescript: (mode) => ({ value: `request.permissionMode ?? ${mode}` }),
    python: (mode) => ({ value: `request.permission_mode or ${mode}` }),
  },
  constant: {
    typescript: (mode, q) => ({
      before: `const Mode = { Auto: ${q('auto')}, Safe: ${q('safe')} } as const;\nconst DEFAULTS = { [Mode.Auto]: ${mode}, [Mode.Safe]: ${q('default')} };\n\n`,
      value: 'DEFAULTS[Mode.Auto]',
    }),
    python: (mode, q) => ({
      before: `class Mode:\n    AUTO = ${q('auto')}\n    SAFE = ${q('safe')}\n\n\nDEFAULTS = {Mode.AUTO: ${mode}, Mode.SAFE: ${q('default')}}\n\n\n`,
      value: 'DEFAULTS[Mode.AUTO]',
    }),
  },
  field: {
    typescript: (mode) => ({ value: 'this.mode', around: tsClass(`  private mode = ${mode};\n\n`) }),
    python: (mode) => ({ value: 'self.mode', around: pyClass(`    mode = ${mode}\n\n`) }),
  },
  'constructor field': {
    typescript: (mode) => ({ value: 'this.mode', around: tsClass(`  private mode: string;\n\n  constructor() {\n    this.mode = ${mode};\n  }\n\n`) }),
    python: (mode) => ({ value: 'self.mode', around: pyClass(`    def __init__(self):\n        self.mode = ${mode}\n\n`) }),
  },
  method: {
    typescript: (mode) => ({ value: 'this.mode()', around: tsClass(`  private mode() {\n    return ${mode};\n  }\n\n`) }),
    python: (mode) => ({ value: 'self.mode()', around: pyClass(`    def mode(self):\n        return ${mode}\n\n`) }),
  },
  // Switched by a handler after the constructor set a safe mode: it can be the handler's.
  switched: {
    typescript: (mode, q) => ({
      value: 'this.mode',
      around: tsClass(`  private mode: string;\n\n  constructor() {\n    this.mode = ${q('default')};\n  }\n\n  reset() {\n    this.mode = ${mode};\n  }\n\n`),
    }),
    python: (mode, q) => ({ value: 'self.mode', around: pyClass(`    def __init__(self):\n        self.mode = ${q('default')}\n\n    def reset(self):\n        self.mode = ${mode}\n\n`) }),
  },
  getter: {
    typescript: (mode) => ({ value: 'this.mode', around: tsClass(`  get mode() {\n    return ${mode};\n  }\n\n`) }),
    python: (mode) => ({ value: 'self.mode', around: pyClass(`    @property\n    def mode(self):\n        return ${mode}\n\n`) }),
  },
  'constructor argument': {
    typescript: (mode) => ({
      value: 'this.mode',
      around: (call) => `class _Agent {\n  private mode: string;\n\n  constructor(mode: string) {\n    this.mode = mode;\n  }\n\n  run() {\n    ${call}  }\n}\n\nnew _Agent(${mode}).run();\n`,
    }),
    python: (mode) => ({
      value: 'self.mode',
      around: (call) => `class _Agent:\n    def __init__(self, mode):\n        self.mode = mode\n\n    def run(self):\n        ${call}\n\n_Agent(${mode}).run()\n`,
    }),
  },
  'settings object': {
    typescript: (mode) => ({ before: `class _Settings {\n  mode: string;\n\n  constructor(mode = ${mode}) {\n    this.mode = mode;\n  }\n}\n\nconst settings = new _Settings();\n\n`, value: 'settings.mode' }),
    python: (mode) => ({ before: `@dataclass\nclass _Settings:\n    mode: str = ${mode}\n\n\nsettings = _Settings()\n\n\n`, value: 'settings.mode' }),
  },
  // A pydantic model's field default is a default of its constructor, as the parameter's default is above.
  'settings model': {
    typescript: (mode) => ({ before: `class _Settings {\n  mode: string;\n\n  constructor({ mode = ${mode} }: { mode?: string } = {}) {\n    this.mode = mode;\n  }\n}\n\nconst settings = new _Settings();\n\n`, value: 'settings.mode' }),
    python: (mode) => ({ before: `class _Settings(BaseModel):\n    mode: str = ${mode}\n\n\nsettings = _Settings()\n\n\n`, value: 'settings.mode' }),
  },
  // A field initialiser (TypeScript) or a class attribute (Python, not a dataclass) read through an instance.
  'settings field': {
    typescript: (mode) => ({ before: `class _Settings {\n  mode = ${mode};\n}\n\nconst settings = new _Settings();\n\n`, value: 'settings.mode' }),
    python: (mode) => ({ before: `class _Settings:\n    mode = ${mode}\n\n\nsettings = _Settings()\n\n\n`, value: 'settings.mode' }),
  },
  // TypeScript has no keyword arguments: an object argument destructured is its counterpart.
  'keyword argument': {
    typescript: (mode, q) => ({
      value: 'mode',
      around: (call) => `function _run(name: string, { mode = ${q('default')} }: { mode?: string } = {}) {\n  ${call}}\n\n_run(${q('agent')}, { mode: ${mode} });\n`,
    }),
    python: (mode, q) => ({ value: 'mode', around: (call) => `def _run(name, mode=${q('default')}):\n    ${call}\n\n_run(${q('agent')}, mode=${mode})\n` }),
  },
  'keyword rest': {
    typescript: (mode) => ({ value: 'overrides.mode', around: (call) => `function _run({ ...overrides }: { mode?: string }) {\n  ${call}}\n\n_run({ mode: ${mode} });\n` }),
    python: (mode, q) => ({ value: `overrides[${q('mode')}]`, around: (call) => `def _run(**overrides):\n    ${call}\n\n_run(mode=${mode})\n` }),
  },
  // Spread over defaults that are safe: the later object's value wins.
  'spread merge': {
    typescript: (mode, q) => ({ before: `const base = { mode: ${q('default')} };\nconst merged = { ...base, ...{ mode: ${mode} } };\n\n`, value: 'merged.mode' }),
    python: (mode, q) => ({ before: `base = {${q('mode')}: ${q('default')}}\nmerged = {**base, **{${q('mode')}: ${mode}}}\n\n\n`, value: `merged[${q('mode')}]` }),
  },
  // Frozen config objects, copies and merges over safe defaults (the later object's value wins).
  frozen: {
    typescript: (mode) => ({ before: `const SETTINGS = Object.freeze({ mode: ${mode} });\n\n`, value: 'SETTINGS.mode' }),
    python: (mode, q) => ({ before: `SETTINGS = types.MappingProxyType({${q('mode')}: ${mode}})\n\n\n`, value: `SETTINGS[${q('mode')}]` }),
  },
  cloned: {
    typescript: (mode) => ({ before: `const base = { mode: ${mode} };\nconst copied = structuredClone(base);\n\n`, value: 'copied.mode' }),
    python: (mode, q) => ({ before: `base = {${q('mode')}: ${mode}}\ncopied = copy.deepcopy(base)\n\n\n`, value: `copied[${q('mode')}]` }),
  },
  assigned: {
    typescript: (mode, q) => ({ before: `const base = { mode: ${q('default')} };\nconst merged = Object.assign({}, base, { mode: ${mode} });\n\n`, value: 'merged.mode' }),
    python: (mode, q) => ({ before: `base = {${q('mode')}: ${q('default')}}\nmerged = base | {${q('mode')}: ${mode}}\n\n\n`, value: `merged[${q('mode')}]` }),
  },
  'merged by dict': {
    typescript: (mode, q) => ({ before: `const base = { mode: ${q('default')} };\nconst merged = { ...base, mode: ${mode} };\n\n`, value: 'merged.mode' }),
    python: (mode, q) => ({ before: `base = {${q('mode')}: ${q('default')}}\nmerged = dict(base, mode=${mode})\n\n\n`, value: `merged[${q('mode')}]` }),
  },
  // Exported and called nowhere here: a caller elsewhere can keep the default.
  'uncalled default': {
    typescript: (mode) => ({ value: 'mode', around: (call) => `export function _run(mode = ${mode}) {\n  ${call}}\n` }),
    python: (mode) => ({ value: 'mode', around: (call) => `def _run(mode=${mode}):\n    ${call}\n` }),
  },
});
type ModeRoute = keyof typeof modeRoutes;

/** How the allow list (a list literal) is built. */
const listRoutes = constructs({
  literal: { typescript: (list) => ({ value: list }), python: (list) => ({ value: list }) },
  loop: {
    typescript: (list) => ({ before: `const allowed: string[] = [];\nfor (const name of ${list}) allowed.push(name);\n\n`, value: 'allowed' }),
    python: (list) => ({ before: `allowed = []\nfor name in ${list}:\n    allowed.append(name)\n\n\n`, value: 'allowed' }),
  },
  push: {
    typescript: (list) => ({ before: `const allowed: string[] = [];\nallowed.push(...${list});\n\n`, value: 'allowed' }),
    python: (list) => ({ before: `allowed = []\nallowed.extend(${list})\n\n\n`, value: 'allowed' }),
  },
  concat: {
    typescript: (list) => ({ before: `const allowed = ([] as string[]).concat(${list});\n\n`, value: 'allowed' }),
    python: (list) => ({ before: `allowed = [] + ${list}\n\n\n`, value: 'allowed' }),
  },
  splice: {
    typescript: (list) => ({ before: `const allowed: string[] = [];\nallowed.splice(0, 0, ...${list});\n\n`, value: 'allowed' }),
    python: (list) => ({ before: `allowed = []\nallowed[:0] = ${list}\n\n\n`, value: 'allowed' }),
  },
  'rest parameter': {
    typescript: (list) => ({ before: `function _tools(...names: string[]) {\n  return names;\n}\n\n`, value: `_tools(...${list})` }),
    python: (list) => ({ before: `def _tools(*names):\n    return list(names)\n\n\n`, value: `_tools(*${list})` }),
  },
  helper: {
    typescript: (list) => ({ before: `function _tools() {\n  return ${list};\n}\n\n`, value: '_tools()' }),
    python: (list) => ({ before: `def _tools():\n    return ${list}\n\n\n`, value: '_tools()' }),
  },
  unshift: {
    typescript: (list) => ({ before: `const allowed: string[] = [];\nfor (const name of ${list}) allowed.unshift(name);\n\n`, value: 'allowed' }),
    python: (list) => ({ before: `allowed = []\nfor name in ${list}:\n    allowed.insert(0, name)\n\n\n`, value: 'allowed' }),
  },
  // TypeScript has no `+=` on arrays: the list given a new array with the entries added is its counterpart.
  added: {
    typescript: (list) => ({ before: `let allowed: string[] = [];\nallowed = [...allowed, ...${list}];\n\n`, value: 'allowed' }),
    python: (list) => ({ before: `allowed = []\nallowed += ${list}\n\n\n`, value: 'allowed' }),
  },
  mapped: {
    typescript: (list) => ({ before: `const allowed = ${list}.map((name) => name);\n\n`, value: 'allowed' }),
    python: (list) => ({ before: `allowed = [name for name in ${list}]\n\n\n`, value: 'allowed' }),
  },
  // A module constant of tool names, read in a function.
  'module constant': {
    typescript: (list) => ({ before: `const TOOLS = ${list} as const;\n\nfunction _tools() {\n  return [...TOOLS];\n}\n\n`, value: '_tools()' }),
    python: (list) => ({ before: `TOOLS = ${list}\n\n\ndef _tools():\n    return list(TOOLS)\n\n\n`, value: '_tools()' }),
  },
});
type ListRoute = keyof typeof listRoutes;

/** Where the `canUseTool` callback (its body) is defined and how it is passed. */
const reviewRoutes = constructs({
  function: {
    typescript: (body) => ({ before: `async function review(toolName: string, input: Record<string, unknown>) {\n  ${body}\n}\n\n`, value: 'review' }),
    python: (body) => ({ before: `async def review(tool_name, input_data, context):\n    ${body}\n\n\n`, value: 'review' }),
  },
  method: {
    typescript: (body) => ({
      before: `class _Reviewer {\n  async review(toolName: string, input: Record<string, unknown>) {\n    ${body.replace(/\n/g, '\n  ')}\n  }\n}\n\nconst reviewer = new _Reviewer();\n\n`,
      value: 'reviewer.review.bind(reviewer)',
    }),
    python: (body) => ({
      before: `class _Reviewer:\n    async def review(self, tool_name, input_data, context):\n        ${body.replace(/\n/g, '\n    ')}\n\n\nreviewer = _Reviewer()\n\n\n`,
      value: 'reviewer.review',
    }),
  },
  forwarder: {
    typescript: (body) => ({
      before: `async function review(toolName: string, input: Record<string, unknown>) {\n  ${body}\n}\n\n`,
      value: '(toolName: string, input: Record<string, unknown>) => review(toolName, input)',
    }),
    python: (body) => ({
      before: `async def review(tool_name, input_data, context):\n    ${body}\n\n\n`,
      value: 'lambda tool_name, input_data, context: review(tool_name, input_data, context)',
    }),
  },
});
type ReviewRoute = keyof typeof reviewRoutes;

/** How a PreToolUse hook whose catch lets the call through (`guard`) is registered: the `hooks` option's value. */
const hookRoutes = constructs({
  direct: {
    typescript: () => ({ value: `{ PreToolUse: [{ matcher: 'Bash', hooks: [guard] }] }` }),
    python: () => ({ value: '{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]}' }),
  },
  factory: {
    typescript: () => ({ before: 'function makeGuard() {\n  return guard;\n}\n\n', value: `{ PreToolUse: [{ matcher: 'Bash', hooks: [makeGuard()] }] }` }),
    python: () => ({ before: 'def make_guard():\n    return guard\n\n\n', value: '{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[make_guard()])]}' }),
  },
  'matcher method': {
    typescript: () => ({ before: `class _Policy {\n  matcher() {\n    return { matcher: 'Bash', hooks: [guard] };\n  }\n}\n\n`, value: '{ PreToolUse: [new _Policy().matcher()] }' }),
    python: () => ({ before: 'class _Policy:\n    def matcher(self):\n        return HookMatcher(matcher="Bash", hooks=[guard])\n\n\n', value: '{"PreToolUse": [_Policy().matcher()]}' }),
  },
  wrapper: {
    typescript: () => ({
      before: 'function withAudit(hook: Hook) {\n  return async (input: any, toolUseId: string | undefined, options: any) => hook(input, toolUseId, options);\n}\n\n',
      value: `{ PreToolUse: [{ matcher: 'Bash', hooks: [withAudit(guard)] }] }`,
    }),
    python: () => ({
      before: 'def with_audit(hook):\n    async def wrapper(input_data, tool_use_id, context):\n        return await hook(input_data, tool_use_id, context)\n    return wrapper\n\n\n',
      value: '{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[with_audit(guard)])]}',
    }),
  },
  pushed: {
    typescript: () => ({ before: `const matchers: object[] = [];\nmatchers.push({ matcher: 'Bash', hooks: [guard] });\n\n`, value: '{ PreToolUse: matchers }' }),
    python: () => ({ before: 'matchers = []\nmatchers.append(HookMatcher(matcher="Bash", hooks=[guard]))\n\n\n', value: '{"PreToolUse": matchers}' }),
  },
  // A method of a policy object, bound or called from an arrow.
  'class method': {
    typescript: () => ({
      before: 'class _Hooks {\n  async check(input: any, toolUseId: string | undefined, options: any) {\n    return guard(input, toolUseId, options);\n  }\n}\n\nconst policy = new _Hooks();\n\n',
      value: `{ PreToolUse: [{ matcher: 'Bash', hooks: [policy.check.bind(policy)] }] }`,
    }),
    python: () => ({
      before: 'class _Hooks:\n    async def check(self, input_data, tool_use_id, context):\n        return await guard(input_data, tool_use_id, context)\n\n\npolicy = _Hooks()\n\n\n',
      value: '{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[policy.check])]}',
    }),
  },
  'arrow to a method': {
    typescript: () => ({
      before: 'class _Hooks {\n  async check(input: any, toolUseId: string | undefined, options: any) {\n    return guard(input, toolUseId, options);\n  }\n}\n\nconst policy = new _Hooks();\n\n',
      value: `{ PreToolUse: [{ matcher: 'Bash', hooks: [(input: any, toolUseId: string | undefined, options: any) => policy.check(input, toolUseId, options)] }] }`,
    }),
    python: () => ({
      before: 'class _Hooks:\n    async def check(self, input_data, tool_use_id, context):\n        return await guard(input_data, tool_use_id, context)\n\n\npolicy = _Hooks()\n\n\n',
      value: '{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[lambda input_data, tool_use_id, context: policy.check(input_data, tool_use_id, context)])]}',
    }),
  },
  // A forwarder with its first argument bound.
  partial: {
    typescript: () => ({
      before: 'async function guarded(policy: string, input: any, toolUseId: string | undefined, options: any) {\n  return guard(input, toolUseId, options);\n}\n\n',
      value: `{ PreToolUse: [{ matcher: 'Bash', hooks: [guarded.bind(null, 'strict')] }] }`,
    }),
    python: () => ({
      before: 'async def guarded(policy, input_data, tool_use_id, context):\n    return await guard(input_data, tool_use_id, context)\n\n\n',
      value: '{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[functools.partial(guarded, "strict")])]}',
    }),
  },
  // TypeScript decorates classes and their members only: the wrapper called on the forwarder is what a Python decorator is.
  decorated: {
    typescript: () => ({
      before: 'function audited(hook: Hook) {\n  return async (input: any, toolUseId: string | undefined, options: any) => hook(input, toolUseId, options);\n}\n\n' +
        'const auditedGuard = audited(async (input: any, toolUseId: string | undefined, options: any) => guard(input, toolUseId, options));\n\n',
      value: `{ PreToolUse: [{ matcher: 'Bash', hooks: [auditedGuard] }] }`,
    }),
    python: () => ({
      before:
        'def audited(hook):\n    @functools.wraps(hook)\n    async def wrapper(input_data, tool_use_id, context):\n        return await hook(input_data, tool_use_id, context)\n    return wrapper\n\n\n' +
        '@audited\nasync def audited_guard(input_data, tool_use_id, context):\n    return await guard(input_data, tool_use_id, context)\n\n\n',
      value: '{"PreToolUse": [HookMatcher(matcher="Bash", hooks=[audited_guard])]}',
    }),
  },
});
type HookRoute = keyof typeof hookRoutes;

const tsDeny = (q: Quote) => `{ hookSpecificOutput: { hookEventName: ${q('PreToolUse')}, permissionDecision: ${q('deny')}, permissionDecisionReason: ${q('policy')} } }`;
const pyDeny = (q: Quote) => `{${q('hookSpecificOutput')}: {${q('hookEventName')}: ${q('PreToolUse')}, ${q('permissionDecision')}: ${q('deny')}, ${q('permissionDecisionReason')}: ${q('policy')}}}`;

/** A guard's signature and the policy check it runs first, in each language. */
const tsGuard = (body: string) => `async function guard(input: any, toolUseId: string | undefined, options: any) {\n${body}}\n\n`;
const pyGuard = (body: string) => `async def guard(input_data, tool_use_id, context):\n${body}\n\n`;
const tsCheck = (q: Quote, indent: string) => `${indent}if (!(await checkPolicy(input))) return ${tsDeny(q)};\n`;
const pyCheck = (q: Quote, indent: string) => `${indent}if not await check_policy(input_data):\n${indent}    return ${pyDeny(q)}\n`;

/**
 * The hook every hook route registers, `guard` (its code before; the value is unused): it
 * denies when the policy says so, and the route is what it does when the check throws, or
 * how it looks up calls it has seen by their tool use id.
 */
const guardRoutes = constructs({
  // Its catch makes no decision.
  'returns in catch': {
    typescript: (_, q) => ({ value: '', before: tsGuard(`  try {\n${tsCheck(q, '    ')}  } catch {\n    return {};\n  }\n  return {};\n`) }),
    python: (_, q) => ({ value: '', before: pyGuard(`    try:\n${pyCheck(q, '        ')}    except Exception:\n        return {}\n    return {}\n`) }),
  },
  // An empty catch, then a return that makes no decision.
  'empty catch': {
    typescript: (_, q) => ({ value: '', before: tsGuard(`  try {\n${tsCheck(q, '    ')}  } catch {}\n  return {};\n`) }),
    python: (_, q) => ({ value: '', before: pyGuard(`    try:\n${pyCheck(q, '        ')}    except Exception:\n        pass\n    return {}\n`) }),
  },
  // `contextlib.suppress` is Python's: an empty catch is what it does.
  suppressed: {
    typescript: (_, q) => ({ value: '', before: tsGuard(`  try {\n${tsCheck(q, '    ')}  } catch {\n    // The check failed: carry on.\n  }\n  return {};\n`) }),
    python: (_, q) => ({ value: '', before: pyGuard(`    with contextlib.suppress(Exception):\n${pyCheck(q, '        ')}    return {}\n`) }),
  },
  // `.catch(() => ({}))` on the promise the gate returns; Python awaits it in a try.
  'promise catch': {
    typescript: () => ({ value: '', before: tsGuard('  return decide(input).catch(() => ({}));\n') }),
    python: () => ({ value: '', before: pyGuard('    try:\n        return await decide(input_data)\n    except Exception:\n        return {}\n') }),
  },
  // Silent: its catch denies.
  'fails closed': {
    typescript: (_, q) => ({ value: '', before: tsGuard(`  try {\n${tsCheck(q, '    ')}  } catch {\n    return ${tsDeny(q)};\n  }\n  return {};\n`) }),
    python: (_, q) => ({ value: '', before: pyGuard(`    try:\n${pyCheck(q, '        ')}    except Exception:\n        return ${pyDeny(q)}\n    return {}\n`) }),
  },
  // A call seen before by its tool use id is let through: a membership test, and the id recorded.
  'seen by id': {
    typescript: (_, q) => ({ value: '', before: `const seen: Record<string, boolean> = {};\n\n${tsGuard(`  if (toolUseId && toolUseId in seen) return {};\n  seen[toolUseId ?? ''] = true;\n  try {\n${tsCheck(q, '    ')}  } catch {\n    return ${tsDeny(q)};\n  }\n  return {};\n`)}` }),
    python: (_, q) => ({ value: '', before: `seen = {}\n\n\n${pyGuard(`    if tool_use_id in seen:\n        return {}\n    seen[tool_use_id] = True\n    try:\n${pyCheck(q, '        ')}    except Exception:\n        return ${pyDeny(q)}\n    return {}\n`)}` }),
  },
  // Python has no `Object.hasOwn`: `in` on a dict is an own-key test. (Python's `seen.setdefault(id, marker)
  // is not marker` tests and inserts at once, which TypeScript has no single call for: it is not in this table.)
  'own key by id': {
    typescript: (_, q) => ({ value: '', before: `const seen: Record<string, boolean> = {};\n\n${tsGuard(`  if (toolUseId && Object.hasOwn(seen, toolUseId)) return {};\n  seen[toolUseId ?? ''] = true;\n  try {\n${tsCheck(q, '    ')}  } catch {\n    return ${tsDeny(q)};\n  }\n  return {};\n`)}` }),
    python: (_, q) => ({ value: '', before: `seen = {}\n\n\n${pyGuard(`    if tool_use_id in seen:\n        return {}\n    seen[tool_use_id] = True\n    try:\n${pyCheck(q, '        ')}    except Exception:\n        return ${pyDeny(q)}\n    return {}\n`)}` }),
  },
  'set of ids': {
    typescript: (_, q) => ({ value: '', before: `const seen = new Set<string | undefined>();\n\n${tsGuard(`  if (seen.has(toolUseId)) return {};\n  seen.add(toolUseId);\n  try {\n${tsCheck(q, '    ')}  } catch {\n    return ${tsDeny(q)};\n  }\n  return {};\n`)}` }),
    python: (_, q) => ({ value: '', before: `seen = set()\n\n\n${pyGuard(`    if tool_use_id in seen:\n        return {}\n    seen.add(tool_use_id)\n    try:\n${pyCheck(q, '        ')}    except Exception:\n        return ${pyDeny(q)}\n    return {}\n`)}` }),
  },
  // Silent: a lookup by the id that only picks what to log lets nothing through.
  'logs by id': {
    typescript: (_, q) => ({ value: '', before: `const seen: Record<string, boolean> = {};\n\n${tsGuard(`  if (toolUseId && toolUseId in seen) console.log(${q('seen again')});\n  seen[toolUseId ?? ''] = true;\n  try {\n${tsCheck(q, '    ')}  } catch {\n    return ${tsDeny(q)};\n  }\n  return {};\n`)}` }),
    python: (_, q) => ({ value: '', before: `seen = {}\n\n\n${pyGuard(`    if tool_use_id in seen:\n        print(${q('seen again')})\n    seen[tool_use_id] = True\n    try:\n${pyCheck(q, '        ')}    except Exception:\n        return ${pyDeny(q)}\n    return {}\n`)}` }),
  },
});
type GuardRoute = keyof typeof guardRoutes;
/** The guard routes whose hook fails open, and those that look calls up by their tool use id. */
const failsOpen = (route: GuardRoute): boolean => ['returns in catch', 'empty catch', 'suppressed', 'promise catch'].includes(route);
const looksUpId = (route: GuardRoute): boolean => ['seen by id', 'own key by id', 'set of ids'].includes(route);

/** Each line one level deeper, for code that sits in a function. */
const indented = (text: string, by: string) => text.replace(/^(?=.)/gm, by);

/**
 * How the SDK is reached: its code before comes first in the file, its value is the prefix of
 * the SDK's names (`query`, `ClaudeAgentOptions`), and what it sits in (a function handed the
 * SDK) holds the code that calls the entry point.
 */
const entryRoutes = constructs({
  import: {
    typescript: (_, q) => ({ before: `import { query } from ${q('@anthropic-ai/claude-agent-sdk')};\n\n`, value: '' }),
    python: () => ({ value: '' }),
  },
  'dynamic import': {
    typescript: (_, q) => ({ before: `const sdk = await import(${q('@anthropic-ai/claude-agent-sdk')});\n\n`, value: 'sdk.' }),
    python: (_, q) => ({ before: `sdk = importlib.import_module(${q('claude_agent_sdk')})\n\n\n`, value: 'sdk.' }),
  },
  // The SDK module handed to a function's parameter by a call of the module. (A parameter typed
  // as the module, `sdk: typeof import('…')`, that no call here passes is TypeScript's only:
  // Python code declares no module type the front end reads, so it is not in this table.)
  'handed in': {
    typescript: (_, q) => ({ before: `import * as agentSdk from ${q('@anthropic-ai/claude-agent-sdk')};\n\n`, value: 'sdk.', around: (code) => `function _start(sdk: typeof agentSdk) {\n${indented(code, '  ')}}\n\n_start(agentSdk);\n` }),
    python: () => ({ before: 'import claude_agent_sdk as agent_sdk\n\n\n', value: 'sdk.', around: (code) => `def _start(sdk):\n${indented(code, '    ')}\n\n_start(agent_sdk)\n` }),
  },
  'loaded and handed in': {
    typescript: (_, q) => ({ before: `const loaded = await import(${q('@anthropic-ai/claude-agent-sdk')});\n\n`, value: 'sdk.', around: (code) => `function _start(sdk: typeof loaded) {\n${indented(code, '  ')}}\n\n_start(loaded);\n` }),
    python: (_, q) => ({ before: `loaded = importlib.import_module(${q('claude_agent_sdk')})\n\n\n`, value: 'sdk.', around: (code) => `def _start(sdk):\n${indented(code, '    ')}\n\n_start(loaded)\n` }),
  },
});
type EntryRoute = keyof typeof entryRoutes;

interface Configuration {
  permissionMode?: (typeof modes)[number];
  modeRoute: ModeRoute;
  allowedTools?: string[];
  listRoute: ListRoute;
  disallowedTools?: string[];
  canUseTool: Review;
  reviewRoute: ReviewRoute;
  /** A PreToolUse hook, and how it is registered. */
  hook?: HookRoute;
  /** What the hook does when its policy check throws, or how it looks calls up by their tool use id; without it, it returns no decision in its catch. */
  guardRoute?: GuardRoute;
  /** How the entry point is reached; without it, a static import. */
  entryRoute?: EntryRoute;
  /** The entry point is called through a constant that holds it or a stand-in (`cond ? query : stub`). */
  aliased: boolean;
  /**
   * The options go through a helper that spreads them over defaults of its own (`{ model: 'haiku',
   * ...overrides }`), which another call also calls with an object of its own.
   */
  spreadByHelper: boolean;
  /**
   * The options go through a wrapper that copies each field of its parameter on its own
   * (`permissionMode: o.permissionMode`, `permission_mode=permission_mode`); not with `spreadByHelper`.
   */
  copiedByWrapper?: boolean;
}

const keysOf = <T extends object>(table: T) => Object.keys(table) as (keyof T)[];

const configuration: fc.Arbitrary<Configuration> = fc.record(
  {
    permissionMode: fc.constantFrom(...modes),
    allowedTools: fc.uniqueArray(fc.constantFrom(...tools), { maxLength: 5 }),
    disallowedTools: fc.uniqueArray(fc.constantFrom(...tools), { maxLength: 3 }),
    canUseTool: fc.constantFrom<Review>('none', 'allow', 'deny', 'fails open', 'fails closed'),
    modeRoute: fc.constantFrom(...keysOf(modeRoutes)),
    listRoute: fc.constantFrom(...keysOf(listRoutes)),
    reviewRoute: fc.constantFrom(...keysOf(reviewRoutes)),
    hook: fc.constantFrom(...keysOf(hookRoutes)),
    guardRoute: fc.constantFrom(...keysOf(guardRoutes)),
    entryRoute: fc.constantFrom(...keysOf(entryRoutes)),
    aliased: fc.boolean(),
    spreadByHelper: fc.boolean(),
  },
  { requiredKeys: ['canUseTool', 'modeRoute', 'listRoute', 'reviewRoute', 'aliased', 'spreadByHelper'] },
);

interface Style {
  quote: "'" | '"' | '`';
  /** Line breaks and indentation between items, or everything on one line. */
  multiline: boolean;
  trailingCommas: boolean;
  /** Extra spaces inside brackets and around `:` and `=`. */
  spacious: boolean;
}

const style: fc.Arbitrary<Style> = fc.record({
  quote: fc.constantFrom<Style['quote']>("'", '"', '`'),
  multiline: fc.boolean(),
  trailingCommas: fc.boolean(),
  spacious: fc.boolean(),
});

function list(items: string[], open: string, close: string, { multiline, trailingCommas, spacious }: Style, indent: string): string {
  if (items.length === 0) return `${open}${close}`;
  if (!multiline) {
    const pad = spacious ? ' ' : '';
    return `${open}${pad}${items.join(spacious ? ' ,  ' : ', ')}${trailingCommas ? ',' : ''}${pad}${close}`;
  }
  const inner = `${indent}  `;
  return `${open}\n${items.map((item) => `${inner}${item}`).join(',\n')}${trailingCommas ? ',' : ''}\n${indent}${close}`;
}

/**
 * The configuration's options call with each construct's code before it and around it; the
 * entry route's function (a function handed the SDK) holds the code that names the entry
 * point (`inner`: the alias, the wrappers) and the call with the constructs around it.
 */
function assemble(parts: (Written | undefined)[], call: string, entry: Written, inner: string): string {
  const around = parts.find((part) => part?.around)?.around ?? ((text: string) => text);
  const top = `${entry.before ?? ''}${parts.map((part) => part?.before ?? '').join('')}`;
  return entry.around ? `${top}${entry.around(`${inner}${around(call)}`)}` : `${top}${inner}${around(call)}`;
}

function typescript(config: Configuration, format: Style, otherAllows = false): string {
  const q = (text: string): string => `${format.quote}${text}${format.quote}`;
  const colon = format.spacious ? ' :  ' : ': ';
  const options: string[] = [];
  const mode = config.permissionMode ? modeRoutes[config.modeRoute].typescript(q(config.permissionMode), q) : undefined;
  if (mode) options.push(`permissionMode${colon}${mode.value}`);
  const sdk = entryRoutes[config.entryRoute ?? 'import'].typescript('', q);
  const alias: Written | undefined = config.aliased ? { before: 'const stub = (_: unknown) => undefined;\n\n', value: '' } : undefined;
  const allowed = config.allowedTools && listRoutes[config.listRoute].typescript(list(config.allowedTools.map(q), '[', ']', format, '    '), q);
  if (allowed) options.push(`allowedTools${colon}${allowed.value}`);
  if (config.disallowedTools) options.push(`disallowedTools${colon}${list(config.disallowedTools.map(q), '[', ']', format, '    ')}`);
  const review: Record<Exclude<Review, 'none'>, string> = {
    allow: `return { behavior: ${q('allow')}, updatedInput: input };`,
    deny: `return { behavior: ${q('deny')}, message: ${q('no')} };`,
    'fails open': `try { await check(toolName); } catch { return { behavior: ${q('allow')}, updatedInput: input }; }\n  return { behavior: ${q('deny')}, message: ${q('no')} };`,
    'fails closed': `try { await check(toolName); } catch { return { behavior: ${q('deny')}, message: ${q('down')} }; }\n  return { behavior: ${q('allow')}, updatedInput: input };`,
  };
  const reviewer = config.canUseTool === 'none' ? undefined : reviewRoutes[config.reviewRoute].typescript(review[config.canUseTool], q);
  if (reviewer) options.push(`canUseTool${colon}${reviewer.value}`);
  const hook = config.hook && hookRoutes[config.hook].typescript('', q);
  if (hook) options.push(`hooks${colon}${hook.value}`);
  const guarded = hook && guardRoutes[config.guardRoute ?? 'returns in catch'].typescript('', q);
  const hooked: Written | undefined = hook && { before: `type Hook = (input: any, toolUseId: string | undefined, options: any) => Promise<object>;\n\n${guarded?.before ?? ''}${hook.before ?? ''}`, value: '' };
  const entry = config.aliased ? 'entry' : `${sdk.value}query`;
  const written = list(options, '{', '}', format, '  ');
  const direct = config.copiedByWrapper ? `_copy(${written});\n` : `${entry}(${list([`prompt${colon}${q('Do the task')}`, `options${colon}${written}`], '{', '}', format, '')});\n`;
  const call = config.spreadByHelper ? `_agent(${written});\n` : direct;
  const copied = ['permissionMode', 'allowedTools', 'disallowedTools', 'canUseTool'].map((key) => `${key}: o.${key}`).join(', ');
  // Another caller of the copying wrapper, with the same mode and deny rules of its own.
  const other = config.permissionMode ? `permissionMode: ${q(config.permissionMode)}, ` : '';
  const copier = config.copiedByWrapper
    ? `function _copy(o: any) {\n  return ${entry}({ prompt: ${q('Do the task')}, options: { ${copied} } });\n}\n\n${otherAllows ? `_copy({ ${other}disallowedTools: [${q('Bash')}] });\n\n` : ''}`
    : '';
  const helper = config.spreadByHelper
    ? `function _agent(overrides: object) {\n  return ${entry}({ prompt: ${q('Do the task')}, options: { model: ${q('haiku')}, ...overrides } });\n}\n\n_agent({ model: ${q('sonnet')}${otherAllows ? `, allowedTools: [${q('Read')}]` : ''} });\n\n`
    : '';
  const aliasing = config.aliased ? `const entry = process.env.STUB ? stub : ${sdk.value}query;\n\n` : '';
  return assemble([mode, alias, allowed, reviewer, hooked], call, sdk, `${aliasing}${helper}${copier}`);
}

function python(config: Configuration, format: Style, otherAllows = false): string {
  const quote = format.quote === '`' ? "'" : format.quote;
  const q = (text: string): string => `${quote}${text}${quote}`;
  const equals = format.spacious ? ' = ' : '=';
  const options: string[] = [];
  // Keywords of ClaudeAgentOptions, or the keys of the dict a helper spreads.
  const option = (name: string, value: string): string => (config.spreadByHelper ? `${q(name)}${format.spacious ? ' :  ' : ': '}${value}` : `${name}${equals}${value}`);
  const mode = config.permissionMode ? modeRoutes[config.modeRoute].python(q(config.permissionMode), q) : undefined;
  if (mode) options.push(option('permission_mode', mode.value));
  const sdk = entryRoutes[config.entryRoute ?? 'import'].python('', q);
  const alias: Written | undefined = config.aliased ? { before: 'def stub(**kwargs):\n    return None\n\n\n', value: '' } : undefined;
  const allowed = config.allowedTools && listRoutes[config.listRoute].python(list(config.allowedTools.map(q), '[', ']', format, '        '), q);
  if (allowed) options.push(option('allowed_tools', allowed.value));
  if (config.disallowedTools) options.push(option('disallowed_tools', list(config.disallowedTools.map(q), '[', ']', format, '        ')));
  const allow = 'return PermissionResultAllow(updated_input=input_data)';
  const deny = (message: string) => `return PermissionResultDeny(message=${q(message)})`;
  const review: Record<Exclude<Review, 'none'>, string> = {
    allow,
    deny: deny('no'),
    'fails open': `try:\n        await check(tool_name)\n    except Exception:\n        ${allow}\n    ${deny('no')}`,
    'fails closed': `try:\n        await check(tool_name)\n    except Exception:\n        ${deny('down')}\n    ${allow}`,
  };
  const reviewer = config.canUseTool === 'none' ? undefined : reviewRoutes[config.reviewRoute].python(review[config.canUseTool], q);
  if (reviewer) options.push(option('can_use_tool', reviewer.value));
  const hook = config.hook && hookRoutes[config.hook].python('', q);
  if (hook) options.push(option('hooks', hook.value));
  const guarded = hook && guardRoutes[config.guardRoute ?? 'returns in catch'].python('', q);
  const hooked: Written | undefined = hook && { before: `${guarded?.before ?? ''}${hook.before ?? ''}`, value: '' };
  const entry = config.aliased ? 'entry' : `${sdk.value}query`;
  const options_ = `${sdk.value}ClaudeAgentOptions`;
  const call = config.spreadByHelper
    ? `_agent(${list(options, '{', '}', format, '    ')})\n`
    : config.copiedByWrapper
      ? `_copy${list(options, '(', ')', format, '    ')}\n`
      : `${entry}${list([`prompt${equals}${q('Do the task')}`, `options${equals}${options_}${list(options, '(', ')', format, '    ')}`], '(', ')', format, '')}\n`;
  const keywords = ['permission_mode', 'allowed_tools', 'disallowed_tools', 'can_use_tool'];
  const other = config.permissionMode ? `permission_mode=${q(config.permissionMode)}, ` : '';
  const copier = config.copiedByWrapper
    ? `def _copy(*, ${keywords.map((name) => `${name}=None`).join(', ')}):\n    return ${entry}(prompt=${q('Do the task')}, options=${options_}(${keywords.map((name) => `${name}=${name}`).join(', ')}))\n\n\n${otherAllows ? `_copy(${other}disallowed_tools=[${q('Bash')}])\n\n\n` : ''}`
    : '';
  const helper = config.spreadByHelper
    ? `def _agent(overrides):\n    return ${entry}(prompt=${q('Do the task')}, options=${options_}(**{${q('model')}: ${q('haiku')}, **overrides}))\n\n\n_agent({${q('model')}: ${q('sonnet')}${otherAllows ? `, ${q('allowed_tools')}: [${q('Read')}]` : ''}})\n\n\n`
    : '';
  const aliasing = config.aliased ? `entry = stub if os.environ.get(${q('STUB')}) else ${sdk.value}query\n\n\n` : '';
  const imported = config.entryRoute && config.entryRoute !== 'import' ? 'HookMatcher, PermissionResultAllow, PermissionResultDeny' : 'ClaudeAgentOptions, HookMatcher, PermissionResultAllow, PermissionResultDeny, query';
  const header = `import contextlib\nimport copy\nimport functools\nimport importlib\nimport os\nimport types\nfrom dataclasses import dataclass\n\nfrom claude_agent_sdk import ${imported}\nfrom pydantic import BaseModel\n\n\n`;
  return `${header}${assemble([mode, alias, allowed, reviewer, hooked], call, sdk, `${aliasing}${helper}${copier}`)}`;
}

const everyRule = allRules.map((rule) => ({ rule, severity: 'error' as const, options: undefined }));

/** What was found, without where: rule, message and the data filled into it, sorted. */
function findings(text: string, file: string): string[] {
  const analysis = analyseText(text, file);
  expect(analysis.syntaxErrors, text).toEqual([]);
  if (!analysis.model) return [];
  return checkModel(analysis.model, everyRule)
    .map(({ ruleId, messageId, data }) => `${ruleId}/${messageId} ${JSON.stringify(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1)))}`)
    .sort();
}

/** The same, with where each starts: appending code must not move anything. */
function placedFindings(text: string, file: string): string[] {
  const analysis = analyseText(text, file);
  if (!analysis.model) return [];
  return checkModel(analysis.model, everyRule)
    .map(({ ruleId, messageId, span }) => `${span.start}-${span.end} ${ruleId}/${messageId}`)
    .sort();
}

/** Code next to the agent that configures nothing: near misses included (keys and values that look like options). */
const unrelatedTypeScript: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(fc.nat(99), fc.constantFrom(...tools)).map(([n, tool]) => `const u${n}_tools = [${JSON.stringify(tool)}];`),
      fc.nat(99).map((n) => `export const u${n}_options = { permissionMode: 'bypassPermissions', allowedTools: ['Bash'] };`),
      fc.nat(99).map((n) => `function u${n}_helper(a: number): number {\n  if (a > ${n}) return a;\n  try { return a * 2; } catch { return 0; }\n}`),
      fc.nat(99).map((n) => `class U${n} {\n  canUseTool() { return { behavior: 'allow' }; }\n}`),
      fc.nat(99).map((n) => `const u${n}_key = Date.now() + Math.random();`),
      fc.nat(99).map((n) => `// query({ options: { allowedTools: ['Bash'] } }) ${n}`),
      fc.nat(99).map((n) => `for (let i = 0; i < ${n}; i++) { console.log(i); }`),
    ),
    { maxLength: 8 },
  )
  .map((statements) => statements.join('\n'));

const unrelatedPython: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(fc.nat(99), fc.constantFrom(...tools)).map(([n, tool]) => `u${n}_tools = [${JSON.stringify(tool)}]`),
      fc.nat(99).map((n) => `u${n}_options = {"permission_mode": "bypassPermissions", "allowed_tools": ["Bash"]}`),
      fc.nat(99).map((n) => `def u${n}_helper(a):\n    if a > ${n}:\n        return a\n    try:\n        return a * 2\n    except Exception:\n        return 0`),
      fc.nat(99).map((n) => `class U${n}:\n    def can_use_tool(self):\n        return {"behavior": "allow"}`),
      fc.nat(99).map((n) => `# query(options=ClaudeAgentOptions(allowed_tools=["Bash"])) ${n}`),
    ),
    { maxLength: 8 },
  )
  .map((statements) => statements.join('\n\n'));

const plain: Style = { quote: "'", multiline: false, trailingCommas: false, spacious: false };

beforeAll(async () => prepareFor('any.py'));

describe('findings depend on what a configuration says, not how it is written', () => {
  it('TypeScript: spacing, quotes and trailing commas change no finding', () => {
    fc.assert(
      fc.property(configuration, style, (config, format) => {
        expect(findings(typescript(config, format), 'agent.ts')).toEqual(findings(typescript(config, plain), 'agent.ts'));
      }),
    );
  });

  it('Python: spacing, quotes and trailing commas change no finding', () => {
    fc.assert(
      fc.property(configuration, style, (config, format) => {
        expect(findings(python(config, format), 'agent.py')).toEqual(findings(python(config, plain), 'agent.py'));
      }),
    );
  });

  it("an allow list that another caller of the helper passes is another agent's: it changes no finding", () => {
    fc.assert(
      fc.property(configuration, (config) => {
        const spread = { ...config, spreadByHelper: true };
        expect(findings(typescript(spread, plain, true), 'agent.ts')).toEqual(findings(typescript(spread, plain), 'agent.ts'));
        expect(findings(python(spread, plain, true), 'agent.py')).toEqual(findings(python(spread, plain), 'agent.py'));
      }),
      { numRuns: 100 },
    );
  });

  it("fields a wrapper copies one by one stay each caller's: another caller's deny rules change no finding", () => {
    fc.assert(
      fc.property(configuration, (config) => {
        const copied = { ...config, spreadByHelper: false, copiedByWrapper: true };
        expect(findings(typescript(copied, plain, true), 'agent.ts')).toEqual(findings(typescript(copied, plain), 'agent.ts'));
        expect(findings(python(copied, plain, true), 'agent.py')).toEqual(findings(python(copied, plain), 'agent.py'));
      }),
      { numRuns: 100 },
    );
  });

  it('unrelated code appended after the agent changes no finding, nor where it is', () => {
    fc.assert(
      fc.property(configuration, style, unrelatedTypeScript, unrelatedPython, (config, format, ts, py) => {
        const tsAgent = typescript(config, format);
        expect(placedFindings(`${tsAgent}\n${ts}\n`, 'agent.ts')).toEqual(placedFindings(tsAgent, 'agent.ts'));
        const pyAgent = python(config, format);
        expect(placedFindings(`${pyAgent}\n\n${py}\n`, 'agent.py')).toEqual(placedFindings(pyAgent, 'agent.py'));
      }),
    );
  });
});

describe('TypeScript and Python', () => {
  const bothLanguages = (config: Configuration) => [[typescript(config, plain), 'agent.ts'], [python(config, plain), 'agent.py']] as const;
  const base: Configuration = { modeRoute: 'inline', listRoute: 'literal', reviewRoute: 'function', aliased: false, canUseTool: 'none', spreadByHelper: false };

  it.skipIf(!isPythonPath('x.py'))('every route and the aliased entry point bring a bypass mode to the options in both languages', () => {
    for (const modeRoute of keysOf(modeRoutes)) {
      for (const [aliased, spreadByHelper] of [[false, false], [true, false], [false, true], [true, true]] as const) {
        const config: Configuration = { ...base, permissionMode: 'bypassPermissions', modeRoute, aliased, spreadByHelper };
        for (const [text, file] of bothLanguages(config)) {
          const how = `${modeRoute}${aliased ? ', aliased' : ''}${spreadByHelper ? ', spread by a helper' : ''}: ${file}`;
          expect(findings(text, file).some((finding) => finding.startsWith('no-bypass-without-disallowed-tools/bypassWithoutDeny')), how).toBe(true);
        }
      }
    }
  });

  it.skipIf(!isPythonPath('x.py'))('every way of building an allow list brings its bare entries in both languages', () => {
    for (const listRoute of keysOf(listRoutes)) {
      const config: Configuration = { ...base, allowedTools: ['Read', 'Bash'], listRoute };
      for (const [text, file] of bothLanguages(config)) {
        expect(findings(text, file).filter((finding) => finding.startsWith('no-bare-allowed-tools/bareTool')), `${listRoute}: ${file}`).toHaveLength(1);
      }
    }
  });

  it.skipIf(!isPythonPath('x.py'))('every way of registering a hook brings its fail-open catch in both languages', () => {
    for (const hook of keysOf(hookRoutes)) {
      for (const [text, file] of bothLanguages({ ...base, hook })) {
        expect(findings(text, file).filter((finding) => finding.startsWith('no-fail-open-hook/catchAllows')), `${hook}: ${file}`).toHaveLength(1);
      }
    }
  });

  it.skipIf(!isPythonPath('x.py'))("every way a hook's failure path lets the call through is found, and a deny or an id lookup is told apart, in both languages", () => {
    for (const guardRoute of keysOf(guardRoutes)) {
      for (const hook of ['direct', 'wrapper'] as const) {
        for (const [text, file] of bothLanguages({ ...base, hook, guardRoute })) {
          const found = findings(text, file);
          const how = `${guardRoute}, ${hook}: ${file}`;
          expect(found.filter((finding) => finding.startsWith('no-fail-open-hook/catchAllows')), how).toHaveLength(failsOpen(guardRoute) ? 1 : 0);
          expect(found.filter((finding) => finding.startsWith('no-tool-use-id-dedupe/')), how).toHaveLength(looksUpId(guardRoute) ? 1 : 0);
        }
      }
    }
  });

  it.skipIf(!isPythonPath('x.py'))('every way of reaching the SDK brings the options and the hooks in both languages', () => {
    for (const entryRoute of keysOf(entryRoutes)) {
      for (const [aliased, spreadByHelper] of [[false, false], [true, false], [false, true]] as const) {
        const config: Configuration = { ...base, permissionMode: 'bypassPermissions', allowedTools: ['Bash'], hook: 'direct', entryRoute, aliased, spreadByHelper };
        for (const [text, file] of bothLanguages(config)) {
          const how = `${entryRoute}${aliased ? ', aliased' : ''}${spreadByHelper ? ', spread by a helper' : ''}: ${file}`;
          const found = findings(text, file).map((finding) => finding.split(' ')[0]);
          expect(found, how).toEqual(expect.arrayContaining(['no-bypass-without-disallowed-tools/bypassWithoutDeny', 'no-fail-open-hook/catchAllows']));
        }
      }
    }
  });

  it.skipIf(!isPythonPath('x.py'))('every way of passing canUseTool brings its fail-open catch in both languages', () => {
    for (const reviewRoute of keysOf(reviewRoutes)) {
      const config: Configuration = { ...base, canUseTool: 'fails open', reviewRoute };
      for (const [text, file] of bothLanguages(config)) {
        expect(findings(text, file).filter((finding) => finding.startsWith('no-fail-open-hook/catchAllows')), `${reviewRoute}: ${file}`).toHaveLength(1);
      }
    }
  });

  it.skipIf(!isPythonPath('x.py'))('the same configuration gives the same findings in both languages', () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(configuration, (config) => {
        const found = findings(typescript(config, plain), 'agent.ts');
        for (const finding of found) kinds.add(finding.split(' ')[0]!);
        expect(findings(python(config, plain), 'agent.py').map(spelling)).toEqual(found.map(spelling));
      }),
      { numRuns: 200 },
    );
    // The configurations reach the rules: each of these was found, in both languages alike.
    expect([...kinds].sort()).toEqual(expect.arrayContaining([
      'no-bare-allowed-tools/bareTool',
      'no-bypass-without-disallowed-tools/bypassWithoutDeny',
      'no-fail-open-hook/catchAllows',
      'no-tool-use-id-dedupe/dedupeByToolUseId',
    ]));
  });
});
