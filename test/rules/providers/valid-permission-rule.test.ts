import rule from '../../../rules/valid-permission-rule.js';
import { runRuleTests } from '../../support/rule-tester.js';

const provider = "import { claudeCode, createClaudeCode } from 'ai-sdk-provider-claude-code';";
/** The 1-based column of `needle` in line `line` of `code`. */
const columnOf = (code: string, line: number, needle: string) => code.split('\n')[line - 1]!.indexOf(needle) + 1;
const deleteIn = (code: string, line: number) => ({ messageId: 'unknownTool' as const, data: { name: 'Delete', effect: 'it blocks nothing' }, line, column: columnOf(code, line, "'Delete'") });

const defaults = `${provider}\nconst readOnly = createClaudeCode({ defaultSettings: { disallowedTools: ['Write', 'Delete', 'Bash(rm:*)'] } });\nexport const model = readOnly('opus');`;
const model = `${provider}\nexport const model = claudeCode.chat('opus', { allowedTools: ['Read'], disallowedTools: ['Edit', 'Delete'] });`;

runRuleTests(rule, {
  typescript: {
    valid: [
      `${provider}\nexport const model = createClaudeCode({ defaultSettings: { disallowedTools: ['Write', 'Edit', 'Bash(rm:*)'] } })('opus');`,
      // The provider's own settings are not permission rules.
      `${provider}\nexport const model = claudeCode('opus', { streamingInput: 'always', verbose: true });`,
    ],
    invalid: [
      { name: "'Delete' in the deny list of a factory's defaults", code: defaults, errors: [deleteIn(defaults, 2)] },
      { name: "'Delete' in a model's deny list", code: model, errors: [deleteIn(model, 2)] },
    ],
  },
  javascript: {
    valid: [`${provider}\nexport const model = claudeCode('opus', { disallowedTools: ['Write'] });`],
    invalid: [{ name: "'Delete' in a factory's defaults", code: defaults, errors: [deleteIn(defaults, 2)] }],
  },
});
