import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { scan } from '../support/scan.js';
import { badAgent, cli, sdkImport, tree } from './support.js';

// Files deleted while the scan runs: the file system really changes between
// listing a folder and reading a file. Reads go through the real functions;
// these mocks only delete the file first, for files named to ask for it.
//   gone-*    deleted just before the first pass reads it
//   later-*   deleted just before the project pass (imports followed) reads it
//   vanish-*  a folder deleted after its parent was listed, just before it is listed

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  // Every read opens the file (engine/read-source.ts): the first pass once, the project pass again.
  const opened = new Map<string, number>();
  const openSync = ((...args: Parameters<typeof actual.openSync>) => {
    const file = String(args[0]);
    const times = (opened.get(file) ?? 0) + 1;
    opened.set(file, times);
    const name = path.basename(file);
    if (name.startsWith('gone-') || (name.startsWith('later-') && times === 2)) actual.rmSync(file, { force: true });
    return actual.openSync(...args);
  }) as typeof actual.openSync;
  const readdirSync = ((...args: Parameters<typeof actual.readdirSync>) => {
    if (path.basename(String(args[0])).startsWith('vanish-')) actual.rmSync(String(args[0]), { recursive: true, force: true });
    return actual.readdirSync(...args);
  }) as typeof actual.readdirSync;
  return { ...actual, openSync, readdirSync, default: { ...actual, openSync, readdirSync } };
});

const gone = 'Cannot read file: it no longer exists (deleted or renamed during the scan)';

describe('files deleted during the scan', () => {
  it('reports a file deleted between listing and reading: it was not checked (exit 2)', async () => {
    const root = tree({ 'agent.ts': badAgent, 'gone-agent.ts': badAgent, 'gone-plain.ts': 'export {};\n' });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([
      { path: 'gone-agent.ts', kind: 'read', message: gone },
      { path: 'gone-plain.ts', kind: 'read', message: gone },
    ]);
    expect(result.findings.map((finding) => finding.path)).toEqual(['agent.ts']);
    expect(result.stats).toMatchObject({ files: 3, analysed: 1, failed: 2 });
  });

  it('reports a file deleted before the project pass reads it again, and checks the others', async () => {
    const importing = (name: string) => `${sdkImport}import { tools } from './${name}.js';\nquery({ prompt: 'x', options: { allowedTools: tools } });\n`;
    const root = tree({
      'later-agent.ts': importing('tools'),
      'agent.ts': importing('tools'),
      'tools.ts': "export const tools = ['Bash'];\n",
    });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([{ path: 'later-agent.ts', kind: 'read', message: gone }]);
    expect(result.findings.map(({ path: file, ruleId }) => `${file} ${ruleId}`)).toEqual(['tools.ts no-bare-allowed-tools']);

    const run = await cli(tree({ 'gone-agent.ts': badAgent }), 'scan');
    expect(run).toMatchObject({ code: 2, stderr: `gone-agent.ts: ${gone}\n` });
  });
});

describe('folders deleted during the scan', () => {
  it('reports a folder deleted between listing its parent and listing it: what it held went unchecked (exit 2)', async () => {
    const root = tree({ 'agent.ts': badAgent, 'vanish-src/agent.ts': badAgent, 'vanish-src/deeper/agent.py': 'import claude_agent_sdk\n' });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([{ path: 'vanish-src', kind: 'read', message: 'Cannot list directory: it no longer exists (deleted or renamed during the scan)' }]);
    expect(result.findings.map((finding) => finding.path)).toEqual(['agent.ts']);
    expect(result.stats).toMatchObject({ files: 2, analysed: 1, failed: 1 });

    const run = await cli(tree({ 'vanish-lib/agent.ts': badAgent }), 'scan', '--allow-unparsed', '--format', 'json');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('vanish-lib: Cannot list directory: it no longer exists (deleted or renamed during the scan)\n');
    expect(JSON.parse(run.stdout)).toMatchObject({ summary: { files: 1, failed: 1 } });
  });
});
