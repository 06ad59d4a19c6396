import bypass from '../../../rules/no-bypass-without-disallowed-tools.js';
import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

/*
 * A run-time switch of the mode on the session an entry point starts: after
 * it the mode "can be" the switched one, named as coming from the call.
 */
const col = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const session = (options: string, ...after: string[]) =>
  [sdk, 'export async function run(prompt: AsyncIterable<never>) {', `  const q = query({ prompt, options: { ${options} } });`, ...after, '}'].join('\n');
const switched = (name: string) => ({ from: ` (switched at run time by ${name}())` });

const bypassCases = {
  valid: [
    // Deny rules hold in bypass: a switch into it is not unguarded.
    session("disallowedTools: ['Bash(rm *)']", "  await q.setPermissionMode('bypassPermissions');"),
    // Switching to a mode that asks.
    session('', "  await q.setPermissionMode('default');"),
    // A mode computed at run time is never reported.
    session('', '  await q.setPermissionMode(process.argv[2] as never);'),
    // applyFlagSettings that brings deny rules with the mode: its rules are not read yet, so it stays silent.
    session('', "  await q.applyFlagSettings({ permissions: { defaultMode: 'bypassPermissions', deny: ['Bash(rm *)'] } });"),
    // Another object's method of the same name.
    [sdk, 'const other = { setPermissionMode(mode: string) { return mode; } };', "other.setPermissionMode('bypassPermissions');"].join('\n'),
  ],
  invalid: [
    {
      name: 'setPermissionMode into bypass with no deny rules: can be, naming the switch',
      code: session('', "  await q.setPermissionMode('bypassPermissions');"),
      errors: [{ messageId: 'bypassWithoutDeny' as const, data: { certainty: 'can be', ...switched('q.setPermissionMode') }, line: 4, column: 29 }],
    },
    {
      name: 'applyFlagSettings with a bypass defaultMode',
      code: session('', "  await q.applyFlagSettings({ permissions: { defaultMode: 'bypassPermissions' } });"),
      errors: [{ messageId: 'bypassWithoutDeny' as const, data: { certainty: 'can be', ...switched('q.applyFlagSettings') }, line: 4, column: col("  await q.applyFlagSettings({ permissions: { defaultMode: 'bypassPermissions' } });", 1, "'bypass") }],
    },
  ],
};
const partial = <T extends { errors: Array<{ data: Record<string, string> }> }>(item: T): T => ({
  ...item,
  errors: item.errors.map((error) => ({ ...error, data: { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', exposure: '', ...error.data } })),
});
runRuleTests(bypass, {
  typescript: { valid: bypassCases.valid, invalid: bypassCases.invalid.map(partial) },
  javascript: {
    valid: bypassCases.valid.map((code) => code.replace(' as never', '').replace('(prompt: AsyncIterable<never>)', '(prompt)').replace('(mode: string)', '(mode)')),
    invalid: bypassCases.invalid.map((item) => partial({ ...item, code: item.code.replace('(prompt: AsyncIterable<never>)', '(prompt)') })),
  },
});

runRuleTests(shadowed, {
  typescript: {
    valid: [session('canUseTool: async () => ({ behavior: "deny" as const, message: "no" })', "  await q.setPermissionMode('plan');")],
    invalid: [
      {
        name: 'a switch into dontAsk leaves canUseTool out',
        code: session('canUseTool: async () => ({ behavior: "deny" as const, message: "no" })', "  await q.setPermissionMode('dontAsk');"),
        errors: [{ messageId: 'dontAskMode', data: { mode: 'permissionMode', certainty: 'can be', callback: 'canUseTool', ...switched('q.setPermissionMode') }, line: 4, column: 29 }],
      },
    ],
  },
});

const head = ['from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient', '', ''];
const client = (options: string, ...body: string[]) =>
  py(...head, 'async def main():', `    async with ClaudeSDKClient(options=ClaudeAgentOptions(${options})) as client:`, ...body.map((line) => `        ${line}`));

runPythonCases(bypass, {
  valid: [
    client('disallowed_tools=["Bash(rm *)"]', 'await client.set_permission_mode("bypassPermissions")'),
    client('', 'await client.set_permission_mode("acceptEdits")'),
    // A client made without options has no configuration to switch.
    py(...head, 'async def main():', '    client = ClaudeSDKClient()', '    await client.set_permission_mode("bypassPermissions")'),
  ],
  invalid: [
    {
      name: 'set_permission_mode into bypass inside async with',
      code: client('', 'await client.set_permission_mode("bypassPermissions")'),
      errors: [{ messageId: 'bypassWithoutDeny', data: { certainty: 'can be', ...switched('client.set_permission_mode') }, line: 6, column: 42 }],
    },
    {
      name: 'set_permission_mode on a client bound by assignment',
      code: py(...head, 'async def main(options: ClaudeAgentOptions):', '    client = ClaudeSDKClient(ClaudeAgentOptions(model="x"))', '    await client.set_permission_mode("bypassPermissions")'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 6, column: 38 }],
    },
  ],
});
