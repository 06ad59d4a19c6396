import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { scan } from '../../src/engine/scan.js';
import { badAgent, cli, sdkImport, tree } from './support.js';

// Files deleted while the scan runs: the file system really changes between
// listing a folder and reading a file. Reads go through the real functions;
// these mocks only delete the file first, for files named to ask for it.
//   gone-*   deleted just before the first pass reads it
//   later-*  deleted just before the project pass (imports followed) reads it

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async (...args: Parameters<typeof actual.readFile>) => {
    const file = String(args[0]);
    if (path.basename(file).startsWith('gone-')) await actual.rm(file, { force: true });
    return actual.readFile(...args);
  }) as typeof actual.readFile;
  return { ...actual, readFile };
});

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((...args: Parameters<typeof actual.readFileSync>) => {
    const file = String(args[0]);
    if (path.basename(file).startsWith('later-')) actual.rmSync(file, { force: true });
    return actual.readFileSync(...args);
  }) as typeof actual.readFileSync;
  return { ...actual, readFileSync, default: { ...actual, readFileSync } };
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
