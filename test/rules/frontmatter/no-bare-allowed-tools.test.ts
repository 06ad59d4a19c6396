import rule from '../../../rules/no-bare-allowed-tools.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

const skill = '.claude/skills/deploy/SKILL.md';
const command = '.claude/commands/release/tag.md';
/** A skill whose `allowed-tools` is the string `tools`, on line 3 from column 16. */
const inline = (tools: string) => `---\nname: deploy\nallowed-tools: ${tools}\n---\n\nDeploy the app.\n`;
const first = 'allowed-tools: '.length + 1;
/** A command whose `allowed-tools` is a YAML list, one entry a line from line 3, column 5. */
const listed = (...tools: string[]) => `---\nallowed-tools:\n${tools.map((tool) => `  - ${tool}`).join('\n')}\ndescription: Tag a release\n---\nTag it.\n`;

runSettingsRuleTests(rule, {
  valid: [
    { path: skill, code: inline('Read, Grep, Glob, Bash(git status), Bash(npm test *), Edit(./docs/**)') },
    { path: command, code: listed('Bash(git tag:*)', 'Bash(git push origin *)', 'Read') },
    // A fixed pattern after rg, a fixed command after ssh.
    { path: command, code: inline('Bash(rg TODO:*), Bash(ssh backup@nas df -h), Bash(ssh-add:*)') },
    // A file without frontmatter, and frontmatter without allowed-tools, grant nothing.
    { path: skill, code: '# Deploy\n\nallowed-tools: Bash\n' },
    { path: skill, code: '---\nname: deploy\n---\nallowed-tools: Bash\n' },
    // Only skills (a SKILL.md in its own folder) and commands grant tools; other Markdown is documentation.
    { path: '.claude/skills/README.md', code: inline('Bash') },
    { path: 'docs/SKILL.md', code: inline('Bash') },
    { path: '.claude/agents/reviewer.md', code: inline('Bash') },
    { name: 'the allow option', path: skill, code: inline('WebFetch, Read'), options: { allow: ['WebFetch'] } },
  ],
  invalid: [
    {
      name: 'bare tools, a whole server and a runner in one string, separated by commas and blanks',
      path: skill,
      code: inline('Read, Bash Edit(./src/**),mcp__github Bash(node:*)'),
      errors: [
        { messageId: 'bareTool', data: { entry: 'Bash', tool: 'Bash' }, line: 3, column: first + 6, endColumn: first + 10 },
        { messageId: 'wholeServer', data: { server: 'github' }, line: 3, column: first + 26 },
        { messageId: 'commandRunner', data: { entry: 'Bash(node:*)', runner: 'node' }, line: 3, column: first + 38 },
      ],
    },
    {
      name: 'a YAML list in a command, in a sub-folder',
      path: command,
      code: listed('Bash(git tag:*)', 'Write', 'Bash(*)'),
      errors: [
        { messageId: 'bareTool', data: { entry: 'Write', tool: 'Write' }, line: 4, column: 5 },
        { messageId: 'bareTool', data: { entry: 'Bash(*)', tool: 'Bash' }, line: 5, column: 5 },
      ],
    },
    {
      name: 'rg (its --pre runs a program per file) and ssh (any command on a host) before a wildcard',
      path: command,
      code: inline('Bash(test:*), Bash(rg:*), Read, Bash(ssh:*)'),
      errors: [
        { messageId: 'commandRunner', data: { entry: 'Bash(rg:*)', runner: 'rg' }, line: 3, column: first + 14, endColumn: first + 24 },
        { messageId: 'commandRunner', data: { entry: 'Bash(ssh:*)', runner: 'ssh' }, line: 3, column: first + 32, endColumn: first + 43 },
      ],
    },
    {
      name: 'a quoted string',
      path: skill,
      code: inline('"Bash, Read"'),
      // The rules are placed at the whole string when its text is not the value as written.
      errors: [{ messageId: 'bareTool', data: { entry: 'Bash' }, line: 3, column: first, endColumn: first + 12 }],
    },
  ],
});
