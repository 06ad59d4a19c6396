import bypass from '../../../rules/no-bypass-without-disallowed-tools.js';
import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import bare from '../../../rules/no-bare-allowed-tools.js';
import valid from '../../../rules/valid-permission-rule.js';
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
    // applyFlagSettings that brings deny rules with the mode: they hold in bypass.
    session('', "  await q.applyFlagSettings({ permissions: { defaultMode: 'bypassPermissions', deny: ['Bash(rm *)'] } });"),
    // Deny rules the call may bring, computed at run time.
    session('', "  await q.applyFlagSettings({ permissions: { defaultMode: 'bypassPermissions', deny: process.argv.slice(2) } });"),
    // Settings without permissions change no rule.
    session('', "  await q.applyFlagSettings({ model: 'claude-x' });"),
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
    {
      name: 'applyFlagSettings with an empty deny list is bypass with no deny rules',
      code: session('', "  await q.applyFlagSettings({ permissions: { deny: [], defaultMode: 'bypassPermissions' } });"),
      errors: [{ messageId: 'bypassWithoutDeny' as const, data: { certainty: 'can be', ...switched('q.applyFlagSettings') }, line: 4, column: 69, endColumn: 88 }],
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

// The allow rules applyFlagSettings brings are allow rules of the session from then on.
runRuleTests(bare, {
  typescript: {
    valid: [
      session('', "  await q.applyFlagSettings({ permissions: { allow: ['Bash(npm test *)', 'Read'] } });"),
      // A deny list is not an approval.
      session('', "  await q.applyFlagSettings({ permissions: { deny: ['Bash'] } });"),
    ],
    invalid: [
      {
        name: 'a bare Bash among the allow rules of applyFlagSettings',
        code: session('', "  await q.applyFlagSettings({ permissions: { allow: ['Read', 'Bash'], deny: ['WebFetch'] } });"),
        errors: [
          {
            messageId: 'bareTool' as const,
            data: { entry: 'Bash', tool: 'Bash', example: 'Bash(npm test *)', exposure: '' },
            line: 4,
            column: 62,
            endColumn: 68,
            suggestions: [{ messageId: 'removeEntry' as const, output: session('', "  await q.applyFlagSettings({ permissions: { allow: ['Read'], deny: ['WebFetch'] } });") }],
          },
        ],
      },
    ],
  },
});
runRuleTests(shadowed, {
  javascript: {
    valid: [],
    invalid: [
      {
        name: 'a whole-tool allow rule applied at run time approves before canUseTool',
        code: session('canUseTool: async () => ({ behavior: "deny", message: "no" })', "  await q.applyFlagSettings({ permissions: { allow: ['Edit'] } });").replace('(prompt: AsyncIterable<never>)', '(prompt)'),
        errors: [
          {
            messageId: 'wholeToolAllowed' as const,
            data: { entry: 'Edit', tool: 'Edit', option: 'q.applyFlagSettings().permissions.allow', callback: 'canUseTool', example: 'Edit(./src/**)' },
            line: 4,
            column: 54,
            endColumn: 60,
            suggestions: [{ messageId: 'removeEntry' as const, output: session('canUseTool: async () => ({ behavior: "deny", message: "no" })', "  await q.applyFlagSettings({ permissions: { allow: [] } });").replace('(prompt: AsyncIterable<never>)', '(prompt)') }],
          },
        ],
      },
    ],
  },
});

// Its rule strings are checked like any settings rule.
runRuleTests(valid, {
  typescript: {
    valid: [session('', "  await q.applyFlagSettings({ permissions: { deny: ['WebFetch(domain:example.com)'] } });")],
    invalid: [
      {
        name: 'a misspelt deny rule brought by applyFlagSettings',
        code: session('', "  await q.applyFlagSettings({ permissions: { deny: ['Webfetch'] } });"),
        errors: [
          {
            messageId: 'wrongCase' as const,
            line: 4,
            column: 53,
            endColumn: 63,
            suggestions: [{ messageId: 'replace' as const, output: session('', "  await q.applyFlagSettings({ permissions: { deny: ['WebFetch'] } });") }],
          },
        ],
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
