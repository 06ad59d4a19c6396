import rule from '../../../rules/no-persisted-whole-tool-allow.js';
import { py, runPythonCases } from '../../support/python-cases.js';

const head = 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, PermissionResultAllow, PermissionResultDeny, PermissionRuleValue, PermissionUpdate';
/** A can_use_tool whose allow (line 5) returns `updates` as updated_permissions. */
const review = (updates: string) =>
  py(
    head,
    'async def review(tool_name, tool_input, context):',
    '    if tool_name != "Bash":',
    '        return PermissionResultDeny(message="Only Bash is asked about.")',
    `    return PermissionResultAllow(updated_permissions=${updates})`,
    'options = ClaudeAgentOptions(can_use_tool=review)',
  );
const update = (rule: string, destination = '"localSettings"', behavior = '"allow"') =>
  `[PermissionUpdate(type="addRules", rules=[${rule}], behavior=${behavior}, destination=${destination})]`;
const persisted = (tool: string, more: Record<string, string> = {}) => ({
  gate: "'review'",
  verb: 'writes',
  tool,
  destination: 'localSettings',
  file: '.claude/settings.local.json',
  from: '',
  callback: 'can_use_tool',
  example: 'Bash(npm test *)',
  ...more,
});
const forSession = (code: string) => [{ messageId: 'keepForSession' as const, output: code.replace('"localSettings"', '"session"') }];

const bare = review(update('PermissionRuleValue(tool_name="Bash")'));
const positional = review(update('PermissionRuleValue("Bash", "*")'));
/** A method, typed as a permission callback: `self` is not one of the SDK's arguments. */
const method = py(
  'from claude_agent_sdk import PermissionResultAllow, ToolPermissionContext',
  'class Agent:',
  '    async def review(self, tool_name: str, tool_input: dict, context: ToolPermissionContext):',
  '        return PermissionResultAllow(updated_permissions=context.suggestions)',
);

runPythonCases(rule, {
  valid: [
    review(update('PermissionRuleValue(tool_name="Bash", rule_content="npm test *")')),
    review(update('PermissionRuleValue(tool_name="Bash")', '"session"')),
    review(update('PermissionRuleValue(tool_name="Bash")', '"localSettings"', '"deny"')),
    // No destination: nothing is written to a settings file.
    review('[PermissionUpdate(type="addRules", rules=[PermissionRuleValue(tool_name="Bash")], behavior="allow")]'),
    // The suggestions, filtered.
    review('[s for s in context.suggestions if s.destination == "session"]'),
    // Another argument's field.
    review('tool_input.suggestions'),
  ],
  invalid: [
    {
      name: 'a bare tool name to localSettings',
      code: bare,
      errors: [{ messageId: 'wholeToolPersisted', line: 5, column: 126, data: persisted('Bash'), suggestions: forSession(bare) }],
    },
    {
      name: 'positional PermissionRuleValue with rule content "*"',
      code: positional,
      errors: [{ messageId: 'wholeToolPersisted', line: 5, column: 116, data: persisted('Bash'), suggestions: forSession(positional) }],
    },
    {
      name: 'the suggestions echoed',
      code: review('context.suggestions'),
      errors: [{ messageId: 'suggestionsEchoed', line: 5, column: 34, data: { gate: "'review'", suggestions: 'suggestions', callback: 'can_use_tool' } }],
    },
    {
      name: 'the suggestions echoed by a method',
      code: method,
      errors: [{ messageId: 'suggestionsEchoed', line: 4, column: 38 }],
    },
    {
      name: 'a PermissionRequest hook that echoes its permission_suggestions',
      code: py(
        head,
        'async def grant(input_data, tool_use_id, context):',
        '    return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedPermissions": input_data["permission_suggestions"]}}}',
        'options = ClaudeAgentOptions(hooks={"PermissionRequest": [HookMatcher(matcher="Bash", hooks=[grant])]})',
      ),
      errors: [{ messageId: 'suggestionsEchoed', line: 3, column: 108, data: { gate: "'grant'", suggestions: 'permission_suggestions', callback: 'can_use_tool' } }],
    },
  ],
});
