import bypass from '../../../rules/no-bypass-without-disallowed-tools.js';
import shadowed from '../../../rules/no-shadowed-can-use-tool.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

// Options that are one of several objects (a ternary, or a wrapper's
// parameter that each caller fills with its own object) are judged one object
// at a time: a callback in one call and an allow list in another are two
// agents, not one.
const lines = (...each: string[]) => each.join('\n');
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const sdk = "import { query, type Options } from '@anthropic-ai/claude-agent-sdk';";
const wrapper = "function run(options: Options) { return query({ prompt: 'x', options }); }";
const callback = 'canUseTool: async () => ({ behavior: "allow" as const })';
const ternary = (a: string, b: string) => lines(sdk, `query({ prompt: 'x', options: process.env.X ? { ${a} } : { ${b} } });`);

const shadowedCases = {
  valid: [
    // The callback is passed by one call, the bare entry by another.
    lines(sdk, wrapper, `run({ ${callback} });`, "run({ allowedTools: ['Read', 'Bash'] });"),
    ternary(callback, "allowedTools: ['Bash']"),
  ],
  invalid: [
    {
      name: 'a call that passes both the callback and a bare entry',
      code: lines(sdk, wrapper, `run({ ${callback}, allowedTools: ['Bash'] });`, "run({ allowedTools: ['Read'] });"),
      errors: [
        {
          messageId: 'wholeToolAllowed' as const,
          line: 3,
          column: columnOf(`run({ ${callback}, allowedTools: ['Bash'] });`, 1, "'Bash'"),
          suggestions: [{ messageId: 'removeEntry' as const, output: lines(sdk, wrapper, `run({ ${callback}, allowedTools: [] });`, "run({ allowedTools: ['Read'] });") }],
        },
      ],
    },
  ],
};
runRuleTests(shadowed, { typescript: shadowedCases, javascript: { valid: [ternary('canUseTool: async () => ({ behavior: "allow" })', "allowedTools: ['Bash']").replace(', type Options', '')], invalid: [] } });

const bypassLine = (options: string) => `run({ ${options} });`;
runRuleTests(bypass, {
  typescript: {
    valid: [
      // Bypass comes with its own deny rules; the allow list belongs to another call.
      lines(sdk, wrapper, bypassLine("permissionMode: 'bypassPermissions', disallowedTools: ['Bash(rm *)']"), bypassLine("permissionMode: 'default', allowedTools: ['Read']")),
    ],
    invalid: [
      {
        // Deny rules that another call passes do not guard the call in bypass.
        name: 'a bypass call whose deny rules come from another call',
        code: lines(sdk, wrapper, bypassLine("permissionMode: 'bypassPermissions'"), bypassLine("permissionMode: 'default', disallowedTools: ['Bash']")),
        errors: [{ messageId: 'bypassWithoutDeny' as const, line: 3, column: columnOf(bypassLine("permissionMode: 'bypassPermissions'"), 1, "'bypass") }],
      },
    ],
  },
});

const head = ['from claude_agent_sdk import ClaudeAgentOptions, query', '', ''];
runPythonCases(shadowed, {
  valid: [py(...head, 'async def ok(name, data, context):', '    return None', '', 'options = ClaudeAgentOptions(can_use_tool=ok) if X else ClaudeAgentOptions(allowed_tools=["Bash"])', 'query(prompt="x", options=options)')],
  invalid: [
    {
      name: 'the same object sets the callback and the bare entry',
      code: py(...head, 'async def ok(name, data, context):', '    return None', '', 'options = ClaudeAgentOptions(can_use_tool=ok, allowed_tools=["Bash"]) if X else ClaudeAgentOptions()', 'query(prompt="x", options=options)'),
      errors: [{ messageId: 'wholeToolAllowed', line: 7, column: 62, suggestions: [{ messageId: 'removeEntry', output: py(...head, 'async def ok(name, data, context):', '    return None', '', 'options = ClaudeAgentOptions(can_use_tool=ok, allowed_tools=[]) if X else ClaudeAgentOptions()', 'query(prompt="x", options=options)') }] }],
    },
  ],
});
