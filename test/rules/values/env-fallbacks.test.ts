import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runRuleTests } from '../../support/rule-tester.js';

// Environment fallbacks (issue 16) where the other tests do not show them: in
// JavaScript, and as a parameter's default, where the variable still names
// where the value comes from. The Python twin is
// test/rules/python/env-fallbacks.test.ts.
const lines = (...each: string[]) => each.join('\n');
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', allowed: 'allowedTools', exposure: '' };
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const fromEnvironment = (name: string) => ` (the fallback when the environment variable ${name} is not set)`;
const bypassAt = (code: string, line: number, from: string) => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, certainty: 'can be', from }, line, column: columnOf(code, line, "'bypassPermissions'") }],
});
/** An exported wrapper whose mode defaults to `fallback` (line 2), never called in the file. */
const defaulted = (fallback: string) => lines(sdk, `export function run({ mode = ${fallback} } = {}) { return query({ prompt: 'x', options: { permissionMode: mode } }); }`);
const direct = (mode: string) => lines(sdk, `query({ prompt: 'x', options: { permissionMode: ${mode} } });`);

runRuleTests(rule, {
  typescript: {
    valid: [defaulted("process.env.MODE ?? 'plan'")],
    invalid: [{ name: 'an environment fallback as a parameter default names the variable', ...bypassAt(defaulted("process.env.MODE ?? 'bypassPermissions'"), 2, fromEnvironment('MODE')) }],
  },
  javascript: {
    valid: [direct("process.env.MODE || 'default'"), defaulted("process.env.AGENT_MODE || 'acceptEdits'")],
    invalid: [
      { name: '?? after process.env in JavaScript', ...bypassAt(direct("process.env.MODE ?? 'bypassPermissions'"), 2, fromEnvironment('MODE')) },
      { name: '|| as a parameter default in JavaScript', ...bypassAt(defaulted("process.env.AGENT_MODE || 'bypassPermissions'"), 2, fromEnvironment('AGENT_MODE')) },
    ],
  },
});
