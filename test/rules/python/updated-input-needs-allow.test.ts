import rule from '../../../rules/updated-input-needs-allow.js';
import { py, runPythonCases } from '../../support/python-cases.js';

const head = 'from claude_agent_sdk import ClaudeAgentOptions, HookMatcher';
const updated = '"updatedInput": {**input_data["tool_input"], "command": "npm test"}';
/** A PreToolUse hook that returns `output` on line 3. */
const rewrite = (output: string, extra = '') =>
  py(
    head,
    'async def rewrite(input_data, tool_use_id, context):',
    `    return {${extra}"hookSpecificOutput": {"hookEventName": "PreToolUse", ${output}}}`,
    'options = ClaudeAgentOptions(hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[rewrite])]})',
  );

runPythonCases(rule, {
  valid: [
    rewrite(`"permissionDecision": "allow", ${updated}`),
    rewrite(`"permissionDecision": "ask", ${updated}`),
    rewrite(`"permissionDecision": decide(input_data), ${updated}`),
    rewrite('"permissionDecisionReason": "checked"'),
    rewrite('"updatedInput": None'),
    // continue_ False stops the agent: nothing runs.
    rewrite(updated, '"continue_": False, '),
  ],
  invalid: [
    {
      name: 'updatedInput without a decision',
      code: rewrite(updated),
      errors: [
        {
          messageId: 'withoutAllow',
          line: 3,
          column: 67,
          data: { certainty: 'is', allow: '"permissionDecision": "allow"' },
          suggestions: [{ messageId: 'addAllow', output: rewrite(`"permissionDecision": "allow", ${updated}`) }],
        },
      ],
    },
    {
      name: 'continue_ True is no decision',
      code: rewrite(updated, '"continue_": True, '),
      errors: [{ messageId: 'withoutAllow', line: 3, column: 86, suggestions: [{ messageId: 'addAllow', output: rewrite(`"permissionDecision": "allow", ${updated}`, '"continue_": True, ') }] }],
    },
    {
      name: 'a decision that can be missing: no edit, the decision is written',
      code: rewrite(`"permissionDecision": "ask" if strict else None, ${updated}`),
      errors: [{ messageId: 'withoutAllow', line: 3, column: 116, data: { certainty: 'can be' } }],
    },
  ],
});
