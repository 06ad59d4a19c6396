import rule from '../../../rules/no-bare-allowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** Line 1: the SDK import; cases start on line 2. */
const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, query', ...lines);

/** The one suggestion: the file without the entry. */
const removing = (entry: string, output: string) => [{ messageId: 'removeEntry' as const, data: { entry }, output }];
const tools = (list: string) => code(`TOOLS = [${list}]`, 'client = ClaudeSDKClient(ClaudeAgentOptions(allowed_tools=TOOLS))');
/** The list built in `steps` (one line each, from line 2), then passed as allowed_tools. */
const built = (...steps: string[]) => code(...steps, 'options = ClaudeAgentOptions(allowed_tools=tools)');
const runners = (list: string) => code(`options = ClaudeAgentOptions(allowed_tools=[${list}])`);
/** A test helper that forwards typed `**kwargs` into the options (lines 2-4), then `calls`. */
const helper = (...calls: string[]) =>
  code('def make_options(**kwargs: object) -> ClaudeAgentOptions:', '    path = kwargs.pop("cli_path", "/usr/bin/claude")', '    return ClaudeAgentOptions(cli_path=path, **kwargs)', ...calls);

runPythonCases(rule, {
  valid: [
    // Scoped entries approve only what they name.
    code('options = ClaudeAgentOptions(allowed_tools=["Bash(npm test *)", "Edit(./src/**)", "WebFetch(domain:example.com)"])'),
    // Read-only tools, and a single MCP tool named in full.
    code('options = ClaudeAgentOptions(allowed_tools=["Read", "Glob", "Grep", "mcp__github__get_issue"])'),
    // Whole tools the user approves on purpose.
    { code: code('options = ClaudeAgentOptions(allowed_tools=["WebFetch"])'), options: { allow: ['WebFetch'] } },
    // A list computed at run time, or imported, is not seen.
    code('import os', 'options = ClaudeAgentOptions(allowed_tools=os.environ["TOOLS"].split(","))'),
    code('from .tools import TOOLS', 'options = ClaudeAgentOptions(allowed_tools=TOOLS)'),
    // A deny list is not an allow list.
    code('options = ClaudeAgentOptions(disallowed_tools=["Bash", "Write"])'),
    // Lists built in steps whose added entries are scoped or read-only.
    built('tools = ["Read"]', 'if CI:', '    tools.append("Bash(git status)")'),
    built('tools = ["Read"]', 'tools.insert(0, "Grep")', 'tools.extend(["Glob"])'),
    built('SAFE = ["Read", "Grep"]', 'tools = SAFE + ["Edit(./src/**)"]'),
    built('def read_only():', '    return ["Read", "Glob"]', 'tools = read_only()'),
    // Joined with a list that cannot be seen.
    built('from .extra import EXTRA', 'tools = ["Read"] + EXTRA'),
    // A list of the same name that is not an agent option.
    code('allowed_tools = ["Bash"]', 'print(allowed_tools)'),
    // The helper's callers pass only read-only or scoped entries.
    helper('first = make_options(allowed_tools=["Read"])', 'other = make_options(allowed_tools=["Bash(git status)"], model="m")'),
  ],
  invalid: [
    {
      name: 'typed **kwargs forwarded by a test helper: the caller that passes the bare entry',
      code: helper('first = make_options(allowed_tools=["Read"])', 'other = make_options(allowed_tools=["Read", "Write"], model="m")'),
      errors: [
        {
          messageId: 'bareTool',
          line: 6,
          column: 45,
          data: { entry: 'Write', tool: 'Write' },
          suggestions: removing('Write', helper('first = make_options(allowed_tools=["Read"])', 'other = make_options(allowed_tools=["Read"], model="m")')),
        },
      ],
    },
    {
      name: 'a bare side-effecting tool in ClaudeAgentOptions',
      code: code('options = ClaudeAgentOptions(allowed_tools=["Read", "Bash"])'),
      errors: [
        {
          messageId: 'bareTool',
          line: 2,
          column: 53,
          data: { entry: 'Bash', tool: 'Bash', example: 'Bash(npm test *)' },
          suggestions: removing('Bash', code('options = ClaudeAgentOptions(allowed_tools=["Read"])')),
        },
      ],
    },
    {
      name: 'specifiers that match everything, and a whole MCP server',
      code: tools('"Bash(*)", "Edit(**)", "mcp__github", "mcp__db__*"'),
      errors: [
        { messageId: 'bareTool', line: 2, column: 10, data: { entry: 'Bash(*)' }, suggestions: removing('Bash(*)', tools('"Edit(**)", "mcp__github", "mcp__db__*"')) },
        {
          messageId: 'bareTool',
          line: 2,
          column: 21,
          data: { entry: 'Edit(**)', tool: 'Edit' },
          suggestions: removing('Edit(**)', tools('"Bash(*)", "mcp__github", "mcp__db__*"')),
        },
        { messageId: 'wholeServer', line: 2, column: 33, data: { server: 'github' }, suggestions: removing('mcp__github', tools('"Bash(*)", "Edit(**)", "mcp__db__*"')) },
        { messageId: 'wholeServer', line: 2, column: 48, data: { server: 'db' }, suggestions: removing('mcp__db__*', tools('"Bash(*)", "Edit(**)", "mcp__github"')) },
      ],
    },
    {
      name: 'an interpreter after an environment assignment',
      code: runners('"Bash(DEBUG=1 node:*)", "Bash(node scripts/build.js)"'),
      errors: [{ messageId: 'commandRunner', line: 2, column: 45, data: { runner: 'node' }, suggestions: removing('Bash(DEBUG=1 node:*)', runners('"Bash(node scripts/build.js)"')) }],
    },
    {
      name: 'command runners followed by a wildcard',
      code: runners('"Bash(npx *)", "Bash(git:*)", "Bash(npm test *)"'),
      errors: [
        { messageId: 'commandRunner', line: 2, column: 45, data: { runner: 'npx' }, suggestions: removing('Bash(npx *)', runners('"Bash(git:*)", "Bash(npm test *)"')) },
        { messageId: 'commandRunner', line: 2, column: 60, data: { runner: 'git' }, suggestions: removing('Bash(git:*)', runners('"Bash(npx *)", "Bash(npm test *)"')) },
      ],
    },
    {
      name: 'through **base, a starred list and a dict of keyword arguments',
      code: code(
        'BASE_TOOLS = ["Write"]',
        'base = dict(allowed_tools=[*BASE_TOOLS, "Read"])',
        'options = ClaudeAgentOptions(**base)',
      ),
      // The entry is spliced into another list: no separator here to remove with it.
      errors: [{ messageId: 'bareTool', line: 2, column: 15, data: { entry: 'Write' }, suggestions: [] }],
    },
    {
      name: 'a conditional list, and an entry added with +=',
      code: code(
        'tools = ["WebFetch"] if ONLINE else ["Read"]',
        'tools += ["NotebookEdit"]',
        'async def main():',
        '    async for message in query(prompt="x", options=ClaudeAgentOptions(allowed_tools=tools)):',
        '        print(message)',
      ),
      errors: [
        { messageId: 'bareTool', line: 2, column: 10, data: { entry: 'WebFetch' } },
        { messageId: 'bareTool', line: 3, column: 11, data: { entry: 'NotebookEdit' } },
      ],
    },
    {
      name: 'the older SDK',
      code: py('from claude_code_sdk import ClaudeCodeOptions', 'options = ClaudeCodeOptions(allowed_tools=["MultiEdit"])'),
      errors: [
        {
          messageId: 'bareTool',
          line: 2,
          column: 44,
          suggestions: removing('MultiEdit', py('from claude_code_sdk import ClaudeCodeOptions', 'options = ClaudeCodeOptions(allowed_tools=[])')),
        },
      ],
    },
    {
      name: 'an entry appended under a condition: reported at the append argument',
      code: built('tools = ["Read"]', 'if CI:', '    tools.append("Bash")'),
      errors: [{ messageId: 'bareTool', line: 4, column: 18, data: { entry: 'Bash', tool: 'Bash' }, suggestions: [] }],
    },
    {
      name: 'insert and extend',
      code: built('tools = ["Read"]', 'tools.insert(0, "Write")', 'tools.extend(["WebFetch"])'),
      errors: [
        { messageId: 'bareTool', line: 3, column: 17, data: { entry: 'Write' } },
        { messageId: 'bareTool', line: 4, column: 15, data: { entry: 'WebFetch' } },
      ],
    },
    {
      name: 'a module constant joined with +, and a helper that returns a list',
      code: built('EDITING = ["Edit", "Read"]', 'def shell():', '    return ["Bash"]', 'tools = EDITING + shell()'),
      errors: [
        { messageId: 'bareTool', line: 2, column: 12, data: { entry: 'Edit' } },
        { messageId: 'bareTool', line: 4, column: 13, data: { entry: 'Bash' } },
      ],
    },
  ],
});
