import rule from '../../../rules/no-bare-allowed-tools.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const cjs = "const { query } = require('@anthropic-ai/claude-agent-sdk');";
const options = (body: string, head: string) => `${head}\nquery({ prompt: 'x', options: { ${body} } });`;
const columnOf = (code: string, needle: string) => code.split('\n')[1]!.indexOf(needle) + 1;
const bare = (entry: string, tool: string, example: string) => ({ entry, tool, example, exposure: '' });

const cases = (head: string) => {
  const split = options("allowedTools: ['Read'], extraArgs: { allowedTools: 'Grep Bash,Edit(./src/**)' }", head);
  const escaped = options("extraArgs: { 'allowed-tools': 'Read,\\u0057rite' }", head);
  return {
    valid: [
      options("extraArgs: { allowedTools: 'Read Grep \"Bash(npm test *)\"' }", head),
      // A deny list, and a flag that is not a permission flag.
      options("extraArgs: { disallowedTools: 'Bash', 'mcp-config': 'Bash' }", head),
    ],
    invalid: [
      {
        code: split,
        errors: [{ messageId: 'bareTool' as const, data: bare('Bash', 'Bash', 'Bash(npm test *)'), line: 2, column: columnOf(split, 'Bash,'), endColumn: columnOf(split, 'Bash,') + 4 }],
      },
      // Written with an escape: placed at the whole string.
      {
        code: escaped,
        errors: [{ messageId: 'bareTool' as const, data: bare('Write', 'Write', 'Edit(./src/**)'), line: 2, column: columnOf(escaped, "'Read"), endColumn: columnOf(escaped, "rite'") + 5 }],
      },
    ],
  };
};

runRuleTests(rule, { typescript: cases(sdk), javascript: cases(cjs) });

const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions', ...lines);
const pySplit = code('options = ClaudeAgentOptions(extra_args={"allowedTools": "Read,WebFetch"})');
runPythonCases(rule, {
  valid: [code('options = ClaudeAgentOptions(extra_args={"allowed-tools": "Read Bash(git diff *)"})')],
  invalid: [
    {
      name: 'a whole WebFetch among the rules of one extra_args string',
      code: pySplit,
      errors: [{ messageId: 'bareTool' as const, data: { entry: 'WebFetch', tool: 'WebFetch' }, line: 2, column: pySplit.split('\n')[1]!.indexOf('WebFetch') + 1 }],
    },
  ],
});
