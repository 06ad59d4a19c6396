import { describe, expect, it } from 'vitest';
import { inspectModel, type InspectedConfiguration } from '../../src/engine/inspect/index.js';
import { extractPython, loadPythonParser } from '../../src/frontends/python/index.js';
import { extractTypeScript } from '../../src/frontends/typescript/index.js';
import type { AgentModel } from '../../src/model/types.js';
import { analyseText } from '../../src/engine/analyse.js';

/** `entry / tool: kind: summary` for every row of every configuration. */
function rows(model: AgentModel | undefined): Record<string, string> {
  const tables = inspectModel(model!);
  return Object.fromEntries(tables.flatMap(({ entry, tools }: InspectedConfiguration) => tools.map(({ tool, decision }) => [`${entry} / ${tool}`, `${decision.kind}: ${decision.summary}`])));
}

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";

describe('toolgate inspect on the rest of the permission surface', () => {
  it("shows a subagent as a configuration: its tools, its deny rules and the mode it asks for, next to the parent's callback", () => {
    const { model } = extractTypeScript(
      `${sdk}query({ prompt: 'x', options: { canUseTool: async () => ({ behavior: 'deny' as const, message: 'no' }), agents: { r: { description: 'd', prompt: 'p', tools: ['Bash'], disallowedTools: ['Bash(rm *)'], permissionMode: 'dontAsk' } } } });`,
      'agent.ts',
    );
    const table = rows(model);
    expect(table['agents.r / Bash']).toMatch(/^denied: some calls denied by deny rule Bash\(rm \*\); .*dontAsk/);
    expect(table['agents.r / Write']).toBe('denied: denied: tools does not list it');
  });

  it("shows the settings option's rules and its defaultMode, and a run-time switch of the mode", () => {
    const { model } = extractTypeScript(
      `${sdk}export async function run(prompt: AsyncIterable<never>) {\n  const q = query({ prompt, options: { settings: '{"permissions": {"allow": ["Bash(npm test *)"], "defaultMode": "acceptEdits"}}' } });\n  await q.setPermissionMode('bypassPermissions');\n}`,
      'agent.ts',
    );
    const table = rows(model);
    expect(table['query / Bash']).toMatch(/^can be: permissionMode can be 'acceptEdits'/);
    expect(table['query / Bash']).toContain("permissionMode can be 'bypassPermissions': approved");
    expect(table['query / Bash']).toContain('allow rule Bash(npm test *)');
  });

  it('shows a Python client switched into bypass', async () => {
    await loadPythonParser();
    const { model } = extractPython(
      'from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient\n\nasync def main():\n    async with ClaudeSDKClient(options=ClaudeAgentOptions(model="x")) as client:\n        await client.set_permission_mode("bypassPermissions")\n',
      'agent.py',
    );
    expect(rows(model)['ClaudeSDKClient / Bash']).toMatch(/permission_mode can be 'bypassPermissions': approved/);
  });

  it("shows the settings option's hooks: a command that prints an allow approves, another command decides when it runs", () => {
    const allow = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
    const hooks = `{ PreToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: ${JSON.stringify(allow)} }] }, { matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] }`;
    const { model } = extractTypeScript(`${sdk}query({ prompt: 'x', options: { settings: { hooks: ${hooks} }, canUseTool: async () => ({ behavior: 'deny' as const, message: 'no' }) } });`, 'agent.ts');
    const table = rows(model);
    expect(table['query / Edit']).toBe(`approved: approved by PreToolUse hook '${allow}' (allows on every path: it prints the same output on every run)`);
    expect(table['query / Bash']).toBe("unknown: unknown: PreToolUse hook './guard.sh' (a command hook: it decides when it runs); otherwise reaches canUseTool");
  });

  it('shows a PermissionRequest hook that allows as answering before canUseTool, and one in a Python settings string', async () => {
    const hook = "const approve = async () => ({ hookSpecificOutput: { hookEventName: 'PermissionRequest' as const, decision: { behavior: 'allow' as const } } });\n";
    const { model } = extractTypeScript(`${sdk}${hook}query({ prompt: 'x', options: { hooks: { PermissionRequest: [{ matcher: 'WebFetch', hooks: [approve] }] }, canUseTool: async () => ({ behavior: 'deny' as const, message: 'no' }) } });`, 'agent.ts');
    const table = rows(model);
    expect(table['query / WebFetch']).toBe("approved: approved by PermissionRequest hook 'approve' (allows on every path)");
    expect(table['query / Bash']).toBe('reaches canUseTool: reaches canUseTool');
    await loadPythonParser();
    const python = extractPython(
      `from claude_agent_sdk import ClaudeAgentOptions\n\noptions = ClaudeAgentOptions(settings=r"""{"hooks": {"PermissionRequest": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo '{\\"hookSpecificOutput\\": {\\"hookEventName\\": \\"PermissionRequest\\", \\"decision\\": {\\"behavior\\": \\"deny\\"}}}'"}]}]}}""")\n`,
      'agent.py',
    );
    expect(rows(python.model)['ClaudeAgentOptions / Bash']).toMatch(/^denied: denied by PermissionRequest hook 'echo /);
  });

  it('shows the allow and deny rules applyFlagSettings brings, named by the call', () => {
    const { model } = extractTypeScript(
      `${sdk}export async function run(prompt: AsyncIterable<never>) {\n  const q = query({ prompt, options: {} });\n  await q.applyFlagSettings({ permissions: { allow: ['Write'], deny: ['WebFetch'] } });\n}`,
      'agent.ts',
    );
    const table = rows(model);
    expect(table['query / Write']).toBe("can be: q.applyFlagSettings().permissions.allow can include 'Write': approved; otherwise prompts, but no canUseTool answers it");
    expect(table['query / WebFetch']).toBe("can be: q.applyFlagSettings().permissions.deny can include 'WebFetch': denied; otherwise prompts, but no canUseTool answers it");
  });

  it('shows the whole-tool rule a canUseTool persists, and suggestions it passes on unread', () => {
    const gate = `const canUseTool = async (name: string, input: Record<string, unknown>, { suggestions }: { suggestions?: never[] }) => name === 'Bash'
  ? { behavior: 'allow' as const, updatedPermissions: [{ type: 'addRules' as const, rules: [{ toolName: 'Bash' }], behavior: 'allow' as const, destination: 'localSettings' as const }] }
  : { behavior: 'allow' as const, updatedPermissions: suggestions };\n`;
    const { model } = extractTypeScript(`${sdk}${gate}query({ prompt: 'x', options: { canUseTool } });`, 'agent.ts');
    const table = rows(model);
    expect(table['query / Bash']).toMatch(/^unknown: canUseTool updatedPermissions can include 'Bash': approved \(after the first approval, written to \.claude\/settings\.local\.json for this and every later session\)/);
    expect(table['query / Edit']).toBe('unknown: unknown: canUseTool updatedPermissions passes on the suggestions it is given unread: they can write an allow rule for this tool to a settings file; otherwise reaches canUseTool');
  });
});

describe('toolgate inspect on agent, skill and workflow files', () => {
  const file = (text: string, path: string) => {
    const analysis = analyseText(text, path);
    expect(analysis.syntaxErrors).toEqual([]);
    return rows(analysis.model);
  };

  it("shows a subagent file's tools, deny rules and mode, and a skill's allowed-tools", () => {
    const agent = file('---\nname: fixer\ndescription: fixes\ntools: Read, Bash\ndisallowedTools: Bash(rm *)\npermissionMode: acceptEdits\n---\nFix it.\n', '.claude/agents/fixer.md');
    expect(agent['agent / Bash']).toMatch(/^some: some calls denied by deny rule Bash\(rm \*\); .*permissionMode 'acceptEdits'/);
    expect(agent['agent / Write']).toBe('denied: denied: tools does not list it');
    const skill = file('---\nname: dep\ndescription: deploy\nallowed-tools: Bash(npm run deploy), Read\n---\nDeploy.\n', '.claude/skills/dep/SKILL.md');
    expect(skill['skill / Bash']).toBe('some: some calls approved by allow rule Bash(npm run deploy); the rest prompt, but no canUseTool answers it');
  });

  it("shows the flags of a folded claude_args block of the Claude Code Action", () => {
    const workflow = 'on:\n  issue_comment:\njobs:\n  r:\n    steps:\n      - uses: anthropics/claude-code-action@v1\n        with:\n          claude_args: >-\n            --allowedTools Bash\n            --disallowedTools WebFetch\n';
    const table = file(workflow, '.github/workflows/claude.yml');
    expect(table['claude-code-action / Bash']).toBe('approved: approved by allow rule Bash');
    expect(table['claude-code-action / WebFetch']).toBe("denied: denied: --disallowedTools 'WebFetch'");
  });
});

