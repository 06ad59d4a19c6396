import rule from '../../../rules/valid-permission-rule.js';
import { py, runPythonCases } from '../../support/python-cases.js';
import { runRuleTests } from '../../support/rule-tester.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const cjs = "const { query } = require('@anthropic-ai/claude-agent-sdk');";
const options = (body: string, head: string) => `${head}\nquery({ prompt: 'x', options: { ${body} } });`;
const columnOf = (code: string, needle: string) => code.split('\n')[1]!.indexOf(needle) + 1;

const cases = (head: string) => {
  const misspelt = options("extraArgs: { 'disallowed-tools': 'Bash(rm *) WebFecth' }", head);
  return {
    valid: [options("extraArgs: { 'disallowed-tools': 'Bash(rm *) WebFetch', 'allowed-tools': 'Read' }", head)],
    invalid: [
      {
        code: misspelt,
        errors: [{ messageId: 'misspelt' as const, data: { name: 'WebFecth', known: "'WebFetch'", effect: 'it blocks nothing' }, line: 2, column: columnOf(misspelt, 'WebFecth'), endColumn: columnOf(misspelt, 'WebFecth') + 8 }],
      },
    ],
  };
};

runRuleTests(rule, { typescript: cases(sdk), javascript: cases(cjs) });

const code = (...lines: string[]) => py('from claude_agent_sdk import ClaudeAgentOptions', ...lines);
const wrong = code('options = ClaudeAgentOptions(extra_args={"allowedTools": "read"})');
runPythonCases(rule, {
  valid: [code('options = ClaudeAgentOptions(extra_args={"allowedTools": "Read"})')],
  invalid: [{ name: 'a lower-case tool name in extra_args', code: wrong, errors: [{ messageId: 'wrongCase' as const, data: { name: 'read', known: 'Read' }, line: 2, column: wrong.split('\n')[1]!.indexOf('read') + 1 }] }],
});
