import rule from '../../../rules/no-bypass-without-disallowed-tools.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

const script = 'scripts/fix.sh';
/** A script whose third line is `line`. */
const sh = (line: string) => `#!/bin/sh\nset -eu\n${line}\n`;
const names = { mode: '--permission-mode', deny: '--disallowedTools', tools: '--tools' };
/** A workflow started by `trigger` whose one step is `step` (indented under `steps:`), from line 7. */
const workflow = (trigger: string, ...step: string[]) =>
  `name: claude\non:\n  ${trigger}:\njobs:\n  fix:\n    steps:\n${step.map((line) => `      ${line}`).join('\n')}\n`;
const action = '.github/workflows/claude.yml';

runSettingsRuleTests(rule, {
  valid: [
    // Deny rules, or a narrowed tool set, bound what bypass can reach.
    { path: script, code: sh('claude -p "Fix it" --dangerously-skip-permissions --disallowedTools "Bash(rm *)" WebFetch') },
    { path: script, code: sh('claude --permission-mode bypassPermissions --tools Read,Grep,Edit -p "Fix it"') },
    { path: script, code: sh('claude --permission-mode acceptEdits -p "Fix it"') },
    // The last --permission-mode wins.
    { path: script, code: sh('claude --permission-mode bypassPermissions --permission-mode plan -p "Plan it"') },
    // A mode or deny list known only when the script runs.
    { path: script, code: sh('claude --permission-mode "$MODE" -p "Fix it"') },
    { path: script, code: sh('claude --dangerously-skip-permissions --disallowedTools "$DENY" -p "Fix it"') },
    // Not a claude command: an argument of echo, a quoted word, a comment, a here-document body, after `--`.
    { path: script, code: sh('echo claude --dangerously-skip-permissions') },
    { path: script, code: sh('printf "%s\\n" "claude --dangerously-skip-permissions"') },
    { path: script, code: sh('# claude --dangerously-skip-permissions') },
    { path: script, code: sh('cat <<EOF > notes.txt\nclaude --dangerously-skip-permissions\nEOF') },
    { path: script, code: sh('claude -p -- --dangerously-skip-permissions') },
    // A Makefile's variable line is not a recipe; package.json outside `scripts` runs nothing.
    { path: 'Makefile', code: 'FLAGS = claude --dangerously-skip-permissions\nall:\n\techo done\n' },
    { path: 'package.json', code: '{ "description": "claude --dangerously-skip-permissions", "scripts": { "test": "vitest" } }' },
    // The action with deny rules in claude_args.
    { path: action, code: workflow('issue_comment', '- uses: anthropics/claude-code-action@v1', '  with:', '    claude_args: --permission-mode bypassPermissions --disallowedTools "Bash(git push *)"') },
    // A workflow file outside .github/workflows is not read as one.
    { path: 'ci/claude.yml', code: workflow('issues', '- run: claude --dangerously-skip-permissions') },
  ],
  invalid: [
    {
      name: 'the skip flag in a shell script',
      path: script,
      code: sh('claude -p "Fix the failing tests" --dangerously-skip-permissions'),
      // Named as written: the user wrote no --permission-mode.
      errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, mode: '--dangerously-skip-permissions', certainty: 'sets', exposure: '' }, line: 3, column: 35, endColumn: 65 }],
    },
    {
      name: 'the skip flag wins over an earlier --permission-mode, through npx and a line continuation',
      path: 'run.bash',
      code: sh('CI=1 npx -y @anthropic-ai/claude-code --permission-mode plan \\\n  --dangerously-skip-permissions -p "Fix it"'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 4, column: 3, endColumn: 33 }],
    },
    {
      name: '--permission-mode=bypassPermissions in a package.json script',
      path: 'package.json',
      code: '{\n  "scripts": {\n    "fix": "claude -p \\"Fix it\\" --permission-mode=bypassPermissions"\n  }\n}\n',
      errors: [{ messageId: 'bypassWithoutDeny', data: { ...names, certainty: 'is' }, line: 3, column: 52, endColumn: 69 }],
    },
    {
      name: 'a Makefile recipe, behind make\'s @ prefix',
      path: 'Makefile',
      code: 'fix:\n\t@claude --dangerously-skip-permissions -p "Fix it"\n',
      errors: [{ messageId: 'bypassWithoutDeny', line: 2, column: 10, endColumn: 40 }],
    },
    {
      name: 'a command substitution',
      path: script,
      code: sh('out=$(claude --dangerously-skip-permissions -p "Summarise")'),
      errors: [{ messageId: 'bypassWithoutDeny', line: 3, column: 14 }],
    },
    {
      name: 'a run: step on issue comments says who steers it',
      path: action,
      code: workflow('issue_comment', '- run: |', '    claude -p "${{ github.event.comment.body }}" \\', '      --dangerously-skip-permissions'),
      errors: [
        {
          messageId: 'bypassWithoutDeny',
          data: { exposure: " This workflow runs on 'issue_comment' events, so anyone who can open an issue, a pull request or a comment writes what the agent reads, and steers it with the workflow's secrets and token." },
          line: 9,
          column: 13,
          endColumn: 43,
        },
      ],
    },
    {
      name: 'the action\'s claude_args on pull_request_target',
      path: '.github/workflows/review.yaml',
      code: workflow('pull_request_target', '- uses: anthropics/claude-code-action@v1', '  with:', '    claude_args: "--model opus --permission-mode bypassPermissions"'),
      errors: [{ messageId: 'bypassWithoutDeny', data: { certainty: 'is' }, line: 9, column: 56, endColumn: 73 }],
    },
    {
      name: 'the skip flag on its own line of a folded run: block',
      path: action,
      code: workflow('workflow_dispatch', '- run: >-', '    claude -p "Tidy up"', '    --dangerously-skip-permissions'),
      errors: [{ messageId: 'bypassWithoutDeny', data: { mode: '--dangerously-skip-permissions', certainty: 'sets' }, line: 9, column: 11, endColumn: 41 }],
    },
    {
      name: 'a trusted trigger: the same finding, without the exposure clause',
      path: action,
      code: workflow('workflow_dispatch', '- run: claude --dangerously-skip-permissions -p "Tidy up"'),
      errors: [{ messageId: 'bypassWithoutDeny', data: { exposure: '' }, line: 7, column: 21 }],
    },
    {
      name: '--allowedTools does not limit the skip flag',
      path: script,
      code: sh('claude --dangerously-skip-permissions --allowedTools "Bash(npm test *)" -p "Test it"'),
      errors: [
        { messageId: 'bypassWithoutDeny', line: 3, column: 8 },
        { messageId: 'allowedToolsIgnored', data: { allowed: '--allowedTools' }, line: 3, column: 39, endColumn: 53 },
      ],
    },
  ],
});
