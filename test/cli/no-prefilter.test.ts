import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support.js';

// `--no-prefilter` and `"prefilter": false`: every supported file is parsed
// and analysed, not only those that name an SDK package.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolgate-no-prefilter-'));
  write('src/agent.ts', "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'hi', options: { allowedTools: ['Bash'] } });\n");
  write('src/plain.ts', 'export const answer = 42;\n');
  // Names no SDK package, and does not parse.
  write('src/broken.py', 'def broken(:\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

async function scanJson(...flags: string[]) {
  const { code, stdout, stderr } = await runCli(['scan', '--format', 'json', '--rule', 'no-bare-allowed-tools', ...flags], { cwd: dir });
  const report = JSON.parse(stdout) as { summary: { files: number; analysed: number; skipped: number; failed: number }; findings: Array<{ path: string; line: number; column: number }> };
  const { files, analysed, skipped, failed } = report.summary;
  return { code, stderr, counts: { files, analysed, skipped, failed }, findings: report.findings.map((f) => `${f.path}:${f.line}:${f.column}`) };
}

describe('turning the prefilter off', () => {
  it('by default skips the files that name no SDK package', async () => {
    const run = await scanJson();
    expect(run.counts).toEqual({ files: 3, analysed: 1, skipped: 2, failed: 0 });
    expect(run.code).toBe(1);
  });

  it('with --no-prefilter parses every supported file: one that does not parse fails the run', async () => {
    const run = await scanJson('--no-prefilter');
    expect(run.counts).toEqual({ files: 3, analysed: 2, skipped: 0, failed: 1 });
    expect(run.findings).toEqual(['src/agent.ts:2:49']);
    expect(run.stderr).toMatch(/^src\/broken\.py:1:\d+: /m);
    expect(run.code).toBe(2);
  });

  it('with "prefilter": false in the config file, the same', async () => {
    write('toolgate.config.json', '{ "prefilter": false }\n');
    expect((await scanJson()).counts).toEqual({ files: 3, analysed: 2, skipped: 0, failed: 1 });
    write('toolgate.config.json', '{ "prefilter": true }\n');
    expect((await scanJson()).counts).toEqual({ files: 3, analysed: 1, skipped: 2, failed: 0 });
    // The flag wins over the config.
    expect((await scanJson('--no-prefilter')).counts.analysed).toBe(2);
  });

  it('rejects a "prefilter" that is not true or false', async () => {
    write('toolgate.config.json', '{ "prefilter": "no" }\n');
    const { code, stderr } = await runCli(['scan'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('prefilter: must be true or false.');
  });
});
