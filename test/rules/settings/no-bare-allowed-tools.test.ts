import rule from '../../../rules/no-bare-allowed-tools.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

/** A settings file whose `permissions.allow` is `entries`, on line 3 from column 14. */
const allow = (entries: string) => `{\n  "permissions": {\n    "allow": [${entries}]\n  }\n}`;
const first = '    "allow": ['.length + 1;
/** The one suggestion: the file without the entry. */
const removing = (entry: string, output: string) => [{ messageId: 'removeEntry' as const, data: { entry }, output }];
/** One entry a line, as people write longer lists. */
const lines = (...entries: string[]) => `{\n  "permissions": {\n    "allow": [\n${entries.map((entry) => `      "${entry}"`).join(',\n')}\n    ]\n  }\n}`;
const local = ['Bash(*)', 'Edit(**)', 'Bash(npx *)', 'Bash(git:*)', 'mcp__github', 'mcp__slack__*'];
const withoutEntry = (entry: string) => lines(...local.filter((other) => other !== entry));
const interpreters = ['Bash(find:*)', 'Bash(LOG_LEVEL=debug node:*)', 'Bash(npm:*)', 'Bash(docker compose:*)', 'Bash(python3:*)', 'Bash(npm run build:*)', 'Bash(rg:*)', 'Bash(ssh *)', 'Bash(git submodule:*)', 'Bash(kubectl:*)'];
const withoutInterpreter = (entry: string) => lines(...interpreters.filter((other) => other !== entry));

