import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../bench/generate.mjs';
import { repoRoot } from '../cli/support.js';

// Worker threads run built JavaScript, so this test drives the built engine
// (`npm test` builds first), with the threshold forced low.
const built = path.join(repoRoot, 'dist/src/index.js');
type Scan = typeof import('../../src/index.js').scan;

const work = mkdtempSync(path.join(tmpdir(), 'toolgate-threads-'));
let scan: Scan;

beforeAll(async () => {
  expect(existsSync(built), `${built} is missing: run \`npm run build\` first`).toBe(true);
  ({ scan } = (await import(built)) as { scan: Scan });
  // Every module agent code, in every shape the generator writes, with settings files and options imported across modules.
  generateTree(work, { files: 120, agentShare: 0.8, seed: 3 });
  writeFileSync(
    path.join(work, 'packages/pkg-0/src/crash-here.ts'),
    "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { permissionMode: 'bypassPermissions' } });\n",
  );
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const inThread = { after: Infinity };
const options = { cwd: work, configFile: false as const, config: 'strict' as const };

describe('scan on worker threads', () => {
  it('gives the same findings, problems and stats, in the same order, as on one thread', async () => {
    const alone = await scan({ ...options, threads: inThread });
    const pooled = await scan({ ...options, threads: { after: 0, size: 2 } });
    expect(alone.stats.analysed).toBeGreaterThan(100);
    expect(alone.findings.length).toBeGreaterThan(50);
    expect(pooled.findings).toEqual(alone.findings);
    expect(pooled.problems).toEqual(alone.problems);
    expect(pooled.stats).toEqual(alone.stats);
  });

  it('reports a file whose thread died (fail closed) and still checks every other file', async () => {
    const script = new URL('./crashing-worker.mjs', import.meta.url);
    const alone = await scan({ ...options, threads: inThread });
    const pooled = await scan({ ...options, threads: { after: 0, size: 2, script } });
    const crashed = 'packages/pkg-0/src/crash-here.ts';
    expect(alone.findings.some((finding) => finding.path === crashed)).toBe(true);
    expect(pooled.problems).toEqual([
      expect.objectContaining({ path: crashed, kind: 'internal', message: expect.stringMatching(/analysis thread crashed on this file/) }),
    ]);
    expect(pooled.findings).toEqual(alone.findings.filter((finding) => finding.path !== crashed));
    expect(pooled.stats).toEqual({ ...alone.stats, analysed: alone.stats.analysed - 1, failed: 1 });
  });
});
