import rule from '../../../rules/no-bash-bypass-of-file-guard.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// A file guard in options `__init__` builds and a method hands to the client
// (issue 16); the TypeScript twin is test/rules/built-guard.test.ts.
const agent = (matcher: string) =>
  py(
    'from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, HookMatcher',
    'async def guard(input_data, tool_use_id, context):',
    '    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "protected"}}',
    'class Agent:',
    '    def __init__(self):',
    `        self.options = ClaudeAgentOptions(allowed_tools=["Read"], hooks={"PreToolUse": [HookMatcher(matcher=${matcher}, hooks=[guard])]})`,
    '    def run(self):',
    '        return ClaudeSDKClient(options=self.options)',
  );

runPythonCases(rule, {
  valid: [agent('"Write|Edit|Bash"')],
  invalid: [
    {
      name: 'a Write|Edit guard set in __init__, with Bash available',
      code: agent('"Write|Edit"'),
      errors: [{ messageId: 'bashUnguarded', line: 6, column: agent('"Write|Edit"').split('\n')[5]!.indexOf('"Write|Edit"') + 1 }],
    },
  ],
});
