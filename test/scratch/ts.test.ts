import rule from '../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../support/rule-tester.js';
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const lines = (...each: string[]) => each.join('\n');
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const at = (name: string, code: string, line: number) => ({ name, code, errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(code, line, "'bypassPermissions'") }] });
const cls = (members: string[], run: string, after: string[] = []) => lines(sdk, 'class Session {', ...members.map((m) => `  ${m}`), `  run() { return query({ prompt: 'x', options: ${run} }); }`, '}', ...after);
const valid = [
  cls(["constructor() { this.options = { permissionMode: 'bypassPermissions', disallowedTools: ['Bash'] }; }"], 'this.options'),
  cls(["options() { return { permissionMode: 'bypassPermissions', disallowedTools: ['Bash'] }; }"], 'this.options()'),
  cls(["get options() { return { permissionMode: 'bypassPermissions', disallowedTools: ['Bash'] }; }"], 'this.options'),
  cls(["constructor() { Object.assign(this, { mode: 'default' }); }"], '{ permissionMode: this.mode }', ["class Other { constructor() { Object.assign(this, { mode: 'bypassPermissions' }); } }"]),
  lines(sdk, "const base = { permissionMode: 'bypassPermissions' };", "query({ prompt: 'x', options: { ...base, disallowedTools: ['Bash'] } });"),
  lines(sdk, "const base = { permissionMode: 'bypassPermissions' };", "query({ prompt: 'x', options: { ...base, permissionMode: 'default' } });"),
  lines(sdk, "const base = { permissionMode: 'bypassPermissions' };", "query({ prompt: 'x', options: Object.assign({}, base, { disallowedTools: ['Bash'] }) });"),
];
const invalid = [
  at('ctor options', cls(["constructor() { this.options = { permissionMode: 'bypassPermissions' }; }"], 'this.options'), 3),
  at('method options', cls(["options() { return { permissionMode: 'bypassPermissions' }; }"], 'this.options()'), 3),
  at('assign this', cls(["constructor() { Object.assign(this, { mode: 'bypassPermissions' }); }"], '{ permissionMode: this.mode }'), 3),
  at('spread', lines(sdk, "const base = { permissionMode: 'bypassPermissions' };", "query({ prompt: 'x', options: { ...base, model: 'haiku' } });"), 2),
  at('assign copy', lines(sdk, "const base = { permissionMode: 'bypassPermissions' };", "query({ prompt: 'x', options: Object.assign({}, base, { model: 'haiku' }) });"), 2),
];
const tsValid = [
  cls(["constructor(private mode = 'bypassPermissions') {}"], '{ permissionMode: this.mode }', ["new Session('default');"]),
  cls(["constructor(private options: { permissionMode: 'bypassPermissions'; disallowedTools: string[] } = { permissionMode: 'bypassPermissions', disallowedTools: ['Bash'] }) {}"], 'this.options', ['new Session();']),
  lines(sdk, "class Session { mode = 'default'; }", "class Other { mode = 'bypassPermissions'; }", "export function start(session: Session) { return query({ prompt: 'x', options: { permissionMode: session.mode } }); }"),
  lines(sdk, "const CONFIG = { mode: 'default' } as const;", "query({ prompt: 'x', options: { permissionMode: CONFIG.mode } });"),
];
const tsInvalid = [
  at('param prop', cls(["constructor(private mode = 'bypassPermissions') {}"], '{ permissionMode: this.mode }', ['new Session();']), 3),
  at('param prop options', cls(["constructor(private readonly options = { permissionMode: 'bypassPermissions' as const }) {}"], 'this.options', ['new Session();']), 3),
  at('param prop no new', cls(["constructor(private mode = 'bypassPermissions') {}"], '{ permissionMode: this.mode }'), 3),
  at('typed read', lines(sdk, "class Session { mode = 'bypassPermissions'; }", "export function start(session: Session) { return query({ prompt: 'x', options: { permissionMode: session.mode } }); }"), 2),
  at('as const', lines(sdk, "const CONFIG = { mode: 'bypassPermissions' } as const;", "query({ prompt: 'x', options: { permissionMode: CONFIG.mode } });"), 2),
];
runRuleTests(rule, { typescript: { valid: [...valid, ...tsValid], invalid: [...invalid, ...tsInvalid] }, javascript: { valid, invalid } });
