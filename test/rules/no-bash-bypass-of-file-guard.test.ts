import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-bash-bypass-of-file-guard.js';
import { scan } from '../support/scan.js';
import { runRuleTests } from '../support/rule-tester.js';

const head = "import { query, type HookCallback } from '@anthropic-ai/claude-agent-sdk';\nconst guard: HookCallback = async (input: any) =>\n  input.tool_input.file_path?.endsWith('.env') ? { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'secrets' } } : {};";
/** An agent on line 4 whose PreToolUse matchers are `matchers` and whose other options are `more`. */
const agent = (matchers: string, more = '') => `${head}\nquery({ prompt: 'x', options: { ${more}hooks: { PreToolUse: [${matchers}] } } });`;
const guarded = (matcher: string) => `{ matcher: ${matcher}, hooks: [guard] }`;
/** Column of the first matcher value in `agent(guarded(...))` without other options. */
const at = "query({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: ".length + 1;
const data = (tools: string, matcher: string) => ({ tools, matcher, deny: "disallowedTools: ['Bash']" });

runRuleTests(rule, {
  typescript: {
    valid: [
      // A hook for Bash too, in the same matcher or another one.
      agent(guarded("'Write|Edit|Bash'")),
      agent(`${guarded("'Write|Edit'")}, { matcher: 'Bash', hooks: [guard] }`),
      // Every tool, with or without a matcher.
      agent(guarded("'*'")),
      agent('{ hooks: [guard] }'),
      agent(guarded("'.*'")),
      // Bash is not available.
      agent(guarded("'Write|Edit'"), "disallowedTools: ['Bash'], "),
      agent(guarded("'Write|Edit'"), "disallowedTools: ['*'], "),
      agent(guarded("'Write|Edit'"), "tools: ['Read', 'Edit', 'Write'], "),
      agent(guarded("'Write|Edit'"), 'settings: { permissions: { deny: ["Bash"] } }, '),
      // A guard on PostToolUse only.
      `${head}\nquery({ prompt: 'x', options: { hooks: { PostToolUse: [{ matcher: 'Write|Edit', hooks: [guard] }] } } });`,
      // A hook that only logs guards nothing.
      `import { query } from '@anthropic-ai/claude-agent-sdk';\nconst log = async (input: any) => { console.log(input.tool_name); return {}; };\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Write|Edit', hooks: [log] }] } } });`,
      // Unknown: the matcher, or a list that may remove Bash.
      agent(`${guarded("'Write'")}, { matcher: process.env.MATCHER, hooks: [guard] }`),
      // A matcher that could backtrack without bound is not run, so its coverage is unknown.
      agent(`${guarded("'Write'")}, { matcher: '^(.*){14}X$', hooks: [guard] }`),
      agent(guarded("'Write|Edit'"), 'disallowedTools: [...(process.env.DENY ?? "").split(",")], '),
      agent(guarded("'Write|Edit'"), 'tools: process.env.CI ? ["Read"] : undefined, '),
    ],
    invalid: [
      {
        name: 'a Write|Edit guard with Bash available',
        code: agent(guarded("'Write|Edit'")),
        errors: [{ messageId: 'bashUnguarded', data: data('Edit and Write', 'Write|Edit|Bash'), line: 4, column: at, endColumn: at + 12 }],
      },
      {
        name: 'a regular expression, a deny list without Bash, and a tools list with it',
        code: agent(guarded("'Edit.*'"), "disallowedTools: ['WebFetch', 'Bash(rm *)'], tools: ['Bash', 'Edit'], "),
        errors: [{ messageId: 'bashUnguarded', data: data('Edit, NotebookEdit and MultiEdit', 'Edit.*|Bash'), line: 4, column: 136 }],
      },
      {
        name: 'a Bash hook on PostToolUse does not guard',
        code: `${head}\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [${guarded("'Write'")}], PostToolUse: [{ matcher: 'Bash', hooks: [guard] }] } } });`,
        errors: [{ messageId: 'bashUnguarded', data: data('Write', 'Write|Bash'), line: 4, column: at }],
      },
    ],
  },
  javascript: {
    valid: [
      `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst guard = async () => ({ decision: 'block', reason: 'no' });\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Edit|Write|Bash', hooks: [guard] }] } } });`,
    ],
    invalid: [
      {
        name: 'CommonJS guard with a legacy block decision',
        filename: 'agent.cjs',
        code: `const { query } = require('@anthropic-ai/claude-agent-sdk');\nconst guard = async () => ({ decision: 'block', reason: 'no' });\nquery({ prompt: 'x', options: { hooks: { PreToolUse: [{ matcher: 'Edit', hooks: [guard] }] } } });`,
        errors: [{ messageId: 'bashUnguarded', data: data('Edit', 'Edit|Bash'), line: 3, column: at }],
      },
    ],
  },
});

describe('with the settings files of the project', () => {
  it('counts a Bash hook in the .claude/settings.json the agent loads', async () => {
    const cwd = fileURLToPath(new URL('../../fixtures/bash-bypass/', import.meta.url));
    const { findings, problems } = await scan({ cwd, paths: ['src'], rules: [rule.id] });
    expect(problems).toEqual([]);
    expect(findings.map(({ path, line, column }) => `${path}:${line}:${column}`)).toEqual(['src/agent.ts:9:86']);
  });
});
