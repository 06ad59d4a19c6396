import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support.js';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(tmpdir(), 'toolgate-output-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('scan --output', () => {
  it('writes the report to the file, creating folders, and keeps the exit code', async () => {
    const file = path.join(dir, 'reports', 'nested', 'toolgate.json');
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/cli/violations', '--format', 'json', '--output', file]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('');
    const report = JSON.parse(readFileSync(file, 'utf8')) as { findings: unknown[] };
    expect(report.findings.length).toBeGreaterThan(0);
    // The same report stdout would have held.
    const printed = await runCli(['scan', 'fixtures/cli/violations', '--format', 'json']);
    expect(readFileSync(file, 'utf8')).toBe(printed.stdout);
  });

  it('is relative to the working directory and overwrites an old report', async () => {
    writeFileSync(path.join(dir, 'out.txt'), 'old');
    const { code } = await runCli(['scan', path.join(repoRoot, 'fixtures/cli/clean'), '--output', 'out.txt'], { cwd: dir });
    expect(code).toBe(0);
    expect(readFileSync(path.join(dir, 'out.txt'), 'utf8')).toContain('No problems found');
  });

  it('leaves colour out of the file unless --color asks for it', async () => {
    const file = path.join(dir, 'report.txt');
    await runCli(['scan', 'fixtures/cli/violations', '--output', file], { isTTY: true, env: { FORCE_COLOR: '1' } });
    expect(readFileSync(file, 'utf8')).not.toContain('\u001b[');
    await runCli(['scan', 'fixtures/cli/violations', '--output', file, '--color']);
    expect(readFileSync(file, 'utf8')).toContain('\u001b[');
  });

  it('exits 2 with the reason when the file cannot be written, still naming files that could not be checked', async () => {
    writeFileSync(path.join(dir, 'a-file'), '');
    const target = path.join(dir, 'a-file', 'report.sarif');
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/cli/violations', '--format', 'sarif', '--output', target]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(new RegExp(`^error: cannot write the report to ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: E(NOTDIR|EXIST)`));

    const directory = await runCli(['scan', 'fixtures/cli/clean', '--output', dir]);
    expect(directory.code).toBe(2);
    expect(directory.stderr).toMatch(/^error: cannot write the report to .*: EISDIR/);
  });
});
