import rule from '../../../rules/no-bash-bypass-of-file-guard.js';
import { runRuleTests } from '../../support/rule-tester.js';

// A file guard in options a constructor builds and a method spreads into
// query() (issue 16); the Python twin is test/rules/python/built-guard.test.ts.
const agent = (matcher: string, merged = '...this.options') =>
  [
    "import { query, type Options } from '@anthropic-ai/claude-agent-sdk';",
    "const guard = async () => ({ decision: 'block' as const, reason: 'protected path' });",
    'export class Agent {',
    '  private options: Options;',
    '  constructor() {',
    `    this.options = { allowedTools: ['Read'], hooks: { PreToolUse: [{ matcher: ${matcher}, hooks: [guard] }] } };`,
    '  }',
    `  run(prompt: string, model: string) { return query({ prompt, options: { ${merged} } }); }`,
    '}',
  ].join('\n');

runRuleTests(rule, {
  typescript: {
    valid: [
      agent("'Write|Edit|Bash'"),
      // The method's own deny rule, merged with the constructor's guard, takes Bash away.
      agent("'Write|Edit'", "...this.options, disallowedTools: ['Bash'], model"),
    ],
    invalid: [
      {
        name: 'a Write|Edit guard set in the constructor, with Bash available',
        code: agent("'Write|Edit'"),
        errors: [{ messageId: 'bashUnguarded', line: 6, column: agent("'Write|Edit'").split('\n')[5]!.indexOf("'Write|Edit'") + 1 }],
      },
      {
        name: 'the guard merged with a spread and a field of the method',
        code: agent("'Write|Edit'", '...this.options, model'),
        errors: [{ messageId: 'bashUnguarded', line: 6, column: agent("'Write|Edit'").split('\n')[5]!.indexOf("'Write|Edit'") + 1 }],
      },
    ],
  },
});
