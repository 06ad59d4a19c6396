import rule from '../../../rules/valid-permission-rule.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

const skill = '.claude/skills/review/SKILL.md';
/** A skill whose `allowed-tools` is the string `tools`, on line 2 from column 16. */
const inline = (tools: string) => `---\nallowed-tools: ${tools}\n---\nReview the change.\n`;
const first = 'allowed-tools: '.length + 1;

runSettingsRuleTests(rule, {
  valid: [
    { path: skill, code: inline('Read, Grep, Bash(git diff *), WebFetch(domain:docs.example.com), mcp__github__get_issue') },
    { path: skill, code: '---\ndisallowed-tools: Bash(rm *), WebFetch\n---\n' },
  ],
  invalid: [
    {
      name: 'wrong case, a misspelling and a URL in allowed-tools, a wildcard in disallowed-tools is fine',
      path: skill,
      code: `---\nallowed-tools: bash(git diff *), WebFecth, WebFetch(https://example.com)\ndisallowed-tools: mcp__*\n---\n`,
      errors: [
        { messageId: 'wrongCase', data: { name: 'bash', known: 'Bash', effect: 'it approves nothing' }, line: 2, column: first },
        { messageId: 'misspelt', data: { name: 'WebFecth' }, line: 2, column: first + 18 },
        { messageId: 'webFetchDomain', line: 2, column: first + 28 },
      ],
    },
    {
      name: "a subagent's tools and disallowedTools",
      path: '.claude/agents/reviewer.md',
      code: '---\nname: reviewer\ntools:\n  - Read\n  - Grpe\ndisallowedTools: bash(rm *)\n---\n',
      errors: [
        { messageId: 'misspelt', data: { name: 'Grpe', effect: 'it adds no tool' }, line: 5, column: 5 },
        { messageId: 'wrongCase', data: { name: 'bash', effect: 'it blocks nothing' }, line: 6, column: 18 },
      ],
    },
    {
      name: 'a wildcard tool name in allowed-tools',
      path: skill,
      code: inline('Read, mcp__*'),
      errors: [{ messageId: 'wildcardInAllow', data: { entry: 'mcp__*' }, line: 2, column: first + 6 }],
    },
  ],
});
