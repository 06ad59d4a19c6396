import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';

// Modes kept in objects and classes the way real agent code keeps them
// (issue 16): a field the constructor sets, a class field initialiser, a
// private `#field`, a getter, an instance read outside its class, a
// constructor's parameter given by `new`, copies and frozen objects. Every
// case is plain JavaScript, so it runs as TypeScript and as JavaScript. The
// Python twin is test/rules/python/objects-and-classes.test.ts.
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
];

// A parameter's annotation names the class only in TypeScript.
const typedTarget = (type: string) => session(["mode = 'default';"], ['export const commands = {', `  yolo(target: ${type}) { target.mode = 'bypassPermissions'; },`, '};']);
runRuleTests(rule, {
  typescript: {
    valid: [...valid, typedTarget('{ mode: string }')],
    invalid: [...invalid, { name: 'a parameter typed as the class, switched by a method of another object', ...bypassAt(typedTarget('Session'), 7, 'can be', fromWrite('target.mode', 'yolo')) }],
  },
  javascript: { valid, invalid },
});
