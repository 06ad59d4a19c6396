import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cliToolkit } from '../../src/cli/toolkit.js';
import { UsageError } from '../../src/engine/errors.js';
import type { ScanOptions, ScanResult } from '../../src/engine/scan.js';
import { finding, problem, runCli, scanResult } from './support.js';

// Exit-code policy is tested against hand-built results, independent of
// which rules exist and what the front end can parse.
const scanMock = vi.hoisted(() => vi.fn<(options: ScanOptions, toolkit: unknown) => Promise<ScanResult>>());
vi.mock('../../src/engine/scan.js', () => ({ scan: scanMock }));

const warning = finding({ severity: 'warning', ruleId: 'require-deny-reason', message: 'No reason.' });
const stats = { files: 2, analysed: 2, skipped: 0, failed: 0 };

beforeEach(() => {
  scanMock.mockReset();
});

describe('exit codes', () => {
  it('0 when clean', async () => {
    scanMock.mockResolvedValue(scanResult({ stats }));
    expect((await runCli(['scan'])).code).toBe(0);
  });

  it('1 on an error finding', async () => {
    scanMock.mockResolvedValue(scanResult({ findings: [finding()], stats }));
    const { code, stdout } = await runCli(['scan']);
    expect(code).toBe(1);
    expect(stdout).toContain('no-bare-allowed-tools');
  });

  it('0 on warnings alone, 1 once they exceed --max-warnings', async () => {
    scanMock.mockResolvedValue(scanResult({ findings: [warning, warning], stats }));
    expect((await runCli(['scan'])).code).toBe(0);
    expect((await runCli(['scan', '--max-warnings', '2'])).code).toBe(0);
    const over = await runCli(['scan', '--max-warnings', '1']);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe('error: 2 warnings, more than --max-warnings 1 allows\n');
  });

  it('--quiet hides warnings but they still count for --max-warnings', async () => {
    scanMock.mockResolvedValue(scanResult({ findings: [finding(), warning], stats }));
    const quiet = await runCli(['scan', '--quiet', '--format', 'json']);
    expect(JSON.parse(quiet.stdout).findings.map((f: { severity: string }) => f.severity)).toEqual(['error']);

    scanMock.mockResolvedValue(scanResult({ findings: [warning], stats }));
    const hidden = await runCli(['scan', '--quiet', '--max-warnings', '0']);
    expect(hidden.stdout).not.toContain('require-deny-reason');
    expect(hidden.code).toBe(1);
  });

  it('2 when a file could not be checked, even with error findings, naming each file on stderr', async () => {
    scanMock.mockResolvedValue(
      scanResult({
        findings: [finding()],
        problems: [problem(), problem({ path: 'src/gone.ts', kind: 'read', message: 'Cannot read file: ENOENT', line: undefined, column: undefined })],
        stats: { files: 3, analysed: 1, skipped: 0, failed: 2 },
      }),
    );
    const { code, stdout, stderr } = await runCli(['scan']);
    expect(code).toBe(2);
    expect(stderr).toBe("src/broken.ts:2:7: Syntax error: ',' expected.\nsrc/gone.ts: Cannot read file: ENOENT\n");
    expect(stdout).toContain('✖ 2 files could not be checked');
  });

  it('--allow-unparsed: files that could not be read or parsed are still named, and the findings decide the exit code', async () => {
    const unreadable = problem({ path: 'src/gone.ts', kind: 'read', message: 'Cannot read file: EACCES: permission denied', line: undefined, column: undefined });
    scanMock.mockResolvedValue(scanResult({ problems: [problem(), unreadable], stats: { files: 3, analysed: 1, failed: 2 } }));
    const clean = await runCli(['scan', '--allow-unparsed']);
    expect(clean.code).toBe(0);
    expect(clean.stderr).toBe("src/broken.ts:2:7: Syntax error: ',' expected.\nsrc/gone.ts: Cannot read file: EACCES: permission denied\n");
    expect(clean.stdout).toContain('✖ 2 files could not be checked');

    scanMock.mockResolvedValue(scanResult({ findings: [finding()], problems: [problem()], stats: { files: 2, analysed: 1, failed: 1 } }));
    expect((await runCli(['scan', '--allow-unparsed'])).code).toBe(1);
  });

  it('--allow-unparsed does not pass an internal error: still 2, naming the file', async () => {
    const internal = problem({ path: 'src/odd.ts', kind: 'internal', message: 'Internal error while analysing the file: boom', line: undefined, column: undefined });
    scanMock.mockResolvedValue(scanResult({ problems: [problem(), internal], stats: { files: 2, failed: 2 } }));
    const { code, stderr } = await runCli(['scan', '--allow-unparsed']);
    expect(code).toBe(2);
    expect(stderr).toContain('src/odd.ts: Internal error while analysing the file: boom\n');
  });

  it('2 on a usage error from the engine, with one line and no stack', async () => {
    scanMock.mockImplementation(async () => {
      throw new UsageError('No such file or directory: nope');
    });
    const { code, stdout, stderr } = await runCli(['scan', 'nope']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('error: No such file or directory: nope\n');
  });

  it('2 on an internal error, with one line and no stack', async () => {
    scanMock.mockImplementation(async () => {
      throw new TypeError('x is not a function');
    });
    const { code, stderr } = await runCli(['scan']);
    expect(code).toBe(2);
    expect(stderr).toBe('error: internal error: x is not a function\n');
  });
});

describe('options reach the engine', () => {
  it('passes paths, preset, rules (split on commas) and the working directory', async () => {
    scanMock.mockResolvedValue(scanResult());
    await runCli(['scan', 'a', 'b', '--preset', 'strict', '--rule', 'x,y', '--rule', 'z'], { cwd: '/somewhere' });
    expect(scanMock).toHaveBeenCalledWith({ paths: ['a', 'b'], cwd: '/somewhere', config: 'strict', rules: ['x', 'y', 'z'], onProgress: expect.any(Function) }, cliToolkit);
  });

  it('defaults to the current directory and the recommended preset', async () => {
    scanMock.mockResolvedValue(scanResult());
    await runCli(['scan'], { cwd: '/somewhere' });
    expect(scanMock).toHaveBeenCalledWith({ paths: ['.'], cwd: '/somewhere', config: 'recommended', rules: undefined, onProgress: expect.any(Function) }, cliToolkit);
  });
});