runSettingsRuleTests(rule, {
  valid: [
    allow('"Bash(npm test *)", "Bash(npm run build)", "Edit(./src/**)", "WebFetch(domain:docs.example.com)"'),
    allow('"Bash(npx prettier --check *)", "Bash(git diff *)", "mcp__github__get_issue", "mcp__github__get_*"'),
    // Read-only tools are approved whole on purpose.
    allow('"Read", "Grep", "Glob", "LS", "WebSearch", "TodoWrite"'),
    allow(''),
    // A prefix that fixes what runs; an environment assignment before a scoped command; a wrapper Claude Code strips.
    allow('"Bash(npm run build:*)", "Bash(python -m pytest:*)", "Bash(NODE_ENV=test npm test *)", "Bash(timeout:*)"'),
    // A fixed search or a fixed remote command after the runner is scoped.
    allow('"Bash(rg TODO:*)", "Bash(rg --files *)", "Bash(ssh deploy@web uptime)", "Bash(ssh-keygen:*)"'),
    // A subcommand after git or kubectl that runs nothing else.
    allow('"Bash(git submodule update:*)", "Bash(git rebase --continue)", "Bash(kubectl get:*)", "Bash(kubectl logs *)"'),
    // The settings validator skips these (valid-permission-rule reports them); as allowedTools flags they are the whole tool.
    allow('"Bash()", "Bash(:*)", "Edit()"'),
    // Bare names are what deny and ask lists should hold.
    '{ "permissions": { "deny": ["Bash", "WebFetch", "mcp__github"], "ask": ["Bash", "Edit"] } }',
    // Only permissions.allow is an allow list: a top-level or misspelt key is not read by Claude Code.
    '{ "allow": ["Bash"], "permissions": { "allowed": ["Bash"] } }',
    // The last of two duplicate keys wins, as in JSON.parse.
    '{ "permissions": { "allow": ["Bash"] }, "permissions": { "allow": ["Bash(npm test *)"] } }',
    '{ "permissions": { "allow": ["Bash"], "allow": ["Bash(npm test *)"] } }',
    // Hook matchers and commands are not allow rules.
    '{ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "Bash", "timeout": 30 }] }] } }',
    { name: 'the allow option', code: allow('"WebFetch", "Bash(npm test *)"'), options: { allow: ['WebFetch'] } },
    { name: 'a settings.json outside .claude is some other file', code: allow('"Bash"'), path: 'config/settings.json' },
    { name: 'settings.local.json outside .claude', code: allow('"Bash"'), path: 'settings.local.json' },
    { name: 'an empty file', code: '' },
    { name: 'a file without permissions', code: '{ "model": "claude-sonnet-4-5", "env": { "BASH_DEFAULT_TIMEOUT_MS": "60000" } }' },
  ],
  invalid: [
    {
      name: 'a bare Bash in project settings',
      code: allow('"Read", "Bash"'),
      errors: [
        {
          messageId: 'bareTool',
          data: { entry: 'Bash', tool: 'Bash', example: 'Bash(npm test *)' },
          line: 3,
          column: first + 8,
          endLine: 3,
          endColumn: first + 14,
          suggestions: removing('Bash', allow('"Read"')),
        },
      ],
    },
    {
      name: 'whole-tool specifiers, runners and whole servers in local settings',
      path: '.claude/settings.local.json',
      code: lines(...local),
      errors: [
        { messageId: 'bareTool', data: { entry: 'Bash(*)' }, line: 4, column: 7, suggestions: removing('Bash(*)', withoutEntry('Bash(*)')) },
        { messageId: 'bareTool', data: { entry: 'Edit(**)', example: 'Edit(./src/**)' }, line: 5, column: 7, suggestions: removing('Edit(**)', withoutEntry('Edit(**)')) },
        { messageId: 'commandRunner', data: { entry: 'Bash(npx *)', runner: 'npx' }, line: 6, column: 7, suggestions: removing('Bash(npx *)', withoutEntry('Bash(npx *)')) },
        { messageId: 'commandRunner', data: { runner: 'git' }, line: 7, column: 7, suggestions: removing('Bash(git:*)', withoutEntry('Bash(git:*)')) },
        { messageId: 'wholeServer', data: { server: 'github' }, line: 8, column: 7, suggestions: removing('mcp__github', withoutEntry('mcp__github')) },
        { messageId: 'wholeServer', data: { server: 'slack' }, line: 9, column: 7, suggestions: removing('mcp__slack__*', withoutEntry('mcp__slack__*')) },
      ],
    },
    {
      name: 'interpreters, package managers and find before a wildcard, an environment assignment skipped',
      code: lines(...interpreters),
      errors: [
        { messageId: 'commandRunner', data: { runner: 'find' }, line: 4, column: 7, suggestions: removing('Bash(find:*)', withoutInterpreter('Bash(find:*)')) },
        { messageId: 'commandRunner', data: { runner: 'node' }, line: 5, column: 7, suggestions: removing('Bash(LOG_LEVEL=debug node:*)', withoutInterpreter('Bash(LOG_LEVEL=debug node:*)')) },
        { messageId: 'commandRunner', data: { runner: 'npm' }, line: 6, column: 7, suggestions: removing('Bash(npm:*)', withoutInterpreter('Bash(npm:*)')) },
        { messageId: 'commandRunner', data: { runner: 'docker compose' }, line: 7, column: 7, suggestions: removing('Bash(docker compose:*)', withoutInterpreter('Bash(docker compose:*)')) },
        { messageId: 'commandRunner', data: { runner: 'python3' }, line: 8, column: 7, suggestions: removing('Bash(python3:*)', withoutInterpreter('Bash(python3:*)')) },
        // `rg --pre <program>` runs the program on each file; ssh runs any command on a host, this one included.
        { messageId: 'commandRunner', data: { runner: 'rg' }, line: 10, column: 7, suggestions: removing('Bash(rg:*)', withoutInterpreter('Bash(rg:*)')) },
        { messageId: 'commandRunner', data: { runner: 'ssh' }, line: 11, column: 7, suggestions: removing('Bash(ssh *)', withoutInterpreter('Bash(ssh *)')) },
        // `git submodule foreach` and `kubectl exec` run any command they are given.
        { messageId: 'commandRunner', data: { runner: 'git submodule' }, line: 12, column: 7, suggestions: removing('Bash(git submodule:*)', withoutInterpreter('Bash(git submodule:*)')) },
        { messageId: 'commandRunner', data: { runner: 'kubectl' }, line: 13, column: 7, suggestions: removing('Bash(kubectl:*)', withoutInterpreter('Bash(kubectl:*)')) },
      ],
    },
    {
      name: 'managed settings',
      path: '/etc/claude-code/managed-settings.json',
      code: allow('"WebFetch"'),
      errors: [{ messageId: 'bareTool', data: { tool: 'WebFetch' }, line: 3, column: first, suggestions: removing('WebFetch', allow('')) }],
    },
    {
      name: 'a managed-settings.d drop-in',
      path: '/etc/claude-code/managed-settings.d/50-tools.json',
      code: allow('"Write"'),
      errors: [{ messageId: 'bareTool', data: { tool: 'Write' }, line: 3, column: first, suggestions: removing('Write', allow('')) }],
    },
    {
      name: 'Windows separators',
      path: 'C:\\repo\\.claude\\settings.json',
      code: allow('"PowerShell"'),
      errors: [{ messageId: 'bareTool', data: { example: 'PowerShell(Get-ChildItem *)' }, line: 3, column: first, suggestions: removing('PowerShell', allow('')) }],
    },
    {
      name: 'the last of two permissions keys is the one Claude Code reads',
      code: '{\n  "permissions": { "allow": ["Bash(npm test *)"] },\n  "permissions": { "allow": ["Bash"] }\n}',
      errors: [
        {
          messageId: 'bareTool',
          line: 3,
          column: 30,
          suggestions: removing('Bash', '{\n  "permissions": { "allow": ["Bash(npm test *)"] },\n  "permissions": { "allow": [] }\n}'),
        },
      ],
    },
    {
      name: 'an escaped string is read as its value, and reported at the literal',
      code: allow('"\\u0042ash"'),
      errors: [{ messageId: 'bareTool', data: { entry: 'Bash' }, line: 3, column: first, endColumn: first + 11, suggestions: removing('Bash', allow('')) }],
    },
    {
      name: 'a byte order mark and CRLF line ends',
      code: '\ufeff{\r\n  "permissions": {\r\n    "allow": ["Bash"]\r\n  }\r\n}\r\n',
      errors: [{ messageId: 'bareTool', line: 3, column: first, suggestions: removing('Bash', '\ufeff{\r\n  "permissions": {\r\n    "allow": []\r\n  }\r\n}\r\n') }],
    },
  ],
});
