import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';

// The SDK reached without a static import (issue 16): loaded with `import()`
// (destructured, as a namespace, in a `.then` callback, inline), or handed in
// as a value whose declared type is the SDK's module (a parameter typed
// `typeof import('…')`, what a typed `getSDK()` returns, a parameter a call of
// the same file passes the SDK). A value handed in without such a type or
// call is not known to be the SDK and stays silent. The
// options-only modules are in test/engine/options-modules.test.ts.
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', allowed: 'allowedTools' };
const lines = (...each: string[]) => each.join('\n');
const bypassAt = (code: string, line: number) => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, certainty: 'is', from: '', exposure: '' }, line, column: code.split('\n')[line - 1]!.indexOf("'bypassPermissions'") + 1 }],
});
const sdk = "'@anthropic-ai/claude-agent-sdk'";
// A session started by the caller and handed in: its run-time switch belongs to the caller's options.
const drive = [`import { query, type Query } from ${sdk};`, 'async function drive(session: Query) {', "  await session.setPermissionMode('bypassPermissions');", '}', 'export async function main(prompt: AsyncIterable<never>) {'];
// The same function handed the session by name, destructured from an object (Python's keyword).
const driveByName = drive.map((line) => line.replace('drive(session: Query)', 'drive({ session }: { session: Query })'));
const switchedAt = (code: string) => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, certainty: 'can be', from: ' (switched at run time by session.setPermissionMode())', exposure: '' }, line: 3, column: code.split('\n')[2]!.indexOf("'bypassPermissions'") + 1 }],
});
const options = "{ prompt: 'x', options: { permissionMode: 'bypassPermissions' } }";
const jsDrive = drive.map((line) => line.replace(', type Query', '').replace('session: Query', 'session').replace('prompt: AsyncIterable<never>', 'prompt'));
const safe = "{ prompt: 'x', options: { permissionMode: 'bypassPermissions', disallowedTools: ['Bash'] } }";

