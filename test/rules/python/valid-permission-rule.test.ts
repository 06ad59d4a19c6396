import rule from '../../../rules/valid-permission-rule.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** Line 1: the SDK import; cases start on line 2. */
const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions, HookMatcher', ...lines);
const options = (keywords: string) => code(`options = ClaudeAgentOptions(${keywords})`);
/** Column of the first entry of a list given as the first keyword, e.g. `allowed_tools=[`. */
const first = (keyword: string) => 'options = ClaudeAgentOptions('.length + keyword.length + 3;

runPythonCases(rule, {
  valid: [
    options('allowed_tools=["Bash(npm run test:*)", "Read(./src/**)", "WebFetch(domain:example.com)", "mcp__github__get_issue", "mcp__github", "Task"]'),
    options('disallowed_tools=["*", "mcp__*", "Write", "Bash(rm -rf *)"]'),
    options('tools=["Read", "Grep"]'),
    options('hooks={"PreToolUse": [HookMatcher(matcher="Write|Edit", hooks=[]), HookMatcher(matcher=None, hooks=[]), HookMatcher(matcher="*", hooks=[])]}'),
    options('hooks={"PostToolUse": [HookMatcher("mcp__memory__.*", [])], "SessionStart": [HookMatcher("startup", [])]}'),
    { code: options('allowed_tools=["Teleport"]'), options: { knownTools: ['Teleport'] } },
    // Computed at run time.
    code('import os', 'options = ClaudeAgentOptions(allowed_tools=[os.environ["TOOL"]])'),
    // A list of the same name that is not an agent option.
    code('allowed_tools = ["bash"]', 'print(allowed_tools)'),
  ],
  invalid: [
    {
      name: 'wrong case in allowed_tools, with the tool name proposed',
      code: options('allowed_tools=["bash(npm test *)"]'),
      errors: [
        {
          messageId: 'wrongCase',
          line: 2,
          column: first('allowed_tools'),
          data: { name: 'bash', known: 'Bash', effect: 'it approves nothing' },
          suggestions: [{ messageId: 'replace', data: { replacement: 'Bash(npm test *)' }, output: options('allowed_tools=["Bash(npm test *)"]') }],
        },
      ],
    },
    {
      name: 'a misspelt deny rule and a Write path rule',
      code: options('disallowed_tools=["WebFecth", "Write(./secrets/**)"]'),
      errors: [
        {
          messageId: 'misspelt',
          line: 2,
          column: first('disallowed_tools'),
          data: { known: "'WebFetch'", effect: 'it blocks nothing' },
          suggestions: [{ messageId: 'replace', output: options('disallowed_tools=["WebFetch", "Write(./secrets/**)"]') }],
        },
        {
          messageId: 'uncheckedSpecifier',
          line: 2,
          column: first('disallowed_tools') + 12,
          data: { replacement: 'Edit(./secrets/**)' },
          suggestions: [{ messageId: 'replace', output: options('disallowed_tools=["WebFecth", "Edit(./secrets/**)"]') }],
        },
      ],
    },
    {
      name: 'a misspelt HookMatcher matcher, by keyword and by position',
      code: options('hooks={"PreToolUse": [HookMatcher(matcher="Write|Edt", hooks=[]), HookMatcher("bash", [])]}'),
      errors: [
        {
          messageId: 'misspelt',
          line: 2,
          column: 72,
          data: { name: 'Edt', effect: 'the hook never runs for it' },
          suggestions: [{ messageId: 'replace', output: options('hooks={"PreToolUse": [HookMatcher(matcher="Write|Edit", hooks=[]), HookMatcher("bash", [])]}') }],
        },
        {
          messageId: 'wrongCase',
          line: 2,
          column: 108,
          suggestions: [{ messageId: 'replace', output: options('hooks={"PreToolUse": [HookMatcher(matcher="Write|Edt", hooks=[]), HookMatcher("Bash", [])]}') }],
        },
      ],
    },
    {
      name: 'an unknown tool, a wildcard allow and a URL, through a variable',
      code: code('TOOLS = ["Teleport", "mcp__*", "WebFetch(https://example.com/docs)"]', 'options = ClaudeAgentOptions(tools=["Read"], allowed_tools=TOOLS)'),
      errors: [
        { messageId: 'unknownTool', line: 2, column: 10, data: { name: 'Teleport' } },
        { messageId: 'wildcardInAllow', line: 2, column: 22, data: { entry: 'mcp__*' } },
        {
          messageId: 'webFetchDomain',
          line: 2,
          column: 32,
          suggestions: [{ messageId: 'replace', output: code('TOOLS = ["Teleport", "mcp__*", "WebFetch(domain:example.com)"]', 'options = ClaudeAgentOptions(tools=["Read"], allowed_tools=TOOLS)') }],
        },
      ],
    },
    {
      name: 'a raw string is reported, but not edited',
      code: options('disallowed_tools=[r"bash"]'),
      errors: [{ messageId: 'wrongCase', line: 2, column: first('disallowed_tools') }],
    },
  ],
});
