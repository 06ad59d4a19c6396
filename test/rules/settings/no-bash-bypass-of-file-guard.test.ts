import rule from '../../../rules/no-bash-bypass-of-file-guard.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

const hook = '"hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 10 }]';
/** A settings file whose PreToolUse matchers start on line 4, column 7; `more` is written before `hooks`. */
const settings = (matchers: string[], more = '') =>
  `{\n  ${more}"hooks": {\n    "PreToolUse": [\n${matchers.map((matcher) => `      { "matcher": ${matcher}, ${hook} }`).join(',\n')}\n    ]\n  }\n}`;

runSettingsRuleTests(rule, {
  valid: [
    settings(['"Write|Edit|Bash"']),
    settings(['"Edit|Write"', '"Bash"']),
    settings(['"*"']),
    settings(['""']),
    settings(['"Write|Edit"'], '"permissions": { "deny": ["Bash"] }, '),
    '{ "hooks": { "PostToolUse": [{ "matcher": "Write|Edit", "hooks": [{ "type": "command", "command": "./format.sh" }] }] } }',
  ],
  invalid: [
    {
      name: 'a command hook guards Write and Edit, and Bash is unguarded',
      code: settings(['"Write|Edit"']),
      errors: [{ messageId: 'bashUnguarded', data: { tools: 'Edit and Write', matcher: 'Write|Edit|Bash', deny: 'permissions.deny: ["Bash"]' }, line: 4, column: 20, endColumn: 32 }],
    },
    {
      name: 'a scoped Bash deny does not remove Bash',
      code: settings(['"Edit"'], '"permissions": { "deny": ["Bash(rm *)"] }, '),
      errors: [{ messageId: 'bashUnguarded', data: { tools: 'Edit' }, line: 4, column: 20 }],
    },
  ],
});
