import rule from '../../../rules/require-hook-timeout.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

/** A settings file with one PreToolUse matcher whose hooks, on line 4 from column 37, are `hooks`. */
const settings = (hooks: string, event = 'PreToolUse') => `{\n  "hooks": {\n    "${event}": [\n      { "matcher": "Bash", "hooks": [${hooks}] }\n    ]\n  }\n}`;
const at = '      { "matcher": "Bash", "hooks": ['.length + 1;

runSettingsRuleTests(rule, {
  valid: [
    settings('{ "type": "command", "command": "./guard.sh", "timeout": 10 }'),
    settings('{ "type": "http", "url": "https://policy.example.com/check", "timeout": 5 }'),
    // Prompt and agent hooks default to short timeouts (30 s, 60 s).
    settings('{ "type": "prompt", "prompt": "Is this command safe?" }'),
    settings('{ "type": "agent", "prompt": "Review the command" }'),
    settings('{ "type": "command", "command": "./format.sh" }', 'PostToolUse'),
  ],
  invalid: [
    {
      name: 'a command hook without a timeout',
      code: settings('{ "type": "command", "command": "./guard.sh" }'),
      errors: [{ messageId: 'commandWithoutTimeout', data: { type: 'command' }, line: 4, column: at, endColumn: at + 46 }],
    },
    {
      name: 'an http hook and an mcp_tool hook next to one with a timeout',
      code: settings('{ "type": "http", "url": "https://policy.example.com" }, { "type": "command", "command": "./a.sh", "timeout": 5 }, { "type": "mcp_tool", "server": "policy", "tool": "check" }'),
      errors: [
        { messageId: 'commandWithoutTimeout', data: { type: 'http' }, line: 4, column: at },
        { messageId: 'commandWithoutTimeout', data: { type: 'mcp_tool' }, line: 4, column: at + 115 },
      ],
    },
  ],
});
