import fileGuard from '../../../rules/no-bash-bypass-of-file-guard.js';
import timeout from '../../../rules/require-hook-timeout.js';
import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

/*
 * The hooks of the settings option are flag-tier settings hooks: command
 * hooks as in a settings file, checked by the same rules, whether the
 * settings are an object or a JSON string (a file the option names is read
 * by scan: test/cli/settings-option.test.ts).
 */
const col = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const gate = 'const canUseTool = async () => ({ behavior: "deny" as const, message: "no" });';
/** An agent whose settings option, on line 4, is `settings`. */
const agent = (settings: string, more = '') => `${sdk}\n${gate}\nquery({ prompt: 'x', options: {\n  settings: ${settings},${more}\n  canUseTool,\n} });`;
const preToolUse = (matcher: string, hook: string) => `{ hooks: { PreToolUse: [{ matcher: '${matcher}', hooks: [${hook}] }] } }`;
const command = (text: string, more = '') => `{ type: 'command', command: ${text}${more} }`;
const allowOutput = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}';
const echoAllow = `\`echo '${allowOutput}'\``;
const requestAllow = "`echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PermissionRequest\",\"decision\":{\"behavior\":\"allow\"}}}'`";
const jsOnly = (code: string) => code.replace(' as const', '');

const approving = agent(preToolUse('Bash', command(echoAllow)));
const requestApproving = agent(`{ hooks: { PermissionRequest: [{ hooks: [${command(requestAllow)}] }] } }`);
const shadowedCases = {
  valid: [
    // A hook that asks, a script whose output only running it tells, an allow limited by `if`, one in the background.
    agent(preToolUse('Bash', command("`echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"ask\"}}'`"))),
    agent(preToolUse('Bash', command("'./hooks/approve.sh'"))),
    agent(preToolUse('Bash', command(echoAllow, ", if: 'Bash(git status)'"))),
    agent(preToolUse('Bash', command(echoAllow, ', async: true'))),
    // Printed with double quotes, the shell may change the text: not read.
    agent(preToolUse('Bash', command(`'echo "${allowOutput.replace(/"/g, '\\\\"')}"'`))),
    // An allow from a PostToolUse hook decides nothing.
    agent(`{ hooks: { PostToolUse: [{ hooks: [${command(echoAllow)}] }] } }`),
  ],
  invalid: [
    {
      name: 'a PreToolUse command hook of the settings option that echoes an allow',
      code: approving,
      errors: [{ messageId: 'hookApproves' as const, data: { hook: 'This command hook', callback: 'canUseTool', tools: 'Bash calls' }, line: 4, column: col(approving, 4, '`echo'), endColumn: col(approving, 4, "'`") + 2 }],
    },
    {
      name: 'a PermissionRequest command hook that echoes an allow decision',
      code: requestApproving,
      errors: [{ messageId: 'requestHookApproves' as const, data: { hook: 'This command hook', callback: 'canUseTool', tools: 'any tool call' }, line: 4, column: col(requestApproving, 4, '`echo') }],
    },
  ],
};
runRuleTests(shadowed, {
  typescript: shadowedCases,
  javascript: { valid: shadowedCases.valid.map(jsOnly), invalid: shadowedCases.invalid.map((item) => ({ ...item, code: jsOnly(item.code) })) },
});

// In a JSON string with escapes the finding lands on the string literal.
const jsonApproving = agent(`'{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo \\'{\\\\"decision\\\\": \\\\"approve\\\\"}\\'"}]}]}}'`);
runRuleTests(shadowed, {
  typescript: {
    valid: [],
    invalid: [{ name: 'the legacy approve echoed from a JSON string', code: jsonApproving, errors: [{ messageId: 'hookApproves', line: 4, column: 13 }] }],
  },
});

