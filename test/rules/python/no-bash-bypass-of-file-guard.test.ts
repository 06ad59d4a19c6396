import rule from '../../../rules/no-bash-bypass-of-file-guard.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** A deny-capable PreToolUse hook on lines 1-6; the agent is on line 7. */
const agent = (keywords: string) =>
  py(
    'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher',
    'async def guard(input_data, tool_use_id, context):',
    '    if input_data["tool_input"].get("file_path", "").endswith(".env"):',
    '        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "secrets"}}',
    '    return {}',
    '',
    `options = ClaudeAgentOptions(${keywords})`,
  );
const hooks = (...matchers: string[]) => `hooks={"PreToolUse": [${matchers.join(', ')}]}`;
const guarded = (matcher: string) => `HookMatcher(matcher=${matcher}, hooks=[guard])`;
/** Column of the first matcher value when `hooks` is the only keyword. */
const at = 'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher='.length + 1;

runPythonCases(rule, {
  valid: [
    agent(hooks(guarded('"Write|Edit|Bash"'))),
    agent(hooks(guarded('"Write|Edit"'), guarded('"Bash"'))),
    agent(hooks(guarded('None'))),
    agent(hooks('HookMatcher(hooks=[guard])')),
    agent(`disallowed_tools=["Bash"], ${hooks(guarded('"Write|Edit"'))}`),
    agent(`tools=["Read", "Edit", "Write"], ${hooks(guarded('"Write|Edit"'))}`),
    agent('hooks={"PostToolUse": [HookMatcher(matcher="Write|Edit", hooks=[guard])]}'),
  ],
  invalid: [
    {
      name: 'a Write|Edit guard with Bash available',
      code: agent(hooks(guarded('"Write|Edit"'))),
      errors: [{ messageId: 'bashUnguarded', line: 7, column: at, data: { tools: 'Edit and Write', matcher: 'Write|Edit|Bash', deny: 'disallowed_tools=["Bash"]' } }],
    },
    {
      name: 'a deny list without a whole-Bash rule',
      code: agent(`disallowed_tools=["Bash(rm *)"], ${hooks(guarded('"Edit"'))}`),
      errors: [{ messageId: 'bashUnguarded', line: 7, column: at + 33, data: { tools: 'Edit' } }],
    },
  ],
});
