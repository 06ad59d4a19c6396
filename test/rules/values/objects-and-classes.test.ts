import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';
import { fixtureFindings } from '../../support/scan.js';

// Modes kept in objects and classes the way real agent code keeps them
// (issue 16): a field the constructor sets, a class field initialiser, a
// private `#field`, a getter, an instance read outside its class, a
// constructor's parameter given by `new`, `Object.assign(this, ...)`, copies,
// merges and frozen objects, a class another module exports. Every shared
// case is plain JavaScript, so it runs as TypeScript and as JavaScript;
// parameter properties and `as const` are TypeScript's own. The Python twin
// is test/rules/python/objects-and-classes.test.ts.
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', allowed: 'allowedTools', exposure: '' };
const lines = (...each: string[]) => each.join('\n');
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (code: string, line: number, certainty = 'is', from = '', needle = "'bypassPermissions'") => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, certainty, from }, line, column: columnOf(code, line, needle) }],
});
/** A class `Session` whose `run` passes `read` as the mode, with `members` before it (line 3 on), then `after`. */
const session = (members: string[], after: string[] = [], read = 'this.mode') =>
  lines(sdk, 'class Session {', ...members.map((member) => `  ${member}`), `  run() { return query({ prompt: 'x', options: { permissionMode: ${read} } }); }`, '}', ...after);
/** A class `Other` with the same members, which no options read. */
const other = (...members: string[]) => `class Other { ${members.join(' ')} }`;

/** A module-level `session` of class Session whose mode a command handler may switch through `write` (after line 5). */
const switched = (write: string, ...more: string[]) =>
  session(["mode = 'default';"], ['const session = new Session();', ...more, `export function onYolo() { ${write} }`]);
const fromWrite = (name: string, owner: string) => ` (written to ${name} in ${owner}())`;
/** A module-level `session` whose mode a click listener (an arrow, line 7) sets to `mode`. */
const clicked = (mode: string) =>
  session(["mode = 'default';"], ['const session = new Session();', `document.querySelector('#yolo').addEventListener('click', () => { session.mode = '${mode}'; });`]);
/** A class whose `reset()` (line 4) writes `mode` back to its field. */
const resets = (mode: string) => session(["mode = 'default';", `reset() { this.mode = '${mode}'; }`]);

