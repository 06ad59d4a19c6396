import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import bypass from '../../../rules/no-bypass-without-disallowed-tools.js';
import bare from '../../../rules/no-bare-allowed-tools.js';
import valid from '../../../rules/valid-permission-rule.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

/*
 * Subagents of the `agents` option are configurations of their own: their
 * `tools` and `disallowedTools` are rule lists, and the mode their definition
 * asks for counts where Claude Code applies it (a parent in default or
 * dontAsk; never bypassPermissions).
 */
/** 1-based column of `needle` on line `line` of `code`. */
const col = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const gate = 'const canUseTool = async () => ({ behavior: "deny" as const, message: "no" });';
const jsGate = 'const canUseTool = async () => ({ behavior: "deny", message: "no" });';
const agents = (definition: string, parent = '', callback = gate) =>
  `${sdk}\n${callback}\nquery({ prompt: 'x', options: {${parent}\n  agents: {\n    reviewer: { description: 'd', prompt: 'p', ${definition} },\n  },\n  canUseTool,\n} });`;

const shadowedCases = {
  valid: [
    // A definition's bypassPermissions is refused unless the parent is already in bypass: the subagent keeps the parent's mode.
    agents("permissionMode: 'bypassPermissions'"),
    // A parent in plan mode keeps it for its subagents.
    agents("permissionMode: 'acceptEdits'", " permissionMode: 'plan',"),
    // Tools a subagent may use are not approved by being listed.
    agents("tools: ['Bash', 'Write']"),
    agents("permissionMode: 'default'"),
  ],
  invalid: [
    {
      name: "a subagent in acceptEdits next to the parent's canUseTool",
      code: agents("permissionMode: 'acceptEdits'"),
      errors: [{ messageId: 'acceptEditsMode' as const, line: 5, column: col(agents("permissionMode: 'acceptEdits'"), 5, "'acceptEdits'") }],
    },
    {
      name: 'a subagent in dontAsk under a parent that can be in plan mode: can be',
      code: agents("permissionMode: 'dontAsk'", " permissionMode: process.env.PLAN ? 'plan' : 'default',"),
      errors: [{ messageId: 'dontAskMode' as const, data: { mode: 'permissionMode', certainty: 'can be', from: '', callback: 'canUseTool' }, line: 5, column: col(agents("permissionMode: 'dontAsk'"), 5, "'dontAsk'") }],
    },
  ],
};
runRuleTests(shadowed, {
  typescript: shadowedCases,
  javascript: {
    valid: shadowedCases.valid.map((code) => code.replace(gate, jsGate)),
    invalid: shadowedCases.invalid.map((item) => ({ ...item, code: item.code.replace(gate, jsGate) })),
  },
});

runRuleTests(bypass, {
  typescript: {
    // Claude Code never lets a definition widen the mode to bypass, so the subagent is not a bypass configuration.
    valid: [agents("permissionMode: 'bypassPermissions'"), agents("permissionMode: 'bypassPermissions', tools: ['Read']")],
    invalid: [
      {
        name: 'a bypass parent is still reported once, on its own mode',
        code: agents("permissionMode: 'acceptEdits'", " permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true,"),
        errors: [{ messageId: 'bypassWithoutDeny', line: 3, column: col(agents('', " permissionMode: 'bypassPermissions',"), 3, "'bypass") }],
      },
    ],
  },
});

runRuleTests(bare, {
  // `tools` is the set a subagent may use, not an allow list: its calls still go through the permission checks.
  typescript: { valid: [agents("tools: ['Bash', 'Write', 'mcp__github']")], invalid: [] },
});

runRuleTests(valid, {
  typescript: {
    valid: [agents("tools: ['Read', 'Grep'], disallowedTools: ['Bash(rm *)', 'mcp__github']")],
    invalid: [
      {
        name: "a subagent's misspelt tool and deny rule",
        code: agents("tools: ['Reed'], disallowedTools: ['bash(rm *)']"),
        errors: [
          { messageId: 'misspelt', line: 5, column: col(agents("tools: ['Reed']"), 5, "'Reed'"), suggestions: [{ messageId: 'replace', output: agents("tools: ['Read'], disallowedTools: ['bash(rm *)']") }] },
          { messageId: 'wrongCase', line: 5, column: col(agents("tools: ['Reed'], disallowedTools: ['bash(rm *)']"), 5, "'bash("), suggestions: [{ messageId: 'replace', output: agents("tools: ['Reed'], disallowedTools: ['Bash(rm *)']") }] },
        ],
      },
    ],
  },
  javascript: {
    valid: [agents("tools: ['Read']", '', jsGate)],
    invalid: [
      {
        name: "a subagent's MCP deny rule with parentheses",
        code: agents("disallowedTools: ['mcp__github(x)']", '', jsGate),
        errors: [{ messageId: 'mcpParentheses', line: 5, column: col(agents("disallowedTools: ['mcp__github(x)']"), 5, "'mcp__") }],
      },
    ],
  },
});

/** Lines 1-5: the SDK import and a callback; the options start on line 6. */
const head = [
  'from claude_agent_sdk import AgentDefinition, ClaudeAgentOptions, PermissionResultDeny',
  '',
  'async def review(tool_name, tool_input, context):',
  '    return PermissionResultDeny(message="no")',
  '',
];
const pyAgents = (definition: string, parent = '') =>
  py(...head, 'options = ClaudeAgentOptions(', `    ${parent}can_use_tool=review,`, '    agents={', `        "reviewer": AgentDefinition(description="d", prompt="p", ${definition}),`, '    },', ')');

runPythonCases(shadowed, {
  valid: [pyAgents('permissionMode="bypassPermissions"'), pyAgents('permissionMode="dontAsk"', 'permission_mode="auto", '), pyAgents('tools=["Bash"]')],
  invalid: [
    {
      name: 'a Python subagent in acceptEdits',
      code: pyAgents('permissionMode="acceptEdits"'),
      errors: [{ messageId: 'acceptEditsMode', line: 9, column: col(pyAgents('permissionMode="acceptEdits"'), 9, '"acceptEdits"') }],
    },
    {
      name: 'a subagent given as a plain dict',
      code: py(...head, 'options = ClaudeAgentOptions(can_use_tool=review, agents={"r": {"description": "d", "prompt": "p", "permissionMode": "dontAsk"}})'),
      errors: [{ messageId: 'dontAskMode', line: 6, column: 118 }],
    },
  ],
});

runPythonCases(valid, {
  valid: [pyAgents('tools=["Read"], disallowedTools=["Bash(rm *)"]')],
  invalid: [
    {
      name: "a Python subagent's unknown tool",
      code: pyAgents('tools=["Raed"]'),
      errors: [
        {
          messageId: 'misspelt',
          line: 9,
          column: col(pyAgents('tools=["Raed"]'), 9, '"Raed"'),
          suggestions: [{ messageId: 'replace', data: { replacement: 'Read' }, output: pyAgents('tools=["Read"]') }],
        },
      ],
    },
  ],
});
