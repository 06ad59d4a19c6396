import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';

// A later `--cache` run in a fresh process: its Python files that cross
// modules are cache hits in the first pass (never parsed), and the group is
// analysed again because a TypeScript file of it changed. The project pass
// must load the Python parser itself.

const files = {
  'agent.py': 'from claude_agent_sdk import query, ClaudeAgentOptions\nfrom tools import TOOLS\nquery(prompt="x", options=ClaudeAgentOptions(allowed_tools=TOOLS))\n',
  'tools.py': 'TOOLS = ["Bash"]\n',
  'agent.ts': "import { query } from '@anthropic-ai/claude-agent-sdk';\nimport { tools } from './tools';\nquery({ prompt: 'x', options: { allowedTools: tools } });\n",
  'tools.ts': "export const tools = ['Bash'];\n",
};

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

async function freshScan(root: string) {
  // A new module graph: nothing loaded by an earlier run (the Python parser is a module-level WebAssembly instance).
  vi.resetModules();
  const { scan } = await import('../support/scan.js');
  return scan({ cwd: root, configFile: false, cache: true, cacheLocation: 'cache' });
}

it('re-analyses a cross-module group whose Python files were all cache hits', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolgate-cache-py-'));
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  const first = await freshScan(dir);
  expect(first.problems).toEqual([]);
  writeFileSync(path.join(dir, 'tools.ts'), "export const tools = ['Bash', 'Read'];\n");
  const second = await freshScan(dir);
  expect(second.problems).toEqual([]);
  expect(second.findings.map((finding) => finding.path).sort()).toEqual(first.findings.map((finding) => finding.path).sort());
  expect(second.findings.some((finding) => finding.path === 'tools.py')).toBe(true);
});
