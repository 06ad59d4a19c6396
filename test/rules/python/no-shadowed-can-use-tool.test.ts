import rule from '../../../rules/no-shadowed-can-use-tool.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** Lines 1-6: the SDK import and a permission callback; cases start on line 7. */
const head = [
  'from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, HookMatcher, PermissionResultDeny, query',
  '',
  '',
  'async def review(tool_name, tool_input, context):',
  '    return PermissionResultDeny(message="no")',
  '',
];
const code = (...lines: string[]) => py(...head, ...lines);
const allowList = '"Bash", "Bash(npm test *)", "Bash(*)", "mcp__github", "mcp__github__get_issue"';
const entries = (list: string) => code('options = ClaudeAgentOptions(', `    allowed_tools=[${list}],`, '    can_use_tool=review,', ')');
/** The one suggestion: the list without `removed` (the entry and its separator). */
const removing = (name: string, removed: string) => [
  { messageId: 'removeEntry' as const, data: { entry: name, callback: 'can_use_tool' }, output: entries(allowList.replace(removed, '')) },
];
const mode = (certainty: string) => ({ mode: 'permission_mode', certainty, callback: 'can_use_tool' });

runPythonCases(rule, {
  valid: [
    // A PermissionRequest hook decides only with decision.behavior: PreToolUse's permissionDecision approves nothing there.
    code(
      'async def grant(input_data, tool_use_id, context):',
      '    return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "permissionDecision": "allow"}}',
      'options = ClaudeAgentOptions(can_use_tool=review, hooks={"PermissionRequest": [HookMatcher(matcher="Bash", hooks=[grant])]})',
    ),
    // No callback: nothing is shadowed.
    code('options = ClaudeAgentOptions(permission_mode="bypassPermissions", allowed_tools=["Bash"])'),
    // Options passed in as unknown keyword arguments name no callback.
    code('def make(**overrides):', '    return ClaudeAgentOptions(allowed_tools=["Bash"], **overrides)'),
    // Modes that leave the decision to the callback.
    code('options = ClaudeAgentOptions(permission_mode="default", can_use_tool=review)'),
    code('options = ClaudeAgentOptions(permission_mode="plan", can_use_tool=review)'),
    // Scoped allow rules only skip matching calls.
    code('options = ClaudeAgentOptions(allowed_tools=["Bash(npm test *)", "Read(./src/**)"], can_use_tool=review)'),
    // Tools of older versions that the current SDK does not have: no call of theirs reaches the callback.
    code('options = ClaudeAgentOptions(allowed_tools=["TodoRead", "LS"], can_use_tool=review)'),
    // Names the user allows on purpose.
    { code: code('options = ClaudeAgentOptions(allowed_tools=["Read", "Glob"], can_use_tool=review)'), options: { allow: ['Read', 'Glob'] } },
    // auto is reported only by the strict config.
    code('options = ClaudeAgentOptions(permission_mode="auto", can_use_tool=review)'),
    // A mode computed at run time, or imported, is never reported.
    code('import os', 'options = ClaudeAgentOptions(permission_mode=os.environ["MODE"], can_use_tool=review)'),
    code('from .settings import MODE', 'options = ClaudeAgentOptions(permission_mode=MODE, can_use_tool=review)'),
    // Unknown keyword arguments may set anything, but what is not seen is not reported.
    code('def build(**overrides):', '    return ClaudeAgentOptions(**overrides, can_use_tool=review)'),
    // The callback explicitly unset.
    code('options = ClaudeAgentOptions(permission_mode="bypassPermissions", disallowed_tools=["Bash"], can_use_tool=None)'),
    // An options class that is not the SDK's.
    code('from mylib import ClaudeAgentOptions as Options', 'options = Options(permission_mode="bypassPermissions", can_use_tool=review)'),
    // A file that never mentions the SDK is not analysed.
    py('from mylib import ClaudeAgentOptions', 'options = ClaudeAgentOptions(permission_mode="bypassPermissions", can_use_tool=print)'),
    // A hook that approves only some calls leaves the rest to the callback.
    code(
      'async def approve_reads(input_data, tool_use_id, context):',
      '    if input_data["tool_name"] == "Read":',
      '        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}',
      '    return {}',
      'options = ClaudeAgentOptions(can_use_tool=review, hooks={"PreToolUse": [HookMatcher(hooks=[approve_reads])]})',
    ),
    // A PostToolUse hook decides nothing about permissions.
    code(
      'async def after(input_data, tool_use_id, context):',
      '    return {"decision": "approve"}',
      'options = ClaudeAgentOptions(can_use_tool=review, hooks={"PostToolUse": [HookMatcher(hooks=[after])]})',
    ),
    // An unconditional reassignment replaces the earlier mode.
    code('mode = "bypassPermissions"', 'mode = "default"', 'options = ClaudeAgentOptions(permission_mode=mode, can_use_tool=review)'),
    // A mode only set on a path that returns never reaches the options.
    code(
      'def build(debug):',
      '    mode = "default"',
      '    if debug:',
      '        mode = "bypassPermissions"',
      '        return None',
      '    return ClaudeAgentOptions(permission_mode=mode, can_use_tool=review)',
    ),
  ],
  invalid: [
    {
      name: 'a retired tool next to a current one: only the current one is shadowed',
      code: code('options = ClaudeAgentOptions(allowed_tools=["TodoRead", "TodoWrite"], can_use_tool=review)'),
      errors: [{ messageId: 'wholeToolAllowed', line: 7, column: 'options = ClaudeAgentOptions(allowed_tools=["TodoRead", '.length + 1, data: { entry: 'TodoWrite' }, suggestions: [
        { messageId: 'removeEntry', data: { entry: 'TodoWrite', callback: 'can_use_tool' }, output: code('options = ClaudeAgentOptions(allowed_tools=["TodoRead"], can_use_tool=review)') },
      ] }],
    },
    {
      name: 'bypassPermissions inline, passed to query',
      code: code('async def main():', '    async for message in query(prompt="x", options=ClaudeAgentOptions(', '        permission_mode="bypassPermissions",', '        can_use_tool=review,', '    )):', '        print(message)'),
      errors: [{ messageId: 'bypassMode', line: 9, column: 25, data: mode('is') }],
    },
    {
      name: 'dontAsk through a variable, ClaudeSDKClient with a positional argument',
      code: code('options = ClaudeAgentOptions(permission_mode="dontAsk", can_use_tool=review)', 'client = ClaudeSDKClient(options)'),
      errors: [{ messageId: 'dontAskMode', line: 7, column: 46 }],
    },
    {
      name: 'acceptEdits from a dict unpacked with **base',
      code: code('base = {"permission_mode": "acceptEdits"}', 'options = ClaudeAgentOptions(**base, can_use_tool=review)'),
      errors: [{ messageId: 'acceptEditsMode', line: 7, column: 28 }],
    },
    {
      name: 'a conditional expression: can be',
      code: code('options = ClaudeAgentOptions(permission_mode="bypassPermissions" if DEBUG else "default", can_use_tool=review)'),
      errors: [{ messageId: 'bypassMode', line: 7, column: 46, data: mode('can be') }],
    },
    {
      name: 'an if assignment: can be',
      code: code('mode = "default"', 'if DEBUG:', '    mode = "bypassPermissions"', 'options = ClaudeAgentOptions(permission_mode=mode, can_use_tool=review)'),
      errors: [{ messageId: 'bypassMode', line: 9, column: 12, data: mode('can be') }],
    },
    {
      name: 'if/else assignments: each branch can be',
      code: code('if DEBUG:', '    mode = "bypassPermissions"', 'else:', '    mode = "dontAsk"', 'options = ClaudeAgentOptions(permission_mode=mode, can_use_tool=review)'),
      errors: [
        { messageId: 'bypassMode', line: 8, column: 12, data: mode('can be') },
        { messageId: 'dontAskMode', line: 10, column: 12, data: mode('can be') },
      ],
    },
    {
      name: 'dataclasses.replace of a base',
      code: code('import dataclasses', 'base = ClaudeAgentOptions(can_use_tool=review)', 'options = dataclasses.replace(base, permission_mode="dontAsk")'),
      errors: [{ messageId: 'dontAskMode', line: 9, column: 53 }],
    },
    {
      name: 'a helper that returns options, with an argument',
      code: code('def make_options(mode):', '    return ClaudeAgentOptions(permission_mode=mode, can_use_tool=review)', 'client = ClaudeSDKClient(options=make_options("dontAsk"))'),
      errors: [{ messageId: 'dontAskMode', line: 9, column: 47 }],
    },
    {
      name: 'an attribute set after construction',
      code: code('options = ClaudeAgentOptions(can_use_tool=review)', 'options.permission_mode = "bypassPermissions"', 'client = ClaudeSDKClient(options=options)'),
      errors: [{ messageId: 'bypassMode', line: 8, column: 27 }],
    },
    {
      name: 'the older package through a module alias',
      code: py(
        'import claude_code_sdk as sdk',
        '',
        'async def review(tool_name, tool_input, context):',
        '    return sdk.PermissionResultDeny(message="no")',
        '',
        'options = sdk.ClaudeCodeOptions(permission_mode="bypassPermissions", can_use_tool=review)',
      ),
      errors: [{ messageId: 'bypassMode', line: 6, column: 49 }],
    },
    {
      name: 'whole-tool allow entries, and not the scoped one',
      code: entries(allowList),
      errors: [
        { messageId: 'wholeToolAllowed', line: 8, column: 20, data: { entry: 'Bash', option: 'allowed_tools', callback: 'can_use_tool' }, suggestions: removing('Bash', '"Bash", ') },
        { messageId: 'wholeToolAllowed', line: 8, column: 48, data: { entry: 'Bash(*)' }, suggestions: removing('Bash(*)', '"Bash(*)", ') },
        { messageId: 'wholeToolAllowed', line: 8, column: 59, data: { entry: 'mcp__github' }, suggestions: removing('mcp__github', '"mcp__github", ') },
        { messageId: 'mcpToolAllowed', line: 8, column: 74, suggestions: removing('mcp__github__get_issue', ', "mcp__github__get_issue"') },
      ],
    },
    {
      name: 'an entry appended after construction',
      code: code('options = ClaudeAgentOptions(allowed_tools=["Read(./src/**)"], can_use_tool=review)', 'options.allowed_tools.append("Write")', 'client = ClaudeSDKClient(options=options)'),
      // Appended by a call, not written in the list: no separator to remove with it.
      errors: [{ messageId: 'wholeToolAllowed', line: 8, column: 30, data: { entry: 'Write', option: 'allowed_tools' }, suggestions: [] }],
    },
    {
      name: 'a PreToolUse hook that always allows',
      code: code(
        'async def approve(input_data, tool_use_id, context):',
        '    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}',
        'options = ClaudeAgentOptions(',
        '    can_use_tool=review,',
        '    hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[approve])]},',
        ')',
      ),
      errors: [{ messageId: 'hookApproves', line: 11, column: 62, data: { hook: "'approve'", tools: 'Bash calls', callback: 'can_use_tool' } }],
    },
    {
      name: 'a PermissionRequest hook that always allows',
      code: code(
        'async def grant(input_data, tool_use_id, context):',
        '    return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}',
        'options = ClaudeAgentOptions(can_use_tool=review, hooks={"PermissionRequest": [HookMatcher(matcher="Bash", hooks=[grant])]})',
      ),
      errors: [{ messageId: 'requestHookApproves', line: 9, column: 115, data: { hook: "'grant'", tools: 'Bash calls', callback: 'can_use_tool' } }],
    },
    {
      name: 'a lambda hook that approves with no matcher',
      code: code('approve = lambda input_data, tool_use_id, context: {"decision": "approve"}', 'options = ClaudeAgentOptions(can_use_tool=review, hooks={"PreToolUse": [HookMatcher(None, [approve])]})'),
      errors: [{ messageId: 'hookApproves', line: 8, column: 92, data: { hook: "'approve'", tools: 'any tool call' } }],
    },
    {
      name: 'skills="all"',
      code: code('options = ClaudeAgentOptions(skills="all", can_use_tool=review)'),
      errors: [{ messageId: 'allSkills', line: 7, column: 37 }],
    },
    {
      name: 'auto mode in the strict setting',
      code: code('options = ClaudeAgentOptions(permission_mode="auto", can_use_tool=review)'),
      options: { checkAutoMode: true },
      errors: [{ messageId: 'autoMode', line: 7, column: 46 }],
    },
  ],
});
