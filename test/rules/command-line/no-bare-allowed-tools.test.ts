import rule from '../../../rules/no-bare-allowed-tools.js';
import { runSettingsRuleTests } from '../../support/settings-rule.js';

const script = 'scripts/review.sh';
/** A script whose second line is `line`. */
const sh = (line: string) => `#!/usr/bin/env bash\n${line}\n`;
const bare = (entry: string, tool: string, example: string, exposure = '') => ({ entry, tool, example, exposure });
/** A workflow started by `trigger` whose one step is `step` (indented under `steps:`), from line 7. */
const workflow = (trigger: string, ...step: string[]) =>
  `name: claude\non:\n  ${trigger}:\njobs:\n  review:\n    steps:\n${step.map((line) => `      ${line}`).join('\n')}\n`;
const untrusted = (trigger: string) =>
  ` This workflow runs on '${trigger}' events, so anyone who can open an issue, a pull request or a comment writes what the agent reads, and steers it with the workflow's secrets and token.`;

runSettingsRuleTests(rule, {
  valid: [
    { path: script, code: sh('claude -p "Review" --allowedTools "Bash(npm test *)" Read,Grep "Edit(./src/**)"') },
    { path: script, code: sh('claude --allowed-tools=Read --allowedTools "$EXTRA_TOOLS" -p "Review"') },
    // Deny rules are not approvals; the prompt after `--` is not a flag value.
    { path: script, code: sh('claude --disallowedTools Bash -p "Review" -- --allowedTools Bash') },
    { path: 'package.json', code: '{ "scripts": { "review": "claude -p review --allowedTools \\"Bash(git diff *)\\"" } }' },
    { path: '.github/workflows/review.yml', code: workflow('pull_request_target', '- uses: anthropics/claude-code-action@v1', '  with:', '    claude_args: --allowedTools "Bash(gh pr diff *)",Read') },
    // A GitHub expression is unknown until the workflow runs.
    { path: '.github/workflows/review.yml', code: workflow('issues', '- run: claude --allowedTools "${{ inputs.tools }}" -p review') },
  ],
  invalid: [
    {
      name: 'a bare Bash and a whole Write among the words of one --allowedTools',
      path: script,
      code: sh('claude -p "Review" --allowedTools Read Bash,Write "Bash(npm test *)"'),
      errors: [
        { messageId: 'bareTool', data: bare('Bash', 'Bash', 'Bash(npm test *)'), line: 2, column: 40, endColumn: 44, suggestions: [] },
        { messageId: 'bareTool', data: bare('Write', 'Write', 'Edit(./src/**)'), line: 2, column: 45, endColumn: 50, suggestions: [] },
      ],
    },
    {
      name: 'a command runner inside quotes, in a Makefile recipe',
      path: 'tools.mk',
      code: 'review:\n\tclaude --allowed-tools="Bash(npx *)" -p review\n',
      errors: [{ messageId: 'commandRunner', data: { entry: 'Bash(npx *)', runner: 'npx', exposure: '' }, line: 2, column: 26, endColumn: 37 }],
    },
    {
      name: 'a bare Bash in an escaped package.json string',
      path: 'package.json',
      code: '{\n  "scripts": { "review": "claude -p \\"Review\\" --allowedTools \\"Bash\\"" }\n}\n',
      errors: [{ messageId: 'bareTool', data: bare('Bash', 'Bash', 'Bash(npm test *)'), line: 2, column: 65, endColumn: 69 }],
    },
    {
      name: 'a bare Bash in claude_args on issue comments says who steers it',
      path: '.github/workflows/claude.yml',
      code: workflow('issue_comment', '- uses: anthropics/claude-code-action@v1', '  with:', '    claude_args: |', '      --max-turns 5', '      --allowedTools Bash,Read'),
      errors: [{ messageId: 'bareTool', data: bare('Bash', 'Bash', 'Bash(npm test *)', untrusted('issue_comment')), line: 11, column: 28, endColumn: 32 }],
    },
    {
      name: 'a flag on its own line of a folded claude_args block is placed there',
      path: '.github/workflows/claude.yml',
      code: workflow('issues', '- uses: anthropics/claude-code-action@v1', '  with:', '    claude_args: >-', '      --max-turns 5', '', '      --allowedTools Read,Bash'),
      errors: [{ messageId: 'bareTool', data: bare('Bash', 'Bash', 'Bash(npm test *)', untrusted('issues')), line: 12, column: 33, endColumn: 37 }],
    },
    {
      name: 'a plain scalar over two lines',
      path: '.github/workflows/claude.yml',
      code: workflow('workflow_dispatch', '- uses: anthropics/claude-code-action@v1', '  with:', '    claude_args: --max-turns 5', '      --allowedTools Write'),
      errors: [{ messageId: 'bareTool', data: bare('Write', 'Write', 'Edit(./src/**)'), line: 10, column: 28, endColumn: 33 }],
    },
    {
      name: 'an escape in a double-quoted scalar: the rule is placed at the input key',
      path: '.github/workflows/claude.yml',
      code: workflow('workflow_dispatch', '- uses: anthropics/claude-code-action@v1', '  with:', '    claude_args: "--allowedTools \\"Bash\\""'),
      errors: [{ messageId: 'bareTool', data: bare('Bash', 'Bash', 'Bash(npm test *)'), line: 9, column: 11 }],
    },
    {
      name: 'the older allowed_tools input of the action',
      path: '.github/workflows/claude.yml',
      code: workflow('pull_request_review_comment', '- uses: anthropics/claude-code-base-action@beta', '  with:', '    allowed_tools: "Edit,Read"'),
      errors: [{ messageId: 'bareTool', data: bare('Edit', 'Edit', 'Edit(./src/**)', untrusted('pull_request_review_comment')), line: 9, column: 27, endColumn: 31 }],
    },
  ],
});
