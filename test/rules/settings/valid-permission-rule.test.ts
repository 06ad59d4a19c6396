import rule from '../../../rules/valid-permission-rule.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

/** A settings file whose `permissions.<list>` is `entries`, on line 3. */
const permissions = (list: string, entries: string) => `{\n  "permissions": {\n    "${list}": [${entries}]\n  }\n}`;
/** Column of the first entry of `permissions(list, ...)`. */
const first = (list: string) => `    "${list}": [`.length + 1;
/** A settings file with one PreToolUse matcher, written on line 4 from column 19. */
const matcher = (value: string) =>
  `{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": ${value}, "hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 10 }] }\n    ]\n  }\n}`;

runSettingsRuleTests(rule, {
  valid: [
    permissions('allow', '"Bash(npm run test:*)", "Read(./src/**)", "WebFetch(domain:example.com)", "mcp__github__get_issue", "mcp__github", "Task"'),
    permissions('deny', '"*", "mcp__*", "Bash", "Read(./.env)", "Edit(//etc/**)"'),
    permissions('ask', '"Bash(git push *)", "mcp__github__*"'),
    matcher('"Write|Edit"'),
    matcher('"*"'),
    matcher('""'),
    matcher('"Notebook.*"'),
    matcher('"mcp__memory__.*"'),
    // A pattern that could backtrack without bound is not run: whether it matches a tool is unknown.
    matcher('"^(a*)*X$"'),
    // Other events' matchers are not tool names.
    '{ "hooks": { "SessionStart": [{ "matcher": "startup|resume", "hooks": [{ "type": "command", "command": "./start.sh" }] }] } }',
    // Keys Claude Code does not read as rules.
    '{ "allow": ["bash"], "permissions": { "allowed": ["bash"] } }',
    { name: 'a tool listed in the knownTools option', code: permissions('allow', '"Teleport"'), options: { knownTools: ['Teleport'] } },
  ],
  invalid: [
    {
      name: 'wrong case and a misspelling in a deny list',
      code: permissions('deny', '"webfetch", "Bahs(rm *)"'),
      errors: [
        {
          messageId: 'wrongCase',
          data: { name: 'webfetch', known: 'WebFetch', effect: 'it blocks nothing' },
          line: 3,
          column: first('deny'),
          endColumn: first('deny') + 10,
          suggestions: [{ messageId: 'replace', output: permissions('deny', '"WebFetch", "Bahs(rm *)"') }],
        },
        {
          messageId: 'misspelt',
          data: { name: 'Bahs', known: "'Bash'" },
          line: 3,
          column: first('deny') + 12,
          suggestions: [{ messageId: 'replace', output: permissions('deny', '"webfetch", "Bash(rm *)"') }],
        },
      ],
    },
    {
      name: 'path rules on Write and Glob, and a URL, in local settings',
      path: '.claude/settings.local.json',
      code: permissions('ask', '"Write(./src/**)", "Glob(*.env)", "WebFetch(https://example.com)"'),
      errors: [
        { messageId: 'uncheckedSpecifier', data: { family: 'Edit', effect: 'it never asks' }, line: 3, column: first('ask'), suggestions: [{ messageId: 'replace', output: permissions('ask', '"Edit(./src/**)", "Glob(*.env)", "WebFetch(https://example.com)"') }] },
        { messageId: 'uncheckedSpecifier', data: { family: 'Read' }, line: 3, column: first('ask') + 19, suggestions: [{ messageId: 'replace', output: permissions('ask', '"Write(./src/**)", "Read(*.env)", "WebFetch(https://example.com)"') }] },
        { messageId: 'webFetchDomain', line: 3, column: first('ask') + 34, suggestions: [{ messageId: 'replace', output: permissions('ask', '"Write(./src/**)", "Glob(*.env)", "WebFetch(domain:example.com)"') }] },
      ],
    },
    {
      name: 'rules Claude Code rejects in an allow list',
      code: permissions('allow', '"", "Bash()", "mcp__github__get_issue(1)", "*", "Bash(git:* push)", "Read(src:*)"'),
      errors: [
        { messageId: 'empty', line: 3, column: first('allow') },
        { messageId: 'emptyParentheses', line: 3, column: first('allow') + 4 },
        { messageId: 'mcpParentheses', data: { server: 'github' }, line: 3, column: first('allow') + 14 },
        { messageId: 'wildcardInAllow', line: 3, column: first('allow') + 43 },
        { messageId: 'colonStarInside', line: 3, column: first('allow') + 48 },
        { messageId: 'colonStarNotBash', line: 3, column: first('allow') + 68 },
      ],
    },
    {
      name: 'a misspelt hook matcher',
      code: matcher('"Bash|Wirte"'),
      errors: [
        {
          messageId: 'misspelt',
          data: { name: 'Wirte', known: "'Write'", effect: 'the hook never runs for it' },
          line: 4,
          column: 20,
          suggestions: [{ messageId: 'replace', data: { replacement: 'Bash|Write' }, output: matcher('"Bash|Write"') }],
        },
      ],
    },
    {
      name: 'a matcher that is no valid regular expression, in managed settings',
      path: '/etc/claude-code/managed-settings.json',
      code: matcher('"Edit[.*"'),
      errors: [{ messageId: 'invalidRegex', line: 4, column: 20 }],
    },
    {
      name: 'an escaped string is reported, but not edited',
      code: permissions('deny', '"\\u0062ash"'),
      errors: [{ messageId: 'wrongCase', data: { name: 'bash' }, line: 3, column: first('deny') }],
    },
  ],
});