runRuleTests(rule, {
  typescript: {
    valid: [
      // Another module loaded the same ways.
      lines('export async function main() {', "  const { query } = await import('./own-sdk');", `  query(${options});`, '}'),
      lines("import('./own-sdk').then(({ query }) => query(" + options + '));'),
      lines('export async function main() {', "  (await import('./own-sdk')).query(" + options + ');', '}'),
      // The SDK loaded, and its options deny what bypass would allow.
      lines('export async function main() {', `  const agent = await import(${sdk});`, `  agent.query(${safe});`, '}'),
      // A parameter typed as another module, or not typed as a module at all.
      lines("export function run(agent: typeof import('./own-sdk')) {", `  return agent.query(${options});`, '}'),
      lines(`import type { Options } from ${sdk};`, 'export function run(agent: { query(input: { prompt: string; options: Options }): unknown }) {', `  return agent.query(${options});`, '}'),
      // `getSDK` declared to return another module, or with no declared return type.
      lines("interface Deps { getSDK(): Promise<typeof import('./own-sdk')> }", 'export async function run(deps: Deps) {', '  const agent = await deps.getSDK();', `  return agent.query(${options});`, '}'),
      lines(`import type { Options } from ${sdk};`, 'export async function run(deps: { getSDK(): any }) {', '  const agent = await deps.getSDK();', `  return agent.query(${options});`, '}'),
      // An Options type of another module, and the SDK's options spelt out safely.
      lines("export const options: import('./own-sdk').Options = { permissionMode: 'bypassPermissions' };"),
      lines(`export const options: import(${sdk}).Options = { permissionMode: 'bypassPermissions', disallowedTools: ['Bash'] };`),
      // The caller's session denies what bypass would allow; a session no call here is seen to pass; one the caller was handed.
      lines(...drive, "  await drive(query({ prompt, options: { disallowedTools: ['Bash(rm *)'] } }));", '}'),
      lines(...drive.slice(0, 4)),
      lines(...drive.slice(0, 4), 'export async function relay(session: Query) {', '  await drive(session);', '}'),
      // Handed by name: a session that denies, and a session under another key than the one switched.
      lines(...driveByName, "  await drive({ session: query({ prompt, options: { disallowedTools: ['Bash(rm *)'] } }) });", '}'),
      lines(...driveByName.slice(0, 1), 'async function drive({ session, spare }: { session: Query; spare?: Query }) {', "  await spare?.setPermissionMode('bypassPermissions');", '}', ...driveByName.slice(4), "  await drive({ session: query({ prompt, options: { model: 'x' } }) });", '}'),
      // A field typed as another module, or untyped.
      lines('export class Runner {', "  constructor(private readonly agent: typeof import('./own-sdk')) {}", `  run() { return this.agent.query(${options}); }`, '}'),
      lines('export class Runner {', '  agent: any;', `  run() { return this.agent.query(${options}); }`, '}', `export type Sdk = typeof import(${sdk});`),
      // The forms above with another module: a .then namespace, an alias, a type-only namespace, an export's type, a local getSDK.
      lines("void import('./own-sdk').then((agent) =>", `  agent.query(${options}),`, ');'),
      lines("type Sdk = typeof import('./own-sdk');", 'export function run(agent: Sdk) {', `  return agent.query(${options});`, '}'),
      lines("import type * as OwnSdk from './own-sdk';", 'export function run(agent: typeof OwnSdk) {', `  return agent.query(${options});`, '}'),
      lines("export function run(ask: typeof import('./own-sdk').query) {", `  return ask(${options});`, '}'),
      lines("declare function getSDK(): Promise<typeof import('./own-sdk')>;", 'export async function run() {', '  const agent = await getSDK();', `  return agent.query(${options});`, '}'),
      // What the calls here pass is not the SDK.
      lines("import * as own from './own-sdk';", `import type { Options } from ${sdk};`, 'function run(agent: any) {', `  return agent.query(${options});`, '}', 'run(own);'),
      // A `let` may hold something else by the time it is called.
      lines(`type Sdk = typeof import(${sdk});`, 'export async function run(deps: { getSDK(): Promise<Sdk> }, other: any) {', '  let agent = await deps.getSDK();', '  agent = other;', `  return agent.query(${options});`, '}'),
    ],
    invalid: [
      { name: 'a dynamic import destructured', ...bypassAt(lines('export async function main() {', `  const { query } = await import(${sdk});`, `  query(${options});`, '}'), 3) },
      { name: 'a dynamic import kept as a namespace', ...bypassAt(lines('export async function main() {', `  const agent = await import(${sdk});`, `  agent.query(${options});`, '}'), 3) },
      { name: 'a dynamic import used inline', ...bypassAt(lines('export async function main() {', `  (await import(${sdk})).query(${options});`, '}'), 2) },
      { name: 'a dynamic import destructured in a .then callback', ...bypassAt(lines(`void import(${sdk}).then(({ query }) =>`, `  query(${options}),`, ');'), 2) },
      { name: 'a dynamic import as the namespace a .then callback takes', ...bypassAt(lines(`void import(${sdk}).then((agent) =>`, `  agent.query(${options}),`, ');'), 2) },
      { name: 'a parameter typed typeof import() of the SDK', ...bypassAt(lines(`export function run(agent: typeof import(${sdk})) {`, `  return agent.query(${options});`, '}'), 2) },
      { name: 'a parameter typed by an alias of the SDK module', ...bypassAt(lines(`type Sdk = typeof import(${sdk});`, 'export function run(agent: Sdk) {', `  return agent.query(${options});`, '}'), 3) },
      { name: 'a parameter typed typeof a type-only namespace import', ...bypassAt(lines(`import type * as AgentSdk from ${sdk};`, 'export function run(agent: typeof AgentSdk) {', `  return agent.query(${options});`, '}'), 3) },
      { name: 'a parameter typed as the SDK query itself', ...bypassAt(lines(`export function run(ask: typeof import(${sdk}).query) {`, `  return ask(${options});`, '}'), 2) },
      {
        name: 'what an interface-typed getSDK() is declared to return',
        ...bypassAt(lines(`interface Deps { getSDK(): Promise<typeof import(${sdk})> }`, 'export async function run(deps: Deps) {', '  const agent = await deps.getSDK();', `  return agent.query(${options});`, '}'), 4),
      },
      {
        name: 'what a getSDK property of a type literal is declared to return',
        ...bypassAt(lines(`type Sdk = typeof import(${sdk});`, 'export async function run(deps: { getSDK: () => Sdk }) {', '  const agent = deps.getSDK();', `  return agent.query(${options});`, '}'), 4),
      },
      {
        name: 'what a local getSDK function is declared to return',
        ...bypassAt(lines(`declare function getSDK(): Promise<typeof import(${sdk})>;`, 'export async function run() {', '  const agent = await getSDK();', `  return agent.query(${options});`, '}'), 4),
      },
      { name: 'a session started in the call and switched by the function it is handed to', ...switchedAt(lines(...drive, "  await drive(query({ prompt, options: { model: 'x' } }));", '}')) },
      { name: 'a session kept in a const and handed on', ...switchedAt(lines(...drive, "  const started = query({ prompt, options: { model: 'x' } });", '  await drive(started);', '}')) },
      { name: 'a session handed by name to a function that destructures it', ...switchedAt(lines(...driveByName, "  await drive({ session: query({ prompt, options: { model: 'x' } }) });", '}')) },
      { name: 'a session kept in a const and handed by name in shorthand', ...switchedAt(lines(...driveByName, "  const session = query({ prompt, options: { model: 'x' } });", '  await drive({ session });', '}')) },
      { name: 'a constructor parameter property typed as the SDK module', ...bypassAt(lines('export class Runner {', `  constructor(private readonly agent: typeof import(${sdk})) {}`, `  run() { return this.agent.query(${options}); }`, '}'), 3) },
      { name: 'a class field typed as the SDK module, called in an arrow function', ...bypassAt(lines(`type Sdk = typeof import(${sdk});`, 'export class Runner {', '  agent!: Sdk;', `  run = () => this.agent.query(${options});`, '}'), 4) },
      { name: 'a parameter a call of the same file passes the SDK namespace (TypeScript)', ...bypassAt(lines(`import * as agentSdk from ${sdk};`, 'function run(agent: any) {', `  return agent.query(${options});`, '}', 'run(agentSdk);'), 3) },
      { name: 'an object typed by an import() type of the SDK Options', ...bypassAt(lines(`export const options: import(${sdk}).Options = { permissionMode: 'bypassPermissions' };`), 1) },
    ],
  },
  javascript: {
    valid: [
      lines('export async function main() {', "  const agent = await import('./own-sdk.js');", `  agent.query(${options});`, '}'),
      lines("/** @param {typeof import('./own-sdk.js')} agent */", 'export function run(agent) {', `  return agent.query(${options});`, '}'),
      // No type: what a caller hands in is not known to be the SDK.
      lines(`/** @param {import(${sdk}).Options} settings */`, 'export function run(agent, settings) {', `  return agent.query(${options});`, '}'),
      // What the calls here pass is not the SDK.
      lines("import * as own from './own-sdk.js';", 'function run(agent) {', `  return agent.query(${options});`, '}', 'run(own);', `export const sdk = import(${sdk});`),
      // The SDK is passed, and the options deny what bypass would allow.
      lines(`import * as agentSdk from ${sdk};`, 'function run(agent) {', `  return agent.query(${safe});`, '}', 'run(agentSdk);'),
      // The dynamic-import forms with another module.
      lines('export async function main() {', "  const { query } = await import('./own-sdk.js');", `  query(${options});`, '}'),
      lines('export async function main() {', "  (await import('./own-sdk.js')).query(" + options + ');', '}'),
      lines("import('./own-sdk.js').then(({ query }) => query(" + options + '));'),
      lines("import('./own-sdk.js').then((agent) => agent.query(" + options + '));'),
      // A required module of the project's own, passed on.
      { code: lines("const own = require('./own-sdk.js');", `const { query } = require(${sdk});`, 'function run(label, agent) {', `  return agent.query(${options});`, '}', "run('x', own);"), filename: 'file.cjs' },
      // A field typed by JSDoc as another module, and one with no type.
      lines('export class Runner {', "  /** @type {typeof import('./own-sdk.js')} */", '  agent;', `  run() { return this.agent.query(${options}); }`, '}'),
      lines(`import * as agentSdk from ${sdk};`, 'export class Runner {', '  agent;', `  run() { return this.agent.query(${options}); }`, '}', 'export const sdk = agentSdk;'),
      // JSDoc types that name another module: getSDK's return, a typedef, an export's type; an untyped getSDK().
      lines("/** @returns {Promise<typeof import('./own-sdk.js')>} */", 'async function getSDK() { return globalThis.sdk; }', 'export async function run() {', '  const agent = await getSDK();', `  return agent.query(${options});`, '}'),
      lines("/** @typedef {typeof import('./own-sdk.js')} Sdk */", '/** @param {Sdk} agent */', 'export function run(agent) {', `  return agent.query(${options});`, '}'),
      lines("/** @param {typeof import('./own-sdk.js').query} ask */", 'export function run(ask) {', `  return ask(${options});`, '}'),
      lines(`/** @param {import(${sdk}).Options} settings */`, 'export async function run(opts, settings) {', '  const agent = await opts.getSDK();', `  return agent.query(${options});`, '}'),
      // The caller's session denies what bypass would allow; a session no call here is seen to pass; one the caller was handed.
      lines(...jsDrive, "  await drive(query({ prompt, options: { disallowedTools: ['Bash(rm *)'] } }));", '}'),
      lines(...jsDrive.slice(0, 4)),
      lines(...jsDrive.slice(0, 4), 'export async function relay(session) {', '  await drive(session);', '}'),
      // A JSDoc type of another module's Options.
      lines("/** @type {import('./own-sdk.js').Options} */", "export const options = { permissionMode: 'bypassPermissions' };"),
    ],
    invalid: [
      { name: 'a dynamic import destructured (JavaScript)', ...bypassAt(lines('export async function main() {', `  const { query } = await import(${sdk});`, `  query(${options});`, '}'), 3) },
      { name: 'a dynamic import as a namespace (JavaScript)', ...bypassAt(lines('export async function main() {', `  const agent = await import(${sdk});`, `  agent.query(${options});`, '}'), 3) },
      { name: 'a .then callback (JavaScript)', ...bypassAt(lines(`import(${sdk}).then((agent) => agent.query(${options}));`), 1) },
      { name: 'a parameter a call of the same file passes the SDK namespace', ...bypassAt(lines(`import * as agentSdk from ${sdk};`, 'function run(agent) {', `  return agent.query(${options});`, '}', 'run(agentSdk);'), 3) },
      { name: 'a parameter a call passes the required SDK', ...bypassAt(lines(`const agentSdk = require(${sdk});`, 'function run(label, agent) {', `  return agent.query(${options});`, '}', "run('x', agentSdk);"), 3), filename: 'file.cjs' },
      { name: 'a dynamic import used inline (JavaScript)', ...bypassAt(lines('export async function main() {', `  (await import(${sdk})).query(${options});`, '}'), 2) },
      { name: 'a dynamic import destructured in a .then callback (JavaScript)', ...bypassAt(lines(`import(${sdk}).then(({ query }) =>`, `  query(${options}),`, ');'), 2) },
      {
        name: 'what a JSDoc-typed getSDK() is declared to return',
        ...bypassAt(lines(`/** @returns {Promise<typeof import(${sdk})>} */`, 'async function getSDK() { return globalThis.sdk; }', 'export async function run() {', '  const agent = await getSDK();', `  return agent.query(${options});`, '}'), 5),
      },
      {
        name: 'what a JSDoc-typed getSDK of a parameter is declared to return',
        ...bypassAt(lines(`/** @param {{ getSDK(): Promise<typeof import(${sdk})> }} deps */`, 'export async function run(deps) {', '  const agent = await deps.getSDK();', `  return agent.query(${options});`, '}'), 4),
      },
      { name: 'a parameter typed by a JSDoc typedef of the SDK module', ...bypassAt(lines(`/** @typedef {typeof import(${sdk})} Sdk */`, '/** @param {Sdk} agent */', 'export function run(agent) {', `  return agent.query(${options});`, '}'), 4) },
      { name: 'a parameter typed by JSDoc as the SDK query itself', ...bypassAt(lines(`/** @param {typeof import(${sdk}).query} ask */`, 'export function run(ask) {', `  return ask(${options});`, '}'), 3) },
      { name: 'a session started in the call and switched by the function it is handed to (JavaScript)', ...switchedAt(lines(...jsDrive, "  await drive(query({ prompt, options: { model: 'x' } }));", '}')) },
      { name: 'a session kept in a const and handed on (JavaScript)', ...switchedAt(lines(...jsDrive, "  const started = query({ prompt, options: { model: 'x' } });", '  await drive(started);', '}')) },
      { name: 'an options module typed by JSDoc', ...bypassAt(lines(`/** @type {import(${sdk}).Options} */`, "export const options = { permissionMode: 'bypassPermissions' };"), 2) },
      { name: 'a class field typed by JSDoc', ...bypassAt(lines('export class Runner {', `  /** @type {typeof import(${sdk})} */`, '  agent;', `  run() { return this.agent.query(${options}); }`, '}'), 4) },
      { name: 'a parameter typed by JSDoc', ...bypassAt(lines(`/** @param {typeof import(${sdk})} agent */`, 'export function run(agent) {', `  return agent.query(${options});`, '}'), 3) },
    ],
  },
});
