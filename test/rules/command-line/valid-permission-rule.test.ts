import rule from '../../../rules/valid-permission-rule.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

const script = 'bin/agent.sh';
/** A script whose second line is `line`. */
const sh = (line: string) => `#!/bin/bash\n${line}\n`;

runSettingsRuleTests(rule, {
  valid: [
    { path: script, code: sh('claude --allowedTools "Bash(git diff *)" "WebFetch(domain:docs.example.com)" --disallowedTools "Bash(rm *)" -p go') },
    // A flag value known only at run time, and a wildcard deny, which Claude Code accepts.
    { path: script, code: sh('claude --allowedTools "$TOOLS" --disallowedTools "mcp__*" -p go') },
    // `--tools default` is the default set, not a tool named default.
    { path: script, code: sh('claude --tools default -p go') },
  ],
  invalid: [
    {
      name: 'wrong case and a misspelling among the words of --allowedTools, a bad deny in --disallowed-tools=',
      path: script,
      code: sh('claude --allowedTools bash WebFecth --disallowed-tools=Edt -p go'),
      errors: [
        { messageId: 'wrongCase', data: { name: 'bash', known: 'Bash', effect: 'it approves nothing' }, line: 2, column: 23, endColumn: 27 },
        { messageId: 'misspelt', data: { name: 'WebFecth' }, line: 2, column: 28, endColumn: 36 },
        { messageId: 'misspelt', data: { name: 'Edt' }, line: 2, column: 56, endColumn: 59 },
      ],
    },
    {
      name: 'a prompt after --allowedTools is read as more rules, as the CLI reads it',
      path: script,
      code: sh('claude --allowedTools Read "fix tests"'),
      errors: [
        { messageId: 'unknownTool', data: { name: 'fix' }, line: 2, column: 29, endColumn: 32 },
        { messageId: 'unknownTool', data: { name: 'tests' }, line: 2, column: 33, endColumn: 38 },
      ],
    },
    {
      name: 'a URL in a workflow run step',
      path: '.github/workflows/docs.yml',
      code: 'on: push\njobs:\n  docs:\n    steps:\n      - run: claude --allowedTools "WebFetch(https://example.com)" -p docs\n',
      errors: [{ messageId: 'webFetchDomain', line: 5, column: 37 }],
    },
  ],
});