const guardedWrites = (settings: string, more = '') => `${sdk}\nquery({ prompt: 'x', options: {\n  ${more}settings: ${settings},\n} });`;
const writeGuard = preToolUse('Edit|Write', command("'./hooks/guard.sh'"));
const guardCases = {
  valid: [
    guardedWrites(preToolUse('Edit|Write|Bash', command("'./hooks/guard.sh'"))),
    guardedWrites(writeGuard, "disallowedTools: ['Bash'],\n  "),
    // The settings' own deny rule removes Bash.
    guardedWrites(`{ permissions: { deny: ['Bash'] }, hooks: { PreToolUse: [{ matcher: 'Edit', hooks: [${command("'./g.sh'")}] }] } }`),
  ],
  invalid: [
    {
      name: "a settings option hook guards Edit and Write but not Bash",
      code: guardedWrites(writeGuard),
      errors: [{ messageId: 'bashUnguarded' as const, data: { tools: 'Edit and Write', matcher: 'Edit|Write|Bash', deny: "disallowedTools: ['Bash']" }, line: 3, column: col(guardedWrites(writeGuard), 3, "'Edit|Write'"), endColumn: col(guardedWrites(writeGuard), 3, "'Edit|Write'") + 12 }],
    },
  ],
};
runRuleTests(fileGuard, { typescript: guardCases, javascript: guardCases });

const untimed = guardedWrites(preToolUse('Bash', command("'./hooks/guard.sh'")));
const timeoutCases = {
  valid: [guardedWrites(preToolUse('Bash', command("'./hooks/guard.sh'", ', timeout: 20')))],
  invalid: [
    {
      name: 'a settings command hook without its own timeout, not a matcher without one',
      code: untimed,
      errors: [{ messageId: 'commandWithoutTimeout' as const, data: { type: 'command' }, line: 3, column: col(untimed, 3, "{ type: 'command'") }],
    },
  ],
};
runRuleTests(timeout, { typescript: timeoutCases, javascript: timeoutCases });

const head = ['from claude_agent_sdk import ClaudeAgentOptions', ''];
const pySettings = (json: string, more = '') => py(...head, `options = ClaudeAgentOptions(${more}settings='${json}')`);
const pyGuard = '{"hooks": {"PreToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "./hooks/guard.sh"}]}]}}';
runPythonCases(fileGuard, {
  valid: [pySettings(pyGuard, 'disallowed_tools=["Bash"], ')],
  invalid: [
    {
      name: 'a Python settings JSON string whose hook guards Edit and Write but not Bash',
      code: pySettings(pyGuard),
      errors: [{ messageId: 'bashUnguarded', data: { tools: 'Edit and Write', matcher: 'Edit|Write|Bash', deny: 'disallowed_tools=["Bash"]' }, line: 3, column: col(pySettings(pyGuard), 3, '"Edit|Write"') }],
    },
  ],
});
const pyUntimed = '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./hooks/guard.sh"}]}]}}';
runPythonCases(timeout, {
  valid: [pySettings(pyUntimed.replace('"./hooks/guard.sh"', '"./hooks/guard.sh", "timeout": 20'))],
  invalid: [
    {
      name: 'a Python settings JSON string whose command hook has no timeout',
      code: pySettings(pyUntimed),
      errors: [{ messageId: 'commandWithoutTimeout', data: { type: 'command' }, line: 3, column: col(pySettings(pyUntimed), 3, '{"type"') }],
    },
  ],
});
const pyApproving = py(
  'from claude_agent_sdk import ClaudeAgentOptions',
  '',
  'async def gate(name, tool_input, context): ...',
  '',
  `options = ClaudeAgentOptions(can_use_tool=gate, settings=r"""{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "echo '{\\"decision\\": \\"approve\\"}'"}]}]}}""")`,
);
runPythonCases(shadowed, {
  valid: [pySettings('{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./hooks/approve.sh"}]}]}}', 'can_use_tool=gate, ')],
  invalid: [
    {
      name: 'a Python settings string whose PreToolUse command hook approves every call',
      code: pyApproving,
      errors: [{ messageId: 'hookApproves', data: { hook: 'This command hook', callback: 'can_use_tool', tools: 'any tool call' }, line: 5, column: col(pyApproving, 5, 'r"""') }],
    },
  ],
});