const valid = [
  // State switched elsewhere: the handler writes a mode that is not bypass, or the field of another class's instance.
  switched("session.mode = 'acceptEdits';"),
  switched("other.mode = 'bypassPermissions';", 'const other = new Other();', other("mode = 'default';")),
  // A UI action and a reset that set a mode that is not bypass; a handler that sets a static field to one.
  clicked('acceptEdits'),
  resets('acceptEdits'),
  lines(sdk, "class Config { static mode = 'default'; }", "export function onSafe() { Config.mode = 'acceptEdits'; }", "query({ prompt: 'x', options: { permissionMode: Config.mode } });"),
  // The constructor's own value is not bypass; another class's field of the same name is not this one.
  session(["constructor() { this.mode = 'default'; }"], [other("constructor() { this.mode = 'bypassPermissions'; }")]),
  session(["#mode = 'default';"], [other("#mode = 'bypassPermissions';")], 'this.#mode'),
  session(["get mode() { return 'plan'; }"], [other("get mode() { return 'bypassPermissions'; }")]),
  // An instance read outside the class: this class's value, not Other's.
  lines(sdk, "class Session { constructor() { this.mode = 'default'; } }", other("constructor() { this.mode = 'bypassPermissions'; }"), 'const session = new Session();', "query({ prompt: 'x', options: { permissionMode: session.mode } });"),
  // Every `new` passes a mode that is not bypass, so the default never applies.
  session(["constructor(mode = 'bypassPermissions') { this.mode = mode; }"], ["new Session('default');", "new Session('plan');"]),
  // Object.assign: a later source replaces the bypass entry; a copy it makes leaves its sources alone.
  lines(sdk, 'const options = {};', "Object.assign(options, { permissionMode: 'bypassPermissions' }, { permissionMode: 'default' });", "query({ prompt: 'x', options });"),
  lines(sdk, "const options = { permissionMode: 'default' };", "const fast = Object.assign({}, options, { permissionMode: 'bypassPermissions' });", "query({ prompt: 'x', options });"),
  // A static field that is not bypass; an instance field of the same name is another field.
  lines(sdk, "class Config { static mode = 'default'; mode = 'bypassPermissions'; }", "query({ prompt: 'x', options: { permissionMode: Config.mode } });"),
  // A copy or a frozen object of a safe mode.
  lines(sdk, "const base = { permissionMode: 'default' };", "query({ prompt: 'x', options: structuredClone(base) });"),
  lines(sdk, "const CONFIG = Object.freeze({ mode: 'acceptEdits' });", "query({ prompt: 'x', options: { permissionMode: CONFIG.mode } });"),
  // Merges: a later object replaces the bypass entry, or brings deny rules.
  lines(sdk, "const fast = { permissionMode: 'bypassPermissions' };", "const safe = { permissionMode: 'default' };", "query({ prompt: 'x', options: { ...fast, ...safe } });"),
  lines(sdk, "const fast = { permissionMode: 'bypassPermissions' };", "const deny = { disallowedTools: ['Bash'] };", "query({ prompt: 'x', options: Object.assign({}, fast, deny) });"),
  lines(sdk, "const fast = { permissionMode: 'bypassPermissions' };", "query({ prompt: 'x', options: { ...structuredClone(fast), disallowedTools: ['Bash'] } });"),
  // Object.assign(this, ...): a later source replaces the mode; another class's is not this one's; the only `new` passes a safe mode.
  session(["constructor() { Object.assign(this, { mode: 'bypassPermissions' }, { mode: 'default' }); }"]),
  session(["constructor() { Object.assign(this, { mode: 'default' }); }"], [other("constructor() { Object.assign(this, { mode: 'bypassPermissions' }); }")]),
  session(["mode = 'bypassPermissions';", 'constructor(options) { Object.assign(this, options); }'], ["new Session({ mode: 'default' });"]),
  // A subclass replaces the base's field, by its own initialiser or its constructor; a base whose field comes from its parameters is not followed.
  lines(sdk, "class Base { mode = 'bypassPermissions'; }", 'class Session extends Base {', "  mode = 'default';", "  run() { return query({ prompt: 'x', options: { permissionMode: this.mode } }); }", '}'),
  lines(sdk, "class Base { mode = 'bypassPermissions'; }", 'class Session extends Base {', "  constructor() { super(); this.mode = 'default'; }", "  run() { return query({ prompt: 'x', options: { permissionMode: this.mode } }); }", '}'),
  lines(sdk, "class Base { constructor(mode = 'bypassPermissions') { this.mode = mode; } }", "class Session extends Base { constructor() { super('default'); } }", 'const session = new Session();', "query({ prompt: 'x', options: { permissionMode: session.mode } });"),
];

