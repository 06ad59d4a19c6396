import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';

// `config[key] ?? fallback`: the value at the key, or the fallback, which
// "can be" the value when the object is not known (issue 16).
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
/** Lines 2-3: keys and a defaults object keyed by them. */
const keys = ["const Key = { Mode: 'permissionMode' } as const;", "const DEFAULTS = { [Key.Mode]: 'bypassPermissions', safe: 'default' } as const;"];
const jsKeys = keys.map((line) => line.replace(' as const', ''));
/** `run(config)` passes `mode` on (line 4). */
const runs = (head: readonly string[], mode: string) => [sdk, ...head, `export const run = (config) => query({ prompt: 'x', options: { permissionMode: ${mode} } });`].join('\n');
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', exposure: '' };
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const bypassAt = (code: string, line: number, certainty: string, lookup: string) => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, line, column: columnOf(code, line, "'bypassPermissions'"), data: { ...names, certainty, from: ` (the fallback when ${lookup} is not set)` } }],
});

runRuleTests(rule, {
  typescript: {
    valid: [
      runs(keys, 'config[Key.Mode] ?? DEFAULTS.safe'),
      // A known object that holds the key: never the fallback.
      [sdk, ...keys, "const config = { [Key.Mode]: 'plan' };", "query({ prompt: 'x', options: { permissionMode: config[Key.Mode] ?? DEFAULTS[Key.Mode] } });"].join('\n'),
    ],
    invalid: [
      { name: 'an unknown object read by a constant key, a fallback from a defaults object', ...bypassAt(runs(keys, 'config[Key.Mode] ?? DEFAULTS[Key.Mode]'), 3, 'can be', 'config[Key.Mode]') },
      {
        name: 'a known object whose key holds undefined',
        ...bypassAt([sdk, ...keys, 'const config = { [Key.Mode]: undefined };', "query({ prompt: 'x', options: { permissionMode: config[Key.Mode] ?? DEFAULTS[Key.Mode] } });"].join('\n'), 3, 'is', 'config[Key.Mode]'),
      },
    ],
  },
  javascript: {
    valid: [runs(jsKeys, "config['mode'] ?? 'default'")],
    invalid: [{ name: 'a string key and a literal fallback', ...bypassAt(runs([], "config['mode'] ?? 'bypassPermissions'"), 2, 'can be', "config['mode']") }],
  },
});
