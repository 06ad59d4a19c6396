import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-bare-allowed-tools.js';
import { expectSuggestionPasses } from '../support/suggestions.js';

const agent = (tools: string) =>
  `import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { allowedTools: [${tools}] } });\n`;
const fixed = { ruleId: rule.id, messageId: 'bareTool', data: { entry: 'Bash', tool: 'Bash', example: 'Bash(npm test *)', exposure: '' } };

describe('expectSuggestionPasses', () => {
  it('accepts an output without the finding, where other findings stay', () => {
    expect(() => expectSuggestionPasses(agent("'Bash', 'Write'"), agent("'Write'"), 'agent.ts', fixed)).not.toThrow();
  });

  it('fails when the finding is still there', () => {
    expect(() => expectSuggestionPasses(agent("'Bash'"), agent("'Bash', 'Read'"), 'agent.ts', fixed)).toThrow('findings in the suggested output');
  });

  it('fails when the output brings a finding of another kind', () => {
    expect(() => expectSuggestionPasses(agent("'Bash'"), agent("'Edit'"), 'agent.ts', fixed)).toThrow('findings in the suggested output');
  });

  it('fails when the output does not parse', () => {
    expect(() => expectSuggestionPasses(agent("'Bash'"), agent("'Read',,,)"), 'agent.ts', fixed)).toThrow('parses');
  });
});
