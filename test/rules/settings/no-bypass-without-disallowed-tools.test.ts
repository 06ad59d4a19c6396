import { homedir } from 'node:os';
import path from 'node:path';
import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

const names = { mode: 'permissions.defaultMode', deny: 'permissions.deny' };
/** `permissions` with `defaultMode` on line 3 (its value from column 20), then `rest` on the lines after. */
const permissions = (mode: string, ...rest: string[]) =>
  `{\n  "permissions": {\n    "defaultMode": "${mode}"${rest.map((line) => `,\n    ${line}`).join('')}\n  }\n}`;
const modeColumn = '    "defaultMode": '.length + 1;
const bypassEnd = modeColumn + '"bypassPermissions"'.length;

runSettingsRuleTests(rule, {
  valid: [
    permissions('bypassPermissions', '"deny": ["Bash(rm *)", "WebFetch"]'),
    { name: 'deny rules in local settings', path: '.claude/settings.local.json', code: permissions('bypassPermissions', '"deny": ["Bash(curl *)"]') },
    { name: 'deny rules in managed settings', path: '/etc/claude-code/managed-settings.json', code: permissions('bypassPermissions', '"deny": ["mcp__github"]') },
    permissions('default'),
    permissions('acceptEdits', '"allow": ["Read"]'),
    permissions('plan'),
    permissions('dontAsk', '"allow": ["Bash(npm test *)"]'),
    // Ask rules are not deny rules, but with another mode there is nothing to report.
    permissions('default', '"ask": ["Bash"]'),
    // Claude Code reads defaultMode only inside permissions.
    '{ "defaultMode": "bypassPermissions" }',
    '{ "permissions": { "mode": "bypassPermissions" } }',
    // The last of two duplicate keys wins, as in JSON.parse.
    '{ "permissions": { "defaultMode": "bypassPermissions", "defaultMode": "default" } }',
    '{ "permissions": { "defaultMode": "bypassPermissions" }, "permissions": { "defaultMode": "bypassPermissions", "deny": ["WebFetch"] } }',
    { name: 'a settings.json outside .claude is some other file', path: 'settings.json', code: permissions('bypassPermissions') },
    { name: 'a JSON file next to the managed one', path: '/etc/claude-code/policy.json', code: permissions('bypassPermissions') },
  ],
  invalid: [
    {
      name: 'project settings: reported, saying Claude Code drops the mode there',
      code: permissions('bypassPermissions'),
      errors: [{ messageId: 'bypassInProjectSettings', data: names, line: 3, column: modeColumn, endLine: 3, endColumn: bypassEnd }],
    },
    {
      name: 'local settings: Claude Code honours the mode',
      path: '.claude/settings.local.json',
      code: permissions('bypassPermissions'),
      errors: [{ messageId: 'bypassWithoutDenyRules', data: names, line: 3, column: modeColumn, endColumn: bypassEnd }],
    },
    {
      name: 'managed settings',
      path: '/etc/claude-code/managed-settings.json',
      code: permissions('bypassPermissions'),
      errors: [{ messageId: 'bypassWithoutDenyRules', line: 3, column: modeColumn }],
    },
    {
      name: 'user settings (~/.claude/settings.json) are not project settings',
      path: path.join(homedir(), '.claude', 'settings.json'),
      code: permissions('bypassPermissions'),
      errors: [{ messageId: 'bypassWithoutDenyRules', line: 3, column: modeColumn }],
    },
    {
      name: 'an empty deny list is no deny rule',
      path: '.claude/settings.local.json',
      code: permissions('bypassPermissions', '"deny": []'),
      errors: [{ messageId: 'bypassWithoutDenyRules', line: 3, column: modeColumn }],
    },
    {
      name: 'ask rules are not deny rules',
      path: '.claude/settings.local.json',
      code: permissions('bypassPermissions', '"ask": ["Bash"]'),
      errors: [{ messageId: 'bypassWithoutDenyRules', line: 3, column: modeColumn }],
    },
    {
      name: 'permissions.allow does not limit bypass, reported at its key',
      path: '.claude/settings.local.json',
      code: permissions('bypassPermissions', '"allow": ["Read", "Bash(npm test *)"]'),
      errors: [
        { messageId: 'bypassWithoutDenyRules', line: 3, column: modeColumn },
        { messageId: 'allowRulesIgnored', data: { allowed: 'permissions.allow', deny: 'permissions.deny' }, line: 4, column: 5, endLine: 4, endColumn: 12 },
      ],
    },
    {
      name: 'permissions.allow misleads even with deny rules',
      code: permissions('bypassPermissions', '"deny": ["WebFetch"]', '"allow": ["Read"]'),
      errors: [{ messageId: 'allowRulesIgnored', line: 5, column: 5 }],
    },
    {
      name: 'the deny list of a permissions key that a later duplicate replaced does not count',
      path: '.claude/settings.local.json',
      code: '{\n  "permissions": { "deny": ["WebFetch"] },\n  "permissions": { "defaultMode": "bypassPermissions" }\n}',
      errors: [{ messageId: 'bypassWithoutDenyRules', line: 3, column: 35 }],
    },
  ],
});
