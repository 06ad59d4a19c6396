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

/** Options a class keeps in a field (`init`, line 9), used by a method (`run`, line 11). */
const keptInField = (init: string, run: string) =>
  py(
    'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, query',
    'async def guard(input_data, tool_use_id, context):',
    '    if input_data["tool_input"].get("file_path", "").endswith(".env"):',
    '        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "secrets"}}',
    '    return {}',
    '',
    'class Runner:',
    '    def __init__(self):',
    `        ${init}`,
    '    async def run(self, prompt, **overrides):',
    `        async for message in query(prompt=prompt, options=${run}):`,
    '            print(message)',
  );
const fieldDict = (matchers: string) => `self.default_options = {"allowed_tools": ["Read", "Bash"], "hooks": {"PreToolUse": [${matchers}]}}`;
const fieldAt = '        self.default_options = {"allowed_tools": ["Read", "Bash"], "hooks": {"PreToolUse": [HookMatcher(matcher='.length + 1;

runPythonCases(rule, {
  valid: [
    agent(hooks(guarded('"Write|Edit|Bash"'))),
    agent(hooks(guarded('"Write|Edit"'), guarded('"Bash"'))),
    agent(hooks(guarded('None'))),
    agent(hooks('HookMatcher(hooks=[guard])')),
    agent(`disallowed_tools=["Bash"], ${hooks(guarded('"Write|Edit"'))}`),
    agent(`tools=["Read", "Edit", "Write"], ${hooks(guarded('"Write|Edit"'))}`),
    agent('hooks={"PostToolUse": [HookMatcher(matcher="Write|Edit", hooks=[guard])]}'),
    // Options kept in a field: Bash hooked too, or the guard covers it.
    keptInField(fieldDict(`${guarded('"Write|Edit"')}, ${guarded('"Bash"')}`), 'ClaudeAgentOptions(**self.default_options)'),
    keptInField(fieldDict(guarded('"Write|Edit|Bash"')), 'ClaudeAgentOptions(**self.default_options)'),
    // What a caller passes is unknown: it may remove Bash.
    keptInField(fieldDict(guarded('"Write|Edit"')), 'ClaudeAgentOptions(**{**self.default_options, **overrides})'),
  ],
  invalid: [
    {
      name: 'options kept in a dict field, unpacked in a method',
      code: keptInField(fieldDict(guarded('"Write|Edit"')), 'ClaudeAgentOptions(**self.default_options, max_turns=3)'),
      errors: [{ messageId: 'bashUnguarded', line: 9, column: fieldAt, data: { tools: 'Edit and Write', matcher: 'Write|Edit|Bash' } }],
    },
    {
      name: 'options kept in a field as ClaudeAgentOptions, read in a method',
      code: keptInField(`self.options = ClaudeAgentOptions(allowed_tools=["Bash"], ${hooks(guarded('"Edit"'))})`, 'self.options'),
      errors: [{ messageId: 'bashUnguarded', line: 9, column: 'self.options = ClaudeAgentOptions(allowed_tools=["Bash"], hooks={"PreToolUse": [HookMatcher(matcher='.length + 9, data: { tools: 'Edit' } }],
    },
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
