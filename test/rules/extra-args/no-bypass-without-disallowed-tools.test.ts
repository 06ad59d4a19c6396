import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const cjs = "const { query } = require('@anthropic-ai/claude-agent-sdk');";
/** Options on line 2 after `head`. */
const options = (body: string, head = sdk) => `${head}\nquery({ prompt: 'x', options: { ${body} } });`;
const columnOf = (code: string, needle: string) => code.split('\n')[1]!.indexOf(needle) + 1;
const names = { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools' };
/** The skip flag is named as written, the mode it sets without --permission-mode, which the user did not write. */
const skipFlag = { mode: "extraArgs['dangerously-skip-permissions']" };
const bypassAt = (code: string, needle: string, certainty = 'is', named: { mode?: string } = {}) => ({
  code,
  errors: [{ messageId: 'bypassWithoutDeny' as const, data: { ...names, ...named, certainty, from: '', exposure: '' }, line: 2, column: columnOf(code, needle), endColumn: columnOf(code, needle) + needle.length }],
});

const cases = (head: string) => ({
  valid: [
    // Deny rules passed as an extra flag, or as the option, bound bypass.
    options("extraArgs: { 'dangerously-skip-permissions': null, disallowedTools: 'Bash(rm *) WebFetch' }", head),
    options("permissionMode: 'bypassPermissions', extraArgs: { 'disallowed-tools': 'Bash(curl *)' }", head),
    options("extraArgs: { 'dangerously-skip-permissions': null }, disallowedTools: ['WebFetch']", head),
    // The extra --permission-mode comes after the SDK's own, so it wins.
    options("permissionMode: 'bypassPermissions', extraArgs: { 'permission-mode': 'plan' }", head),
    // Flags that set no permission, and an extra mode known only at run time.
    options("extraArgs: { verbose: null, 'permission-mode-x': 'bypassPermissions' }", head),
    options("extraArgs: { 'permission-mode': process.env.MODE }", head),
    // extraArgs outside the options of an entry point.
    `${head}\nconst flags = { extraArgs: { 'dangerously-skip-permissions': null } };\nquery({ prompt: 'x', options: {} });`,
  ],
  invalid: [
    bypassAt(options("extraArgs: { 'dangerously-skip-permissions': null }", head), "'dangerously-skip-permissions'", 'sets', skipFlag),
    bypassAt(options("extraArgs: { 'permission-mode': 'bypassPermissions' }", head), "'bypassPermissions'"),
    // The skip flag wins over the SDK's own --permission-mode.
    bypassAt(options("permissionMode: 'plan', extraArgs: { 'dangerously-skip-permissions': null }", head), "'dangerously-skip-permissions'", 'sets', skipFlag),
    // On one path only.
    bypassAt(options("extraArgs: { ...(process.env.CI ? { 'dangerously-skip-permissions': null } : {}) }", head), "'dangerously-skip-permissions'", 'can set', skipFlag),
  ],
});

runRuleTests(rule, { typescript: cases(sdk), javascript: cases(cjs) });

const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions', ...lines);
const pyColumn = (source: string, needle: string) => source.split('\n')[1]!.indexOf(needle) + 1;
runPythonCases(rule, {
  valid: [
    code('options = ClaudeAgentOptions(extra_args={"dangerously-skip-permissions": None, "disallowed-tools": "Bash(rm *)"})'),
    code('options = ClaudeAgentOptions(permission_mode="bypassPermissions", extra_args={"permission-mode": "default"})'),
    code('options = ClaudeAgentOptions(extra_args={"debug-to-stderr": None})'),
  ],
  invalid: [
    ...[
      code('options = ClaudeAgentOptions(extra_args={"dangerously-skip-permissions": None})'),
      code('options = ClaudeAgentOptions(permission_mode="acceptEdits", extra_args={"permission-mode": "bypassPermissions"})'),
    ].map((source, index) => {
      const needle = index === 0 ? '"dangerously-skip-permissions"' : '"bypassPermissions"';
      return { name: index === 0 ? 'the skip flag in extra_args' : 'an extra permission-mode over the option', code: source, errors: [{ messageId: 'bypassWithoutDeny' as const, data: index === 0 ? { mode: "extra_args['dangerously-skip-permissions']", deny: 'disallowed_tools', certainty: 'sets' } : { mode: 'permission_mode', deny: 'disallowed_tools', certainty: 'is' }, line: 2, column: pyColumn(source, needle), endColumn: pyColumn(source, needle) + needle.length }] };
    }),
  ],
});
