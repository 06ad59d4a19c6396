import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';

// Values built the way real agent code builds them (issue 16): an entry point
// called through a constant that may hold it, a defaults object indexed by an
// enum member, a request field with a fallback, a private method returning
// the options, `...` of an object a call passes. The multi-module forms are in
// test/engine/wrappers.test.ts.
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', allowed: 'allowedTools' };
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (code: string, line: number, certainty: string, from = '') => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, certainty, from, exposure: '' }, line, column: columnOf(code, line, "'bypassPermissions'") }],
});
const lines = (...each: string[]) => each.join('\n');
const aliased = "import { query as sdkQuery } from '@anthropic-ai/claude-agent-sdk';";
const sdk = "import { query, type Options } from '@anthropic-ai/claude-agent-sdk';";
const options = "{ prompt: 'x', options: { permissionMode: 'bypassPermissions' } }";

runRuleTests(rule, {
  typescript: {
    valid: [
      // Neither branch is the SDK's query.
      lines(aliased, "import { ownQuery, mockQuery } from './own';", `const run = process.env.SDK ? ownQuery : mockQuery;`, `run(${options});`),
      // A `let` may be reassigned to anything before the call.
      lines(aliased, "import { ownQuery } from './own';", 'let run = ownQuery;', `run(${options});`),
      // The defaults entry read is the safe one.
      lines(sdk, "enum Kind { Auto = 'auto', Safe = 'safe' }", "const defaults = { [Kind.Auto]: 'bypassPermissions', [Kind.Safe]: 'default' } as const;", "query({ prompt: 'x', options: { permissionMode: defaults[Kind.Safe] } });"),
      // A fallback that is not bypass.
      lines(sdk, "export function handle(req: { mode?: Options['permissionMode'] }) { return query({ prompt: 'x', options: { permissionMode: req.mode ?? 'plan' } }); }"),
    ],
    invalid: [
      {
        name: 'the entry point called through a conditional alias of the SDK query',
        ...bypassAt(lines(aliased, "import { ownQuery } from './own';", 'const run = process.env.SDK ? sdkQuery : ownQuery;', `run(${options});`), 4, 'is'),
      },
      {
        name: 'an alias through an alias, and `||`',
        ...bypassAt(lines(aliased, "import { mockQuery } from './own';", 'const q = mockQuery || sdkQuery;', 'const run = q;', `run(${options});`), 5, 'is'),
      },
      {
        name: 'a defaults object indexed by an enum member',
        ...bypassAt(lines(sdk, "enum Kind { Auto = 'auto', Safe = 'safe' }", "const defaults = { [Kind.Auto]: 'bypassPermissions', [Kind.Safe]: 'default' } as const;", "query({ prompt: 'x', options: { permissionMode: defaults[Kind.Auto] } });"), 3, 'is'),
      },
      {
        name: 'a request field with a bypass fallback: can be',
        ...bypassAt(lines(sdk, "export function handle(req: { mode?: Options['permissionMode'] }) { return query({ prompt: 'x', options: { permissionMode: req.mode ?? 'bypassPermissions' } }); }"), 2, 'can be', ' (the fallback when req.mode is not set)'),
      },
      {
        name: 'a private method returning the options',
        ...bypassAt(lines(sdk, 'class Runner {', "  private buildOptions(): Options { return { permissionMode: 'bypassPermissions' }; }", "  run() { return query({ prompt: 'x', options: this.buildOptions() }); }", '}'), 3, 'is'),
      },
      {
        name: 'options spread from an object a call passes name the call',
        ...bypassAt(lines(sdk, "function run(opts: Options) { return query({ prompt: 'x', options: { ...opts } }); }", "run({ permissionMode: 'bypassPermissions' });"), 3, 'is', ' (passed to run() as opts)'),
      },
    ],
  },
  javascript: {
    valid: [lines("const sdk = require('@anthropic-ai/claude-agent-sdk');", 'const mock = () => [];', 'const q = process.env.MOCK ? mock : mock;', `q(${options});`)],
    invalid: [
      {
        name: 'a conditional alias of a required SDK member',
        ...bypassAt(lines("const sdk = require('@anthropic-ai/claude-agent-sdk');", 'const mock = () => [];', 'const q = process.env.MOCK ? mock : sdk.query;', `q(${options});`), 4, 'is'),
      },
      {
        name: 'the SDK loaded with a dynamic import',
        ...bypassAt(lines('async function main() {', "  const { query } = await import('@anthropic-ai/claude-agent-sdk');", `  query(${options});`, '}'), 3, 'is'),
      },
    ],
  },
});
