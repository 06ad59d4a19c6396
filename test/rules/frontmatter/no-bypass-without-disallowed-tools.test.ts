import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

const agent = '.claude/agents/fixer.md';
/** A subagent whose frontmatter holds `fields` after its name, from line 3. */
const subagent = (...fields: string[]) => `---\nname: fixer\n${fields.join('\n')}\ndescription: Fixes failing tests\n---\nYou fix tests.\n`;

runSettingsRuleTests(rule, {
  valid: [
    // Deny rules, or a tools list, bound what bypass can reach.
    { path: agent, code: subagent('permissionMode: bypassPermissions', 'disallowedTools: Bash(rm *), WebFetch') },
    { path: agent, code: subagent('permissionMode: bypassPermissions', 'tools: Read, Grep, Edit') },
    { path: agent, code: subagent('permissionMode: acceptEdits') },
    { path: agent, code: subagent('tools: Read, Bash') },
    // A skill has no permissionMode key: the key is not read there.
    { path: '.claude/skills/fix/SKILL.md', code: subagent('permissionMode: bypassPermissions') },
  ],
  invalid: [
    {
      name: 'a subagent in bypass mode with no deny rules and every tool',
      path: agent,
      code: subagent('model: sonnet', 'permissionMode: bypassPermissions'),
      errors: [
        {
          messageId: 'bypassWithoutDeny',
          data: { mode: 'permissionMode', deny: 'disallowedTools', tools: 'tools', certainty: 'is' },
          line: 4,
          column: 17,
          endColumn: 34,
        },
      ],
    },
    {
      name: 'an empty deny list, in a sub-folder',
      path: '.claude/agents/ops/deployer.md',
      code: subagent('permissionMode: "bypassPermissions"', 'disallowedTools: []'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 3, column: 17 }],
    },
  ],
});
