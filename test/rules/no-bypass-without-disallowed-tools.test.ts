import rule from '../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../support/rule-tester.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', allowed: 'allowedTools', exposure: '' };
const options = (body: string) => `${sdk}\nquery({ prompt: 'x', options: { ${body} } });`;
const modeColumn = "query({ prompt: 'x', options: { permissionMode: ".length + 1;
const fromEnvironment = (name: string) => ` (the fallback when the environment variable ${name} is not set)`;
const fromDefault = (name: string, owner: string) => ` (the default of parameter ${name} of ${owner}(), taken when a call leaves it out)`;
const fromArgument = (name: string, owner: string) => ` (passed to ${owner}() as ${name})`;
const fromWrite = (name: string, owner: string) => ` (written to ${name} in ${owner}())`;
/** A class whose `run` passes `this.permissionMode` to query, with `members` before it; line 2 opens it. */
const session = (...members: string[]) =>
  [sdk, 'class Session {', ...members.map((member) => `  ${member}`), "  run() { return query({ prompt: 'x', options: { permissionMode: this.permissionMode } }); }", '}'].join('\n');
/** A function that passes its `mode` parameter (declared as `head`) to query, then `calls`; line 2 declares it. */
const runs = (head: string, ...calls: string[]) =>
  [sdk, `${head} { return query({ prompt: 'x', options: { permissionMode: mode } }); }`, ...calls].join('\n');
/** The 1-based column of `needle` in line `line` of `code`. */
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
/**
 * A wrapper that copies each field of its parameter into the options (lines 2-4), then `calls`:
 * each caller's fields stay that caller's.
 */
const copies = (...calls: string[]) =>
  [
    sdk,
    'function run(opts: { mode?: PermissionMode; deny?: string[]; tools?: string[] }) {',
    "  return query({ prompt: 'x', options: { permissionMode: opts.mode, disallowedTools: opts.deny, tools: opts.tools, model: 'haiku' } });",
    '}',
    ...calls,
  ].join('\n');
const bypassAt = (code: string, line: number, needle: string, certainty: string, from: string) => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, certainty, from }, line, column: columnOf(code, line, needle) }],
});

