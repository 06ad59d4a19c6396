import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import bare from '../../../rules/no-bare-allowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Python twins of test/rules/values/class-state-rules.test.ts: a settings
// class's default and an instance switched by a handler next to
// can_use_tool; an allow list from a @property.
const code = (...lines: string[]) =>
  py('from dataclasses import dataclass', 'from claude_agent_sdk import ClaudeAgentOptions, PermissionResultDeny, query', 'async def review(tool_name, tool_input, context):', '    return PermissionResultDeny(message="no")', ...lines);
const columnOf = (source: string, line: number, needle: string) => source.split('\n')[line - 1]!.indexOf(needle) + 1;
const mode = (certainty: string, from: string) => ({ mode: 'permission_mode', certainty, from, callback: 'can_use_tool' });
const read = (receiver: string) => `query(prompt="x", options=ClaudeAgentOptions(permission_mode=${receiver}.permission_mode, can_use_tool=review))`;
/** A dataclass `Settings` whose default is `value` (line 7), one call `call`, and a query reading it. */
const settings = (value: string, call = 'Settings()') => code('@dataclass', 'class Settings:', `    permission_mode: str = "${value}"`, `settings = ${call}`, read('settings'));
/** A class whose instance a handler switches to `value` (line 9). */
const switched = (value: string) => code('class Session:', '    permission_mode = "default"', 'session = Session()', 'def on_key():', `    session.permission_mode = "${value}"`, read('session'));

runPythonCases(shadowed, {
  valid: [settings('bypassPermissions', 'Settings(permission_mode="default")'), switched('plan')],
  invalid: [
    {
      name: 'a settings default that the call leaves out, next to can_use_tool',
      code: settings('dontAsk'),
      errors: [{ messageId: 'dontAskMode', line: 7, column: columnOf(settings('dontAsk'), 7, '"dontAsk"'), data: mode('is', ' (the default of parameter permission_mode of Settings(), taken when a call leaves it out)') }],
    },
    {
      name: "a handler that switches an instance's mode to bypass: can be, naming the write",
      code: switched('bypassPermissions'),
      errors: [{ messageId: 'bypassMode', line: 9, column: columnOf(switched('bypassPermissions'), 9, '"bypassPermissions"'), data: mode('can be', ' (written to session.permission_mode in on_key())') }],
    },
  ],
});

const tools = (list: string) => code('class Agent:', '    @property', '    def tools(self):', `        return [${list}]`, '    def run(self):', '        return query(prompt="x", options=ClaudeAgentOptions(allowed_tools=self.tools))');
/** An instance whose allow list a command handler replaces with `list` (line 11). */
const trusted = (list: string) =>
  code('class Agent:', '    allowed_tools = ["Read"]', '    def run(self):', '        return query(prompt="x", options=ClaudeAgentOptions(allowed_tools=self.allowed_tools))', 'agent = Agent()', 'def on_trust():', `    agent.allowed_tools = [${list}]`);
runPythonCases(bare, {
  valid: [tools('"Read", "Bash(npm test *)"'), trusted('"Read", "Bash(git status)"')],
  invalid: [
    {
      name: 'an allow list a handler switches elsewhere: reported at the write',
      code: trusted('"Read", "Bash"'),
      errors: [{ messageId: 'bareTool', line: 11, column: columnOf(trusted('"Read", "Bash"'), 11, '"Bash"'), suggestions: [{ messageId: 'removeEntry', output: trusted('"Read"') }] }],
    },
    {
      name: 'an allow list a @property returns',
      code: tools('"Bash"'),
      errors: [{ messageId: 'bareTool', line: 8, column: columnOf(tools('"Bash"'), 8, '"Bash"'), suggestions: [{ messageId: 'removeEntry', output: tools('') }] }],
    },
  ],
});