const invalid = [
  { name: 'a field the constructor sets', ...bypassAt(session(["constructor() { this.mode = 'bypassPermissions'; }"]), 3) },
  { name: 'a class field initialiser', ...bypassAt(session(["mode = 'bypassPermissions';"]), 3) },
  { name: 'a private #field', ...bypassAt(session(["#mode = 'bypassPermissions';"], [], 'this.#mode'), 3) },
  { name: 'a getter that returns the mode', ...bypassAt(session(["get mode() { return 'bypassPermissions'; }"]), 3) },
  {
    name: 'a getter that returns the options',
    ...bypassAt(lines(sdk, 'class Session {', "  get options() { return { permissionMode: 'bypassPermissions' }; }", "  run() { return query({ prompt: 'x', options: this.options }); }", '}'), 3),
  },
  {
    name: 'an instance read outside its class: the field its constructor sets',
    ...bypassAt(lines(sdk, "class Session { constructor() { this.mode = 'bypassPermissions'; } }", 'const session = new Session();', "query({ prompt: 'x', options: { permissionMode: session.mode } });"), 2),
  },
  {
    name: "a constructor parameter kept in a field: what `new` passes, naming the call",
    ...bypassAt(session(['constructor(mode) { this.mode = mode; }'], ["new Session('bypassPermissions');"]), 6, 'is', ' (passed to Session() as mode)'),
  },
  {
    name: 'a constructor parameter default that one `new` leaves out: can be, naming the default',
    ...bypassAt(session(["constructor(mode = 'bypassPermissions') { this.mode = mode; }"], ["new Session('default');", 'new Session();']), 3, 'can be', ' (the default of parameter mode of Session(), taken when a call leaves it out)'),
  },
  {
    name: "a handler that switches an instance's field to bypass: can be, naming the write",
    ...bypassAt(switched("session.mode = 'bypassPermissions';"), 7, 'can be', fromWrite('session.mode', 'onYolo')),
  },
  { name: 'a click listener (a UI action) that switches the field to bypass: can be, at the write', ...bypassAt(clicked('bypassPermissions'), 7, 'can be', ' (written to session.mode in another function)') },
  { name: 'a reset method that writes bypass back: can be, naming the write', ...bypassAt(resets('bypassPermissions'), 4, 'can be', fromWrite('this.mode', 'reset')) },
  { name: 'Object.assign into the options object', ...bypassAt(lines(sdk, 'const options = {};', "Object.assign(options, { permissionMode: 'bypassPermissions' });", "query({ prompt: 'x', options });"), 3) },
  {
    name: 'Object.assign into a nested object',
    ...bypassAt(lines(sdk, "const config = { options: { model: 'haiku' } };", "Object.assign(config.options, { permissionMode: 'bypassPermissions' });", "query({ prompt: 'x', options: config.options });"), 3),
  },
  { name: 'a static field', ...bypassAt(lines(sdk, "class Config { static mode = 'bypassPermissions'; }", "query({ prompt: 'x', options: { permissionMode: Config.mode } });"), 2) },
  {
    name: 'a static field a handler switches: can be, naming the write',
    ...bypassAt(lines(sdk, "class Config { static mode = 'default'; }", "export function onYolo() { Config.mode = 'bypassPermissions'; }", "query({ prompt: 'x', options: { permissionMode: Config.mode } });"), 3, 'can be', fromWrite('Config.mode', 'onYolo')),
  },
  { name: 'structuredClone of a bypass object', ...bypassAt(lines(sdk, "const base = { permissionMode: 'bypassPermissions' };", "query({ prompt: 'x', options: structuredClone(base) });"), 2) },
  { name: 'a frozen config object', ...bypassAt(lines(sdk, "const CONFIG = Object.freeze({ mode: 'bypassPermissions' });", "query({ prompt: 'x', options: { permissionMode: CONFIG.mode } });"), 2) },
  {
    name: 'a frozen options object spread into the options',
    ...bypassAt(lines(sdk, "const BASE = Object.freeze({ permissionMode: 'bypassPermissions' });", "query({ prompt: 'x', options: { ...BASE, model: 'haiku' } });"), 2),
  },
  {
    name: 'two objects spread together, neither with deny rules',
    ...bypassAt(lines(sdk, "const fast = { permissionMode: 'bypassPermissions' };", "const extra = { model: 'haiku' };", "query({ prompt: 'x', options: { ...fast, ...extra } });"), 2),
  },
  {
    name: 'Object.assign({}, a, b): a copy of both',
    ...bypassAt(lines(sdk, "const fast = { permissionMode: 'bypassPermissions' };", "const extra = { model: 'haiku' };", "query({ prompt: 'x', options: Object.assign({}, fast, extra) });"), 2),
  },
  { name: 'Object.assign(this, {...}) in the constructor', ...bypassAt(session(["constructor() { Object.assign(this, { mode: 'bypassPermissions' }); }"]), 3) },
  {
    name: 'Object.assign(this, {...}) read through an instance outside the class',
    ...bypassAt(lines(sdk, "class Session { constructor() { Object.assign(this, { mode: 'bypassPermissions' }); } }", 'const session = new Session();', "query({ prompt: 'x', options: { permissionMode: session.mode } });"), 2),
  },
  {
    name: 'Object.assign(this, options) that may leave a bypass field alone: can be',
    ...bypassAt(session(["mode = 'bypassPermissions';", 'constructor(options) { Object.assign(this, options); }'], ['new Session(JSON.parse(process.argv[2]));']), 3, 'can be'),
  },
  {
    name: 'Object.assign(this, options) of what `new` passes',
    ...bypassAt(session(["mode = 'default';", 'constructor(options) { Object.assign(this, options); }'], ["new Session({ mode: 'bypassPermissions' });"]), 7, 'is', ' (passed to Session() as options)'),
  },
  {
    name: "a subclass: the base's field initialiser",
    ...bypassAt(lines(sdk, "class Base { mode = 'bypassPermissions'; }", 'class Session extends Base {', "  run() { return query({ prompt: 'x', options: { permissionMode: this.mode } }); }", '}'), 2),
  },
  {
    name: "an instance of a subclass: the field the base's constructor sets",
    ...bypassAt(lines(sdk, "class Base { constructor() { this.mode = 'bypassPermissions'; } }", "class Session extends Base { model = 'haiku'; }", 'const session = new Session();', "query({ prompt: 'x', options: { permissionMode: session.mode } });"), 2),
  },
];