runRuleTests(rule, {
  typescript: {
    valid: [
      options("permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)', 'WebFetch']"),
      options("permissionMode: 'bypassPermissions', tools: ['Read', 'Grep']"),
      options("permissionMode: 'bypassPermissions', tools: []"),
      options("permissionMode: 'bypassPermissions', settings: { permissions: { deny: ['Bash(curl *)'] } }"),
      options("permissionMode: 'bypassPermissions', managedSettings: { permissions: { deny: ['WebFetch'] } }"),
      // A settings file path: its deny rules are not visible here, so nothing is certain.
      options("permissionMode: 'bypassPermissions', settings: './agent-settings.json'"),
      // Unknown deny lists and modes are never reported.
      `${sdk}\nimport { deny } from './deny';\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions', disallowedTools: deny } });`,
      `${sdk}\nimport { base } from './base';\nquery({ prompt: 'x', options: { ...base, permissionMode: 'bypassPermissions' } });`,
      options("permissionMode: process.env.MODE as 'default'"),
      // A fallback that is not bypass, and an environment read with none: nothing to report.
      options("permissionMode: process.env.MODE ?? 'default'"),
      options("permissionMode: process.env.MODE || 'acceptEdits'"),
      `${sdk}\nconst mode = process.env.AGENT_MODE;\nquery({ prompt: 'x', options: { permissionMode: mode } });`,
      // Parameters: every call passes a mode that is not bypass, so the default never applies.
      runs("function run(mode = 'bypassPermissions')", "run('default');", "run('acceptEdits');"),
      runs("export function run({ mode = 'bypassPermissions' } = {})", "run({ mode: 'default' });"),
      // No default, no call that shows the value; a spread whose elements are not known.
      runs('export function run(mode: PermissionMode)'),
      runs("function run(mode = 'bypassPermissions')", 'declare const modes: [];', 'run(...modes);'),
      // A default that is not bypass, called without the argument.
      runs("const run = (mode = 'default') =>", 'run();'),
      // Fields: no write is bypass; the constructor replaces a bypass initialiser before any method runs.
      session("private permissionMode = 'default';", "reset() { this.permissionMode = 'acceptEdits'; }"),
      session("private permissionMode = 'bypassPermissions';", "constructor() { this.permissionMode = 'default'; }"),
      // Writes to another object's field, and to the `this` of a nested function.
      session("private permissionMode = 'default';", "copy(other: any) { other.permissionMode = 'bypassPermissions'; }"),
      session("private permissionMode = 'default';", "later() { setTimeout(function (this: any) { this.permissionMode = 'bypassPermissions'; }); }"),
      options("permissionMode: 'acceptEdits', allowedTools: ['Read']"),
      // An allow list that is empty lists nothing that bypass could be thought to limit.
      options("permissionMode: 'bypassPermissions', disallowedTools: ['Bash'], allowedTools: []"),
      options("permissionMode: 'default'"),
      // The later of two writes wins.
      `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\nconst options: Options = {};\noptions.permissionMode = 'bypassPermissions';\noptions.permissionMode = 'default';\nquery({ prompt: 'x', options });`,
      // Fields copied one by one: each caller that passes bypass brings its own deny rules or tools.
      copies("run({ mode: 'bypassPermissions', deny: ['Bash'] });", "run({ mode: 'bypassPermissions', tools: ['Read'] });", "run({ mode: 'default' });"),
      // A caller whose deny list is not known.
      copies('declare const deny: string[];', "run({ mode: 'bypassPermissions', deny });"),
    ],
    invalid: [
      {
        name: "fields copied one by one: the caller with bypass and no deny rules, not another caller's deny rules",
        ...bypassAt(copies("run({ mode: 'bypassPermissions', deny: ['Bash'] });", "run({ mode: 'bypassPermissions' });"), 6, "'bypassPermissions'", 'is', fromArgument('opts', 'run')),
      },
      {
        name: "fields copied one by one: another caller's tools do not narrow this caller's",
        ...bypassAt(copies("run({ mode: 'default', tools: ['Read'] });", "run({ mode: 'bypassPermissions' });"), 6, "'bypassPermissions'", 'can be', fromArgument('opts', 'run')),
      },
      {
        name: 'bypass with nothing else',
        code: options("permissionMode: 'bypassPermissions'"),
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'is', from: '' }, line: 2, column: modeColumn, endColumn: modeColumn + 19 }],
      },
      {
        name: 'an empty disallowedTools and the full preset',
        code: options("permissionMode: 'bypassPermissions', disallowedTools: [], tools: { type: 'preset', preset: 'claude_code' }"),
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: modeColumn }],
      },
      {
        name: 'allowedTools does not constrain bypass, and is reported on the property',
        code: `${sdk}\nquery({ prompt: 'x', options: {\n  permissionMode: 'bypassPermissions',\n  allowedTools: ['Read'],\n} });`,
        errors: [
          { messageId: 'bypassWithoutDeny', line: 3, column: 19 },
          { messageId: 'allowedToolsIgnored', data: names, line: 4, column: 3, endColumn: 15 },
        ],
      },
      {
        name: 'allowedTools with deny rules still misleads',
        code: options("permissionMode: 'bypassPermissions', disallowedTools: ['Bash'], allowedTools: ['Read']"),
        errors: [{ messageId: 'allowedToolsIgnored', line: 2, column: 97 }],
      },
      {
        name: 'a later write turns bypass on',
        code: `import { query, type Options } from '@anthropic-ai/claude-agent-sdk';\nconst options: Options = {};\noptions.permissionMode = 'default';\noptions.permissionMode = 'bypassPermissions';\nquery({ prompt: 'x', options });`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 4, column: 26 }],
      },
      {
        name: 'a bypass that depends on the environment',
        code: `${sdk}\nconst yolo = process.env.YOLO === '1';\nquery({ prompt: 'x', options: { permissionMode: yolo ? 'bypassPermissions' : 'default' } });`,
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'can be', from: '' }, line: 3, column: 56 }],
      },
      {
        name: 'an environment variable with a bypass fallback: can be, naming the variable',
        code: options("permissionMode: process.env.MODE ?? 'bypassPermissions'"),
        errors: [
          {
            messageId: 'bypassWithoutDeny',
            data: { ...names, certainty: 'can be', from: fromEnvironment('MODE') },
            line: 2,
            column: modeColumn + 'process.env.MODE ?? '.length,
          },
        ],
      },
      {
        name: 'an || fallback through a variable, the key in brackets',
        code: `${sdk}\nconst mode = process.env['AGENT_MODE'] || 'bypassPermissions';\nquery({ prompt: 'x', options: { permissionMode: mode } });`,
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'can be', from: fromEnvironment('AGENT_MODE') }, line: 2, column: 43 }],
      },
      {
        name: 'env imported from node:process',
        code: `${sdk}\nimport { env } from 'node:process';\nquery({ prompt: 'x', options: { permissionMode: env.MODE ?? 'bypassPermissions' } });`,
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'can be', from: fromEnvironment('MODE') }, line: 3, column: 61 }],
      },
      {
        name: 'an exported function that is never called keeps its bypass default: can be, naming the default',
        ...bypassAt(runs("export function run(mode = 'bypassPermissions')"), 2, "'bypassPermissions'", 'can be', fromDefault('mode', 'run')),
      },
      {
        name: 'a destructured parameter default',
        ...bypassAt(runs("export function run({ mode = 'bypassPermissions' } = {})"), 2, "'bypassPermissions'", 'can be', fromDefault('mode', 'run')),
      },
      {
        name: 'the one call passes bypass: is, at the argument',
        ...bypassAt(runs('function run(mode: string)', "run('bypassPermissions');"), 3, "'bypassPermissions'", 'is', fromArgument('mode', 'run')),
      },
      {
        // ESLint names the call, a related place on another line, in the message (src/eslint/related-places.ts).
        name: 'the one call passes a bypass constant: at the constant, the call a related place',
        ...((code) => ({
          code,
          errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, certainty: 'is', from: fromArgument('mode', 'run'), related: ' (See also line 4.)' }, line: 3, column: columnOf(code, 3, "'bypassPermissions'") }],
        }))(runs('function run(mode: string)', "const MODE = 'bypassPermissions';", 'run(MODE);')),
      },
      {
        name: 'a call that leaves the argument out takes the default',
        ...bypassAt(runs("function run(prompt: string, mode = 'bypassPermissions')", "run('a', 'default');", "run('b');"), 2, "'bypassPermissions'", 'can be', fromDefault('mode', 'run')),
      },
      {
        name: 'an arrow function, one call of two passes bypass',
        ...bypassAt(runs("const run = (prompt: string, mode = 'default') =>", "run('a', 'bypassPermissions');", "run('b');"), 3, "'bypassPermissions'", 'can be', fromArgument('mode', 'run')),
      },
      {
        name: 'an options object passed to a destructured parameter',
        ...bypassAt(runs("function run({ mode = 'default' }: { mode?: string })", "run({ mode: 'bypassPermissions' });"), 3, "'bypassPermissions'", 'is', fromArgument('mode', 'run')),
      },
      {
        name: 'a field a method switches to bypass: can be, naming the write',
        ...bypassAt(session("private permissionMode = 'default';", "yolo() { this.permissionMode = 'bypassPermissions'; }"), 4, "'bypassPermissions'", 'can be', fromWrite('this.permissionMode', 'yolo')),
      },
      {
        name: 'a module object a command handler switches to bypass',
        ...bypassAt(
          [
            sdk,
            "const state = { permissionMode: 'default' };",
            "export function onYolo() { state.permissionMode = 'bypassPermissions'; }",
            "export const start = () => query({ prompt: 'x', options: { permissionMode: state.permissionMode } });",
          ].join('\n'),
          3,
          "'bypassPermissions'",
          'can be',
          fromWrite('state.permissionMode', 'onYolo'),
        ),
      },
      {
        name: 'a typed options object that is never passed in this file',
        code: `import type { Options } from '@anthropic-ai/claude-agent-sdk';\nexport const options: Options = { permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true };`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 51 }],
      },
    ],
  },
  javascript: {
    valid: [
      options("permissionMode: process.env.MODE ?? 'default'"),
      runs("function run(mode = 'bypassPermissions')", "run('default');"),
      session("constructor() { this.permissionMode = 'default'; }"),
      options("permissionMode: 'bypassPermissions', disallowedTools: ['Bash']"),
      copies("run({ mode: 'bypassPermissions', deny: ['Bash'] });", "run({ mode: 'default' });").replace(/opts: \{[^)]*\}/, 'opts'),
      // The later of two writes wins.
      `${sdk}\nconst options = {};\noptions.permissionMode = 'bypassPermissions';\noptions.permissionMode = 'default';\nquery({ prompt: 'x', options });`,
    ],
    invalid: [
      {
        name: 'a later write turns bypass on',
        code: `${sdk}\nconst options = {};\noptions.permissionMode = 'default';\noptions.permissionMode = 'bypassPermissions';\nquery({ prompt: 'x', options });`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 4, column: 26 }],
      },
      {
        name: 'an environment variable with a bypass fallback',
        code: `${sdk}\nconst mode = process.env.MODE || 'bypassPermissions';\nquery({ prompt: 'x', options: { permissionMode: mode } });`,
        errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'can be', from: fromEnvironment('MODE') }, line: 2, column: 34 }],
      },
      {
        name: 'a field set in the constructor and switched by a method',
        ...bypassAt(session("constructor() { this.permissionMode = 'default'; }", "yolo() { this.permissionMode = 'bypassPermissions'; }"), 4, "'bypassPermissions'", 'can be', fromWrite('this.permissionMode', 'yolo')),
      },
      {
        name: 'a function handed to module.exports and never called keeps its bypass default',
        filename: 'agent.cjs',
        ...bypassAt(
          [
            "const { query } = require('@anthropic-ai/claude-agent-sdk');",
            "function run(mode = 'bypassPermissions') { return query({ prompt: 'x', options: { permissionMode: mode } }); }",
            'module.exports = { run };',
          ].join('\n'),
          2,
          "'bypassPermissions'",
          'can be',
          fromDefault('mode', 'run'),
        ),
      },
      {
        name: 'CommonJS',
        filename: 'agent.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst options = { permissionMode: 'bypassPermissions' };\nmodule.exports = () => query({ prompt: 'x', options });`,
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 35 }],
      },
      {
        name: 'fields copied one by one from an untyped parameter',
        ...bypassAt(copies("run({ mode: 'bypassPermissions', deny: ['Bash'] });", "run({ mode: 'bypassPermissions', deny: [] });").replace(/opts: \{[^)]*\}/, 'opts'), 6, "'bypassPermissions'", 'is', fromArgument('opts', 'run')),
      },
      {
        name: 'ESM JavaScript',
        code: options("permissionMode: 'bypassPermissions'"),
        errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: modeColumn }],
      },
    ],
  },
});
