import { describe, expect, it } from 'vitest';
import { inspectModel, type InspectedConfiguration } from '../../src/engine/inspect/index.js';
import { extractPython, loadPythonParser } from '../../src/frontends/python/index.js';
import { extractTypeScript } from '../../src/frontends/typescript/index.js';
import type { AgentModel } from '../../src/model/types.js';

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
});