// TypeScript's own: a parameter's annotation names the class, parameter properties, `as const`.
const typedTarget = (type: string) => session(["mode = 'default';"], ['export const commands = {', `  yolo(target: ${type}) { target.mode = 'bypassPermissions'; },`, '};']);
/** `constructor(private mode = 'bypassPermissions') {}`, then `after`; `head` starts the class. */
const parameterProperty = (after: string[], head = 'class Session {', property = "private mode = 'bypassPermissions'") =>
  lines(sdk, head, `  constructor(${property}) {}`, "  run() { return query({ prompt: 'x', options: { permissionMode: this.mode } }); }", '}', ...after);
const defaultOf = ' (the default of parameter mode of Session(), taken when a call leaves it out)';
const tsValid = [
  typedTarget('{ mode: string }'),
  parameterProperty(["new Session('default');"]),
  parameterProperty(["new Session('bypassPermissions');"], 'class Session {', "private mode = 'default'").replace("new Session('bypassPermissions');", "new Session('plan');"),
  lines(sdk, 'class Session {', "  constructor(private readonly options = { permissionMode: 'bypassPermissions' as const, disallowedTools: ['Bash'] }) {}", "  run() { return query({ prompt: 'x', options: this.options }); }", '}', 'new Session();'),
  lines(sdk, "const CONFIG = { mode: 'default' } as const;", "query({ prompt: 'x', options: { permissionMode: CONFIG.mode } });"),
];
const tsInvalid = [
  { name: 'a parameter typed as the class, switched by a method of another object', ...bypassAt(typedTarget('Session'), 7, 'can be', fromWrite('target.mode', 'yolo')) },
  { name: 'a parameter property whose default every `new` leaves out', ...bypassAt(parameterProperty(['new Session();']), 3, 'is', defaultOf) },
  { name: 'a parameter property whose default one `new` leaves out: can be', ...bypassAt(parameterProperty(["new Session('default');", 'new Session();']), 3, 'can be', defaultOf) },
  { name: 'a parameter property of an exported class no `new` shows: can be', ...bypassAt(parameterProperty([], 'export class Session {'), 3, 'can be', defaultOf) },
  {
    name: 'a parameter property given bypass by `new`',
    ...bypassAt(parameterProperty(["new Session('bypassPermissions');"], 'class Session {', "private mode = 'default'"), 6, 'is', ' (passed to Session() as mode)'),
  },
  {
    name: 'a readonly parameter property holding the options',
    ...bypassAt(lines(sdk, 'class Session {', "  constructor(private readonly options = { permissionMode: 'bypassPermissions' as const }) {}", "  run() { return query({ prompt: 'x', options: this.options }); }", '}', 'new Session();'), 3, 'is', ' (the default of parameter options of Session(), taken when a call leaves it out)'),
  },
  { name: 'an `as const` config object', ...bypassAt(lines(sdk, "const CONFIG = { mode: 'bypassPermissions' } as const;", "query({ prompt: 'x', options: { permissionMode: CONFIG.mode } });"), 2) },
];
runRuleTests(rule, {
  typescript: { valid: [...valid, ...tsValid], invalid: [...invalid, ...tsInvalid] },
  javascript: { valid, invalid },
});

// A class another module exports, built here with `new` (fixtures/objects-and-classes).
const fixtures = fileURLToPath(new URL('../../../fixtures/objects-and-classes/', import.meta.url));
const located = async (project: string): Promise<string[]> =>
  (await fixtureFindings(fixtures, project)).map(({ path, line, column, ruleId, message }) => `${path}:${line}:${column} ${ruleId} ${message.replace(/ with no .*/, '')}`);

describe('new of a class another module exports', () => {
  it('TypeScript: a field initialiser, also of a default-exported class re-exported; a parameter property that the only new replaces stays silent', async () => {
    expect(await located('classes-ts')).toEqual([
      "classes-ts/config.ts:3:10 no-bypass-without-disallowed-tools permissionMode is 'bypassPermissions'",
      "classes-ts/defaults.ts:2:10 no-bypass-without-disallowed-tools permissionMode is 'bypassPermissions'",
    ]);
  });

  it('JavaScript: through a namespace import, the default that one new leaves out; the other new passes plan', async () => {
    expect(await located('classes-js')).toEqual([
      "classes-js/settings.mjs:2:22 no-bypass-without-disallowed-tools permissionMode is 'bypassPermissions' (the default of parameter mode of Session(), taken when a call leaves it out)",
    ]);
  });
});
