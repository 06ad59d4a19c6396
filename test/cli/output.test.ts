import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

describe('scan --output on a failing disk', () => {
  const io = (cwd: string, errors: string[]) => ({ cwd, env: {}, isTTY: false, stderrIsTTY: false, now: () => 0, stdout: () => {}, stderr: (text: string) => void errors.push(text) });

  it('removes the partial report and any older one, and says why', async () => {
    const { writeReport } = await import('../../src/cli/output.js');
    const target = path.join(dir, 'report.sarif');
    writeFileSync(target, 'an older report');
    const errors: string[] = [];
    const fullDisk = {
      async writeFile(file: string, text: string) {
        writeFileSync(file, text.slice(0, 10), { flag: 'wx' });
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    };
    expect(await writeReport('{"a complete report": true}', 'report.sarif', io(dir, errors), fullDisk)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect(errors.join('')).toBe('error: cannot write the report to report.sarif: ENOSPC: no space left on device, write\n');
  });

  it('replaces a planted symbolic link instead of writing through it', async () => {
    const { writeReport } = await import('../../src/cli/output.js');
    const outside = path.join(dir, 'outside.txt');
    writeFileSync(outside, 'keep');
    symlinkSync(outside, path.join(dir, 'report.json'));
    expect(await writeReport('report', 'report.json', io(dir, []))).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('keep');
    expect(readFileSync(path.join(dir, 'report.json'), 'utf8')).toBe('report');
    expect(lstatSync(path.join(dir, 'report.json')).isSymbolicLink()).toBe(false);
  });

  it('writes straight to a device such as /dev/full, and exits 2 when it fails', async () => {
    const { code, stderr } = await runCli(['scan', 'fixtures/cli/clean', '--output', '/dev/full']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: cannot write the report to \/dev\/full: ENOSPC/);
  });
});
