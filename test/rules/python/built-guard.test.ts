import rule from '../../../rules/no-bash-bypass-of-file-guard.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// A file guard in options `__init__` builds and a method hands to the client
// (issue 16); the TypeScript twin is test/rules/built-guard.test.ts.
const agent = (matcher: string, run = 'ClaudeSDKClient(options=self.options)') =>
  py(
    'import dataclasses',
    'from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, HookMatcher',
    'async def guard(input_data, tool_use_id, context):',
    '    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "protected"}}',
    'class Agent:',
    '    def __init__(self):',
    `        self.options = ClaudeAgentOptions(allowed_tools=["Read"], hooks={"PreToolUse": [HookMatcher(matcher=${matcher}, hooks=[guard])]})`,
    '    def run(self, model):',
    `        return ${run}`,
  );

runPythonCases(rule, {
  valid: [
    agent('"Write|Edit|Bash"'),
    // The method's own deny rule, merged with the guard of __init__, takes Bash away.
    agent('"Write|Edit"', 'ClaudeSDKClient(options=dataclasses.replace(self.options, disallowed_tools=["Bash"], model=model))'),
  ],
  invalid: [
    {
      name: 'a Write|Edit guard set in __init__, with Bash available',
      code: agent('"Write|Edit"'),
      errors: [{ messageId: 'bashUnguarded', line: 7, column: agent('"Write|Edit"').split('\n')[6]!.indexOf('"Write|Edit"') + 1 }],
    },
    {
      name: 'the guard merged with dataclasses.replace in a method',
      code: agent('"Write|Edit"', 'ClaudeSDKClient(options=dataclasses.replace(self.options, model=model))'),
      errors: [{ messageId: 'bashUnguarded', line: 7, column: agent('"Write|Edit"').split('\n')[6]!.indexOf('"Write|Edit"') + 1 }],
    },
  ],
});
