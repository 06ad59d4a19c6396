import bareRule from '../../../rules/no-bare-allowed-tools.js';
import validRule from '../../../rules/valid-permission-rule.js';
import { py, runPythonCases } from '../../support/python-cases.js';

// Python twin of test/rules/values/loop-lists.test.ts: allow lists built by
// a loop or a comprehension over a list of tool names (issue 16).
const built = (...steps: string[]) =>
  py('from claude_agent_sdk import ClaudeAgentOptions, query', 'allowed = []', ...steps, 'query(prompt="x", options=ClaudeAgentOptions(allowed_tools=allowed))');
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const bareAt = (code: string, line: number, ...tools: string[]) => ({
  code,
  errors: tools.map((tool) => ({ messageId: 'bareTool' as const, line, column: columnOf(code, line, `"${tool}"`) })),
});

runPythonCases(bareRule, {
  valid: [
    // The list walked is not known: nothing to report.
    built('for t in config.tools:', '    allowed.append(t)'),
    built('allowed.extend(t for t in config.tools)'),
    // Known, and without side effects.
    built('for t in ["Read", "Grep"]:', '    allowed.append(t)'),
    built('allowed += [x for x in ["Read", "Grep"]]'),
    // A comprehension that changes the elements is not followed.
    built('allowed.extend(t.lower() for t in ["Bash", "Write"])'),
    // Walked, but something else is appended.
    built('for t in ["Bash", "Write"]:', '    allowed.append("Read")'),
  ],
  invalid: [
    { name: 'a for loop over a literal list', ...bareAt(built('for t in ["Bash", "Write"]:', '    allowed.append(t)'), 3, 'Bash', 'Write') },
    { name: 'a module constant walked', ...bareAt(built('TOOLS = ("Read", "Edit")', 'for name in TOOLS:', '    allowed.append(name)'), 3, 'Edit') },
    { name: 'extend with a generator over a constant', ...bareAt(built('LIST = ["Bash", "Edit"]', 'allowed.extend(x for x in LIST)'), 3, 'Bash', 'Edit') },
    { name: 'a list comprehension added', ...bareAt(built('allowed += [x for x in ["Read", "Bash"]]'), 3, 'Bash') },
  ],
});

runPythonCases(validRule, {
  valid: [built('for t in ["Bash(npm test *)", "Read"]:', '    allowed.append(t)')],
  invalid: [
    {
      name: 'a malformed entry appended by a loop',
      code: built('for t in ["Bash(", "Read"]:', '    allowed.append(t)'),
      errors: [{ messageId: 'malformed', line: 3, column: columnOf(built('for t in ["Bash(", "Read"]:', '    allowed.append(t)'), 3, '"Bash("') }],
    },
  ],
});
