import rule from '../../../rules/require-hook-timeout.js';
import { py, runPythonCases } from '../../support/python-cases.js';

/** A hook on lines 1-3; the agent is on line 4. */
const agent = (hooks: string) =>
  py('from claude_agent_sdk import ClaudeAgentOptions, HookMatcher', 'async def guard(input_data, tool_use_id, context):', '    return {}', `options = ClaudeAgentOptions(hooks={${hooks}})`);
/** Column of the first HookMatcher in `agent('"PreToolUse": [...]')`. */
const at = 'options = ClaudeAgentOptions(hooks={"PreToolUse": ['.length + 1;

runPythonCases(rule, {
  valid: [
    agent('"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard], timeout=30)]'),
    // Positional: matcher, hooks, timeout.
    agent('"PreToolUse": [HookMatcher("Bash", [guard], 30)]'),
    agent('"PostToolUse": [HookMatcher(matcher="Bash", hooks=[guard])]'),
  ],
  invalid: [
    {
      name: 'a HookMatcher without a timeout, or with None',
      code: agent('"PreToolUse": [HookMatcher(matcher="Bash", hooks=[guard]), HookMatcher(hooks=[guard], timeout=None)]'),
      errors: [
        { messageId: 'matcherWithoutTimeout', line: 4, column: at, data: { example: 'timeout=30' } },
        { messageId: 'matcherWithoutTimeout', line: 4, column: at + 44 },
      ],
    },
  ],
});
