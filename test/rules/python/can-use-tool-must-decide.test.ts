import rule from '../../../rules/can-use-tool-must-decide.js';
import { py, runPythonCases } from '../../support/python-cases.js';

const head = 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, PermissionResultAllow, PermissionResultDeny';
/** A permission callback whose body starts on line 3. */
const review = (...body: string[]) =>
  py(head, 'async def review(tool_name, tool_input, context):', ...body.map((line) => `    ${line}`), 'options = ClaudeAgentOptions(can_use_tool=review)');
/** A callback with two paths that return nothing (lines 4 and 6), then a deny. */
const twoPaths = (read: string, bash: string) =>
  review('if tool_name == "Read":', `    ${read}`, 'if tool_name == "Bash":', `    ${bash}`, 'return PermissionResultDeny(message="Not in the allow list.")');
const suggested = 'PermissionResultDeny(message="This tool call is not allowed here.")';
const configured = (options: string) =>
  py(head, 'async def review(tool_name, tool_input, context):', '    return PermissionResultAllow()', `options = ClaudeAgentOptions(${options})`);

/** A wrapper class that builds the options from its fields and checks them first (`guard`, line 11); its one caller here sets both ("can be": importers may construct it too). */
const wrapper = (...guard: string[]) =>
  py(
    'from claude_agent_sdk import ClaudeAgentOptions, PermissionResultAllow, query',
    'async def review(tool_name, tool_input, context):',
    '    return PermissionResultAllow()',
    'class Agent:',
    '    def __init__(self, can_use_tool=None, prompt_tool=None):',
    '        self.can_use_tool = can_use_tool',
    '        self.prompt_tool = prompt_tool',
    '    def options(self):',
    '        return ClaudeAgentOptions(can_use_tool=self.can_use_tool, permission_prompt_tool_name=self.prompt_tool)',
    '    async def run(self):',
    ...guard.map((line) => `        ${line}`),
    '        async for message in query(prompt="x", options=self.options()):',
    '            print(message)',
    'Agent(can_use_tool=review, prompt_tool="mcp__approver__prompt")',
  );
/** The guards that refuse both (each stops the run before the call). */
const refusing = [['if self.can_use_tool and self.prompt_tool:', '    raise ValueError("Pick one.")'], ['if (self.prompt_tool) and self.can_use_tool:', '    print("Pick one.")', '    return']];
/** Checks that do not: no check, one that also needs a third condition, one that does not stop. */
const notRefusing = [[], ['if self.can_use_tool and self.prompt_tool and os.environ.get("STRICT"):', '    raise ValueError("Pick one.")'], ['if self.can_use_tool and self.prompt_tool:', '    print("Both are set.")']];

runPythonCases(rule, {
  valid: [
    review('if tool_name == "Bash":', '    return PermissionResultDeny(message="No shell.")', 'return PermissionResultAllow()'),
    // A decision the rule cannot see.
    review('decision = await policy(tool_name, tool_input)', 'return decision'),
    // A helper that decides on every path.
    py(
      head,
      'def decide(tool_name):',
      '    return PermissionResultDeny(message="No shell.") if tool_name == "Bash" else PermissionResultAllow()',
      'async def review(tool_name, tool_input, context):',
      '    return decide(tool_name)',
      'options = ClaudeAgentOptions(can_use_tool=review)',
    ),
    review('if tool_name == "Bash":', '    return PermissionResultDeny(message="No shell.")', 'raise ValueError(tool_name)'),
    // Hooks may return nothing.
    py(head, 'async def audit(input_data, tool_use_id, context):', '    return None', 'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(hooks=[audit])]})'),
    configured('can_use_tool=review'),
    configured('can_use_tool=review, permission_prompt_tool_name=None'),
    // A wrapper's own check refuses to start with both.
    ...refusing.map((guard) => wrapper(...guard)),
    // A class that takes the callback and stores it (as the SDK's own Query does) is no callback itself.
    py(
      'from typing import Awaitable, Callable',
      'from claude_agent_sdk import CanUseTool, ToolPermissionContext',
      'class Session:',
      '    def __init__(self, can_use_tool: Callable[[str, dict, ToolPermissionContext], Awaitable[object]] | None = None):',
      '        self.can_use_tool = can_use_tool',
      '    def replace(self, can_use_tool: CanUseTool | None):',
      '        self.can_use_tool = can_use_tool',
      'def make_review() -> CanUseTool:',
      '    async def review(tool_name, tool_input, context):',
      '        return await policy(tool_name)',
      '    return review',
    ),
  ],
  invalid: [
    {
      name: 'a path that falls off the end',
      code: review('if tool_name != "Bash":', '    return PermissionResultAllow()'),
      errors: [{ messageId: 'noDecision', line: 2, column: 11, data: { callback: "'review'", how: 'can reach its end without returning a decision', consequence: 'the SDK raises an error and the tool call fails' } }],
    },
    {
      name: 'a bare return and a None',
      code: twoPaths('return', 'return None'),
      errors: [
        { messageId: 'noDecision', line: 4, column: 9, data: { how: 'returns None instead of a decision' }, suggestions: [{ messageId: 'denyHere', output: twoPaths(`return ${suggested}`, 'return None') }] },
        { messageId: 'noDecision', line: 6, column: 9, data: { how: 'returns None instead of a decision' }, suggestions: [{ messageId: 'denyHere', output: twoPaths('return', `return ${suggested}`) }] },
      ],
    },
    {
      name: 'no edit where the callback never returns PermissionResultDeny (it may not be imported)',
      code: review('if tool_name == "Read":', '    return PermissionResultAllow()', 'return None'),
      errors: [{ messageId: 'noDecision', line: 5, column: 5 }],
    },
    {
      name: 'a callback known by its context type, wired nowhere',
      code: py('from claude_agent_sdk import ToolPermissionContext', 'async def review(tool_name: str, tool_input: dict, context: ToolPermissionContext):', '    if tool_name == "Bash":', '        return None', '    return await policy(tool_name)'),
      errors: [{ messageId: 'noDecision', line: 4, column: 9 }],
    },
    ...notRefusing.map((guard, index) => {
      const code = wrapper(...guard);
      const line = code.split('\n').length - (code.endsWith('\n') ? 1 : 0);
      const column = code.split('\n')[line - 1]!.indexOf('"mcp__approver__prompt"') + 1;
      return { name: `a wrapper whose check does not refuse both (${index})`, code, errors: [{ messageId: 'withPromptTool' as const, line, column, data: { certainty: 'can be' } }] };
    }),
    {
      name: 'can_use_tool with permission_prompt_tool_name',
      code: configured('can_use_tool=review, permission_prompt_tool_name="mcp__approver__prompt"'),
      errors: [{ messageId: 'withPromptTool', line: 4, column: 79, data: { callback: 'can_use_tool', promptTool: 'permission_prompt_tool_name', certainty: 'are' } }],
    },
  ],
});
