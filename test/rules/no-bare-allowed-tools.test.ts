import rule from '../../rules/no-bare-allowed-tools.js';
import { runRuleTests } from '../support/rule-tester.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const allowed = (list: string) => `${sdk}\nquery({ prompt: 'x', options: { allowedTools: [${list}] } });`;
/** Not a workflow on untrusted input: no exposure clause. */
const bare = (entry: string, tool: string, example: string) => ({ entry, tool, example, exposure: '' });
/** The one suggestion: the file without the entry. */
const removing = (entry: string, output: string) => [{ messageId: 'removeEntry' as const, data: { entry }, output }];
/** Column of the n-th entry in `allowed(...)`'s second line. */
const runners = "'Bash(npx *)', 'Bash(bash -c *)', 'Bash(git *)', 'Bash(docker exec:*)', 'Bash(node -e *)'";
const prefix = "query({ prompt: 'x', options: { allowedTools: [".length + 1;
/** The list built in `steps` (one line each, from line 2), then passed as allowedTools. */
const built = (...steps: string[]) => [sdk, ...steps, "query({ prompt: 'x', options: { allowedTools: tools } });"].join('\n');

runRuleTests(rule, {
  typescript: {
    valid: [
      // Lists built in steps whose added entries are scoped or read-only.
      built("const tools = ['Read'];", "if (process.env.CI) tools.push('Bash(git status)');"),
      built("const tools = ['Read'];", "tools.unshift('Grep');"),
      built("const tools = ['Read'].concat(['Bash(npm test *)'], 'Glob');"),
      built("const SAFE = ['Read', 'Grep'] as const;", "const tools = [...SAFE, 'Edit(./src/**)'];"),
      built("function readOnly() { return ['Read', 'Glob']; }", 'const tools = readOnly();'),
      // Joined with a list that cannot be seen: nothing known to report.
      built('declare const extra: string[];', "const tools = ['Read'].concat(extra);"),
      // Scoped rules only approve matching calls.
      allowed("'Bash(npm test *)', 'Bash(git status)', 'Edit(./src/**)', 'WebFetch(domain:docs.example.com)'"),
      // Entries that name no tool approve nothing (the CLI drops or never matches them): valid-permission-rule's.
      allowed("'', '  ', 'Bash(', '(Bash)', '*', 'mcp__*'"),
      // Read-only tools are not side-effecting.
      allowed("'Read', 'Glob', 'Grep', 'LS', 'WebSearch', 'TodoWrite'"),
      // A single MCP tool named in full is a deliberate approval.
      allowed("'mcp__github__get_issue'"),
      // Subcommand prefixes do not admit any command.
      allowed("'Bash(git push *)', 'Bash(npm run build)', 'Bash(npx prettier --check *)'"),
      // Listed in the allow option.
      { code: allowed("'WebFetch'"), options: [{ allow: ['WebFetch'] }] },
      // Not an SDK configuration.
      `const config = { allowedTools: ['Bash'] };\nexport default config;`,
      `import { query } from './my-query';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });`,
      // disallowedTools is a deny list: bare names there are good.
      `${sdk}\nquery({ prompt: 'x', options: { disallowedTools: ['Bash', 'WebFetch'] } });`,
      // Unknown entries stay unknown.
      `${sdk}\nimport { tools } from './tools';\nquery({ prompt: 'x', options: { allowedTools: [...tools, process.env.TOOL!] } });`,
    ],
    invalid: [
      {
        name: 'bare side-effecting tools',
        code: allowed("'Bash', 'Read', 'Write', 'WebFetch'"),
        errors: [
          {
            messageId: 'bareTool',
            data: bare('Bash', 'Bash', 'Bash(npm test *)'),
            line: 2,
            column: prefix,
            endColumn: prefix + 6,
            suggestions: removing('Bash', allowed("'Read', 'Write', 'WebFetch'")),
          },
          { messageId: 'bareTool', data: bare('Write', 'Write', 'Edit(./src/**)'), line: 2, column: prefix + 16, suggestions: removing('Write', allowed("'Bash', 'Read', 'WebFetch'")) },
          {
            messageId: 'bareTool',
            data: bare('WebFetch', 'WebFetch', 'WebFetch(domain:example.com)'),
            line: 2,
            column: prefix + 25,
            suggestions: removing('WebFetch', allowed("'Bash', 'Read', 'Write'")),
          },
        ],
      },
      {
        name: 'specifiers that match everything',
        code: allowed("'Bash(*)', 'Bash()', 'Bash(:*)', 'Edit(**)'"),
        errors: [
          { messageId: 'bareTool', line: 2, column: prefix, suggestions: removing('Bash(*)', allowed("'Bash()', 'Bash(:*)', 'Edit(**)'")) },
          { messageId: 'bareTool', line: 2, column: prefix + 11, suggestions: removing('Bash()', allowed("'Bash(*)', 'Bash(:*)', 'Edit(**)'")) },
          { messageId: 'bareTool', line: 2, column: prefix + 21, suggestions: removing('Bash(:*)', allowed("'Bash(*)', 'Bash()', 'Edit(**)'")) },
          { messageId: 'bareTool', line: 2, column: prefix + 33, suggestions: removing('Edit(**)', allowed("'Bash(*)', 'Bash()', 'Bash(:*)'")) },
        ],
      },
      {
        name: 'whole MCP servers',
        code: allowed("'mcp__stripe', 'mcp__github__*'"),
        errors: [
          { messageId: 'wholeServer', data: { entry: 'mcp__stripe', server: 'stripe' }, line: 2, column: prefix, suggestions: removing('mcp__stripe', allowed("'mcp__github__*'")) },
          {
            messageId: 'wholeServer',
            data: { entry: 'mcp__github__*', server: 'github' },
            line: 2,
            column: prefix + 15,
            suggestions: removing('mcp__github__*', allowed("'mcp__stripe'")),
          },
        ],
      },
      {
        name: 'command runners followed by a wildcard',
        code: allowed(runners),
        errors: [
          { messageId: 'commandRunner', data: { entry: 'Bash(npx *)', runner: 'npx', exposure: '' }, line: 2, column: prefix, suggestions: removing('Bash(npx *)', allowed(runners.replace("'Bash(npx *)', ", ''))) },
          {
            messageId: 'commandRunner',
            data: { entry: 'Bash(bash -c *)', runner: 'bash -c', exposure: '' },
            line: 2,
            column: prefix + 15,
            suggestions: removing('Bash(bash -c *)', allowed(runners.replace("'Bash(bash -c *)', ", ''))),
          },
          { messageId: 'commandRunner', data: { entry: 'Bash(git *)', runner: 'git', exposure: '' }, line: 2, column: prefix + 34, suggestions: removing('Bash(git *)', allowed(runners.replace("'Bash(git *)', ", ''))) },
          {
            messageId: 'commandRunner',
            data: { entry: 'Bash(docker exec:*)', runner: 'docker exec', exposure: '' },
            line: 2,
            column: prefix + 49,
            suggestions: removing('Bash(docker exec:*)', allowed(runners.replace("'Bash(docker exec:*)', ", ''))),
          },
          {
            messageId: 'commandRunner',
            data: { entry: 'Bash(node -e *)', runner: 'node -e', exposure: '' },
            line: 2,
            column: prefix + 72,
            suggestions: removing('Bash(node -e *)', allowed(runners.replace(", 'Bash(node -e *)'", ''))),
          },
        ],
      },
      {
        name: 'patterns that match every path or domain, and Monitor',
        code: allowed("'Edit(//**)', 'WebFetch(domain:*)', 'Monitor'"),
        errors: [
          { messageId: 'bareTool', line: 2, column: prefix, suggestions: removing('Edit(//**)', allowed("'WebFetch(domain:*)', 'Monitor'")) },
          { messageId: 'bareTool', line: 2, column: prefix + 14, suggestions: removing('WebFetch(domain:*)', allowed("'Edit(//**)', 'Monitor'")) },
          {
            messageId: 'bareTool',
            data: bare('Monitor', 'Monitor', 'Monitor(<specifier>)'),
            line: 2,
            column: prefix + 36,
            suggestions: removing('Monitor', allowed("'Edit(//**)', 'WebFetch(domain:*)'")),
          },
        ],
      },
      {
        name: 'allow rules given inline in the settings option',
        code: `${sdk}\nquery({ prompt: 'x', options: { settings: { permissions: { allow: ['Bash', 'Read'] } } } });`,
        errors: [
          {
            messageId: 'bareTool',
            line: 2,
            column: 68,
            suggestions: removing('Bash', `${sdk}\nquery({ prompt: 'x', options: { settings: { permissions: { allow: ['Read'] } } } });`),
          },
        ],
      },
      {
        name: 'more side-effecting tools through the option',
        code: allowed("'Agent'"),
        options: [{ sideEffectTools: ['Agent'] }],
        errors: [{ messageId: 'bareTool', data: bare('Agent', 'Agent', 'Agent(<specifier>)'), line: 2, column: prefix, suggestions: removing('Agent', allowed('')) }],
      },
      {
        name: 'entries through a variable, a spread and push',
        code: `${sdk}\nconst base = ['Read'];\nconst tools = [...base, 'Edit'];\ntools.push('Bash');\nquery({ prompt: 'x', options: { allowedTools: tools } });`,
        // Entries outside one written-out list have no separator to remove with them: no suggestion.
        errors: [
          { messageId: 'bareTool', line: 3, column: 25, suggestions: [] },
          { messageId: 'bareTool', line: 4, column: 12, suggestions: [] },
        ],
      },
      {
        name: 'an entry pushed under a condition: reported at the push argument',
        code: built("const tools = ['Read'];", "if (process.env.CI) tools.push('Bash');"),
        errors: [{ messageId: 'bareTool', data: bare('Bash', 'Bash', 'Bash(npm test *)'), line: 3, column: 32, suggestions: [] }],
      },
      {
        name: 'unshift and concat',
        code: built("const tools = ['Read'].concat(['Write'], 'WebFetch');", "tools.unshift('Edit');"),
        errors: [
          { messageId: 'bareTool', line: 2, column: 32 },
          { messageId: 'bareTool', line: 2, column: 42, suggestions: [] },
          { messageId: 'bareTool', line: 3, column: 15, suggestions: [] },
        ],
      },
      {
        name: 'a module constant of tool names, and a helper that returns a list',
        code: built("const EDITING = ['Edit', 'Read'];", "function shell() { return ['Bash']; }", 'const tools = [...EDITING, ...shell()];'),
        errors: [
          { messageId: 'bareTool', line: 2, column: 18, suggestions: [] },
          { messageId: 'bareTool', line: 3, column: 28, suggestions: [] },
        ],
      },
      {
        name: 'a conditional entry',
        code: `${sdk}\nquery({ prompt: 'x', options: { allowedTools: [process.env.CI ? 'Bash(npm test *)' : 'Bash'] } });`,
        errors: [{ messageId: 'bareTool', line: 2, column: 86, suggestions: [] }],
      },
    ],
  },
  javascript: {
    valid: [
      allowed("'Bash(npm ci)'"),
      allowed("'Bash(npx tsx scripts/gen.ts)', 'Bash(uv run pytest *)'"),
      built("const tools = ['Read'];", "tools.push('Bash(git status)');"),
      // A fixed search after rg, a fixed command after ssh: scoped.
      allowed("'Bash(rg TODO *)', 'Bash(ssh ci@build uptime)', 'Bash(ssh-keygen:*)'"),
      { code: `const sdk = require('@anthropic-ai/claude-agent-sdk');\nsdk.query({ prompt: 'x', options: { allowedTools: ['Grep'] } });`, filename: 'a.cjs' },
    ],
    invalid: [
      {
        name: 'a package runner and a package manager before a wildcard',
        code: allowed("'Bash(npx tsx:*)', 'Bash(uv:*)'"),
        errors: [
          { messageId: 'commandRunner', data: { entry: 'Bash(npx tsx:*)', runner: 'npx tsx', exposure: '' }, line: 2, column: prefix, suggestions: removing('Bash(npx tsx:*)', allowed("'Bash(uv:*)'")) },
          { messageId: 'commandRunner', data: { entry: 'Bash(uv:*)', runner: 'uv', exposure: '' }, line: 2, column: prefix + 19, suggestions: removing('Bash(uv:*)', allowed("'Bash(npx tsx:*)'")) },
        ],
      },
      {
        name: 'rg (its --pre runs a program on each file) and ssh (any command on a host) before a wildcard',
        code: allowed("'Bash(rg:*)', 'Bash(ssh *)'"),
        errors: [
          { messageId: 'commandRunner', data: { entry: 'Bash(rg:*)', runner: 'rg', exposure: '' }, line: 2, column: prefix, suggestions: removing('Bash(rg:*)', allowed("'Bash(ssh *)'")) },
          { messageId: 'commandRunner', data: { entry: 'Bash(ssh *)', runner: 'ssh', exposure: '' }, line: 2, column: prefix + 14, suggestions: removing('Bash(ssh *)', allowed("'Bash(rg:*)'")) },
        ],
      },
      {
        name: 'ESM JavaScript',
        code: allowed("'Bash'"),
        errors: [{ messageId: 'bareTool', line: 2, column: prefix, suggestions: removing('Bash', allowed('')) }],
      },
      {
        name: 'a list built with push and concat',
        code: built("const tools = ['Read'].concat(['Write']);", "if (process.env.CI) tools.push('Bash');"),
        errors: [
          { messageId: 'bareTool', line: 2, column: 32 },
          { messageId: 'bareTool', line: 3, column: 32, suggestions: [] },
        ],
      },
      {
        name: 'CommonJS namespace require',
        filename: 'agent.cjs',
        code: `const sdk = require('@anthropic-ai/claude-agent-sdk');\nsdk.query({ prompt: 'x', options: { allowedTools: ['mcp__db'] } });`,
        errors: [
          {
            messageId: 'wholeServer',
            line: 2,
            column: 52,
            suggestions: removing('mcp__db', `const sdk = require('@anthropic-ai/claude-agent-sdk');\nsdk.query({ prompt: 'x', options: { allowedTools: [] } });`),
          },
        ],
      },
    ],
  },
});
