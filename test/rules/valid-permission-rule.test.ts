import rule from '../../rules/valid-permission-rule.js';
import { runRuleTests } from '../support/rule-tester.js';

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
/** An agent whose options are `body`, on line 2 from column 33. */
const options = (body: string) => `${sdk}\nquery({ prompt: 'x', options: { ${body} } });`;
const allowed = (list: string) => options(`allowedTools: [${list}]`);
const denied = (list: string) => options(`disallowedTools: [${list}]`);
const matcher = (value: string, event = 'PreToolUse') => options(`hooks: { ${event}: [{ matcher: ${value}, hooks: [] }] }`);
/** Columns of the first entry of `allowed`, `denied` and `matcher`. */
const allowAt = 48;
const denyAt = 51;
const matcherAt = 66;
const approves = 'it approves nothing';
const blocks = 'it blocks nothing';

runRuleTests(rule, {
  typescript: {
    valid: [
      allowed("'Bash(npm run test:*)', 'Read(./src/**)', 'Edit(//tmp/**)', 'WebFetch(domain:example.com)', 'WebFetch(domain:*.example.com)'"),
      // MCP tools, whole servers and globs after a literal server prefix.
      allowed("'mcp__github__get_issue', 'mcp__github', 'mcp__github__*', 'mcp__github__get_*'"),
      // Legacy aliases, tools that take a specifier, retired tools, a lowercase tool with an underscore.
      allowed("'Task', 'KillShell', 'Agent(Explore)', 'Skill(deploy)', 'MultiEdit', 'propose_skills', 'Bash(git * main)', 'Bash(npm test *)'"),
      // Deny and ask rules accept wildcard tool names.
      denied("'*', 'mcp__*', 'Bash*', 'WebFetch', 'Write', 'Bash(rm -rf *)'"),
      // As flags, `Bash()` and `Bash(:*)` are the whole Bash (settings files reject them).
      denied("'Bash()', 'Bash(:*)'"),
      options("settings: { permissions: { ask: ['Bash(git push *)', '*'] } }"),
      options("tools: ['Read', 'Grep', 'Bash']"),
      options("tools: { type: 'preset', preset: 'claude_code' }"),
      // Matchers: every tool, exact names, regular expressions that match a tool, MCP tools.
      matcher("'*'"),
      matcher("''"),
      options('hooks: { PreToolUse: [{ hooks: [] }] }'),
      matcher("'Write|Edit|MultiEdit'"),
      matcher("'Edit.*'"),
      matcher("'^(Write|Edit)$'"),
      matcher("'mcp__memory__.*'"),
      matcher("'mcp__github__get_issue'"),
      // Other events match other things than tool names.
      matcher("'startup|resume'", 'SessionStart'),
      matcher("'manual'", 'PreCompact'),
      // Unknown values stay unknown.
      allowed('process.env.TOOL!'),
      matcher('process.env.MATCHER!'),
      // A tool of a newer Claude Code, listed in the option.
      { code: allowed("'Teleport'"), options: [{ knownTools: ['Teleport'] }] },
      // Not an SDK configuration.
      `const config = { allowedTools: ['bash'] };\nexport default config;`,
    ],
    invalid: [
      {
        name: 'wrong case, with the tool name proposed',
        code: allowed("'bash(npm test *)'"),
        errors: [
          {
            messageId: 'wrongCase',
            data: { entry: 'bash(npm test *)', effect: approves, name: 'bash', known: 'Bash' },
            line: 2,
            column: allowAt,
            endColumn: allowAt + 18,
            suggestions: [{ messageId: 'replace', data: { replacement: 'Bash(npm test *)' }, output: allowed("'Bash(npm test *)'") }],
          },
        ],
      },
      {
        name: 'a misspelt deny rule',
        code: denied("'WebFecth'"),
        errors: [
          {
            messageId: 'misspelt',
            data: { entry: 'WebFecth', effect: blocks, name: 'WebFecth', known: "'WebFetch'" },
            line: 2,
            column: denyAt,
            suggestions: [{ messageId: 'replace', output: denied("'WebFetch'") }],
          },
        ],
      },
      {
        name: 'a name close to two tools proposes no edit',
        code: denied("'TaskLet'"),
        errors: [{ messageId: 'misspelt', data: { entry: 'TaskLet', effect: blocks, name: 'TaskLet', known: "'TaskGet' or 'TaskList'" }, line: 2, column: denyAt, suggestions: [] }],
      },
      {
        name: 'a name that is no tool, in the tools option',
        code: options("tools: ['Read', 'Teleport']"),
        errors: [{ messageId: 'unknownTool', data: { entry: 'Teleport', effect: 'it adds no tool', name: 'Teleport' }, line: 2, column: 49 }],
      },
      {
        name: 'specifiers on tools never checked with one',
        code: denied("'Write(./secrets/**)', 'Glob(.env)'"),
        errors: [
          {
            messageId: 'uncheckedSpecifier',
            data: { entry: 'Write(./secrets/**)', effect: blocks, family: 'Edit', verb: 'editing', replacement: 'Edit(./secrets/**)' },
            line: 2,
            column: denyAt,
            suggestions: [{ messageId: 'replace', output: denied("'Edit(./secrets/**)', 'Glob(.env)'") }],
          },
          {
            messageId: 'uncheckedSpecifier',
            data: { entry: 'Glob(.env)', effect: blocks, family: 'Read', verb: 'reading', replacement: 'Read(.env)' },
            line: 2,
            column: denyAt + 23,
            suggestions: [{ messageId: 'replace', output: denied("'Write(./secrets/**)', 'Read(.env)'") }],
          },
        ],
      },
      {
        name: 'WebFetch rules with a URL or a bare host',
        code: denied("'WebFetch(https://evil.example.com/upload)', 'WebFetch(evil.example.com)', 'WebFetch(uploads)'"),
        errors: [
          {
            messageId: 'webFetchDomain',
            data: { entry: 'WebFetch(https://evil.example.com/upload)', effect: blocks, replacement: 'WebFetch(domain:evil.example.com)' },
            line: 2,
            column: denyAt,
            suggestions: [{ messageId: 'replace', output: denied("'WebFetch(domain:evil.example.com)', 'WebFetch(evil.example.com)', 'WebFetch(uploads)'") }],
          },
          {
            messageId: 'webFetchDomain',
            line: 2,
            column: denyAt + 45,
            suggestions: [{ messageId: 'replace', output: denied("'WebFetch(https://evil.example.com/upload)', 'WebFetch(domain:evil.example.com)', 'WebFetch(uploads)'") }],
          },
          { messageId: 'webFetchDomain', data: { entry: 'WebFetch(uploads)', effect: blocks, replacement: 'WebFetch(domain:<host>)' }, line: 2, column: denyAt + 75, suggestions: [] },
        ],
      },
      {
        name: 'parentheses on an MCP rule, and wildcard tool names in an allow list',
        code: allowed("'mcp__github__get_issue(42)', '*', 'mcp__*', 'Bash*'"),
        errors: [
          { messageId: 'mcpParentheses', data: { entry: 'mcp__github__get_issue(42)', effect: approves, server: 'github' }, line: 2, column: allowAt },
          { messageId: 'wildcardInAllow', data: { entry: '*', effect: approves }, line: 2, column: allowAt + 30 },
          { messageId: 'wildcardInAllow', data: { entry: 'mcp__*', effect: approves }, line: 2, column: allowAt + 35 },
          { messageId: 'wildcardInAllow', data: { entry: 'Bash*', effect: approves }, line: 2, column: allowAt + 45 },
        ],
      },
      {
        name: ':* anywhere but at the end of a Bash prefix',
        code: denied("'Bash(git:* push)', 'Bash(git * main:*)', 'Edit(src:*)'"),
        errors: [
          { messageId: 'colonStarInside', line: 2, column: denyAt },
          { messageId: 'colonStarLiteral', line: 2, column: denyAt + 20 },
          { messageId: 'colonStarNotBash', data: { entry: 'Edit(src:*)', effect: blocks, tool: 'Edit' }, line: 2, column: denyAt + 42 },
        ],
      },
      {
        name: 'empty rules and unbalanced parentheses',
        code: denied("'', 'Bash(npm test'"),
        errors: [
          { messageId: 'empty', line: 2, column: denyAt },
          { messageId: 'malformed', line: 2, column: denyAt + 4 },
        ],
      },
      {
        // Settings rules go through the validator, which skips these; as flags (disallowedTools) they are the whole Bash.
        name: 'in inline settings: empty parentheses, an empty prefix, an ambiguous escape, a WebSearch wildcard, a lowercase name',
        code: options("settings: { permissions: { deny: ['Bash()', 'Bash(:*)', 'Read(a \\\\( b (c)', 'WebSearch(news *)', 'my tool'] } }"),
        errors: [
          { messageId: 'emptyParentheses', data: { entry: 'Bash()', effect: blocks, tool: 'Bash' }, line: 2, column: 67 },
          { messageId: 'emptyPrefix', line: 2, column: 77 },
          { messageId: 'ambiguousEscape', line: 2, column: 89 },
          { messageId: 'webSearchWildcard', line: 2, column: 109 },
          { messageId: 'lowercase', data: { entry: 'my tool', effect: blocks }, line: 2, column: 130 },
        ],
      },
      {
        name: 'a misspelt name in a hook matcher',
        code: matcher("'Write|Edt'"),
        errors: [
          {
            messageId: 'misspelt',
            data: { entry: 'Write|Edt', effect: 'the hook never runs for it', name: 'Edt', known: "'Edit'" },
            line: 2,
            column: matcherAt,
            suggestions: [{ messageId: 'replace', data: { replacement: 'Write|Edit' }, output: matcher("'Write|Edit'") }],
          },
        ],
      },
      {
        name: 'matchers of other tool events, and regular expressions that match nothing',
        code: options("hooks: { PostToolUse: [{ matcher: 'bash', hooks: [] }], PermissionRequest: [{ matcher: 'Edt.*', hooks: [] }, { matcher: '(Write', hooks: [] }] }"),
        errors: [
          { messageId: 'wrongCase', line: 2, column: 67, suggestions: [{ messageId: 'replace', output: options("hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [] }], PermissionRequest: [{ matcher: 'Edt.*', hooks: [] }, { matcher: '(Write', hooks: [] }] }") }] },
          { messageId: 'matchesNoTool', data: { entry: 'Edt.*', effect: 'the hook never runs for it' }, line: 2, column: 120 },
          { messageId: 'invalidRegex', data: { entry: '(Write', effect: 'the hook never runs for it' }, line: 2, column: 153 },
        ],
      },
      {
        name: 'rules inline in the settings option',
        code: options("settings: { permissions: { deny: ['Webfetch'], ask: ['Bash(git push:*)', 'Pwsh'] } }"),
        errors: [
          { messageId: 'wrongCase', data: { entry: 'Webfetch', effect: blocks, name: 'Webfetch', known: 'WebFetch' }, line: 2, column: 67, suggestions: [{ messageId: 'replace', output: options("settings: { permissions: { deny: ['WebFetch'], ask: ['Bash(git push:*)', 'Pwsh'] } }") }] },
          { messageId: 'unknownTool', data: { entry: 'Pwsh', effect: 'it never asks', name: 'Pwsh' }, line: 2, column: 106 },
        ],
      },
      {
        name: 'an escaped literal is reported, but not edited',
        code: denied("'\\u0062ash'"),
        errors: [{ messageId: 'wrongCase', data: { entry: 'bash', effect: blocks, name: 'bash', known: 'Bash' }, line: 2, column: denyAt, suggestions: [] }],
      },
      {
        name: 'an entry on one path of a conditional',
        code: denied("process.env.CI ? 'Bash' : 'Bahs'"),
        errors: [{ messageId: 'misspelt', line: 2, column: denyAt + 26, suggestions: [{ messageId: 'replace', output: denied("process.env.CI ? 'Bash' : 'Bash'") }] }],
      },
    ],
  },
  javascript: {
    valid: [denied("'Bash', 'WebFetch(domain:example.com)'"), matcher("'Write|Edit'")],
    invalid: [
      {
        name: 'ESM JavaScript',
        code: matcher("'Write|edit'"),
        errors: [{ messageId: 'wrongCase', line: 2, column: matcherAt, suggestions: [{ messageId: 'replace', output: matcher("'Write|Edit'") }] }],
      },
      {
        name: 'CommonJS',
        filename: 'agent.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nquery({ prompt: 'x', options: { disallowedTools: ['NotebookEdit(*.ipynb)'] } });`,
        errors: [
          {
            messageId: 'uncheckedSpecifier',
            line: 2,
            column: denyAt,
            suggestions: [{ messageId: 'replace', output: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nquery({ prompt: 'x', options: { disallowedTools: ['Edit(*.ipynb)'] } });` }],
          },
        ],
      },
    ],
  },
});
