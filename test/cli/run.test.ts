import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support.js';

const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

describe('help and version', () => {
  it('lists the exit codes in the top-level help', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Exit codes:');
    expect(stdout).toMatch(/^\s+0\s+no findings/m);
    expect(stdout).toMatch(/^\s+1\s+findings/m);
    expect(stdout).toMatch(/^\s+2\s+usage error/m);
  });

  it('lists the exit codes and options in the scan help', async () => {
    const { code, stdout } = await runCli(['scan', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Exit codes:');
    for (const flag of ['--format', '--rule', '--preset', '--quiet', '--max-warnings', '--no-color']) {
      expect(stdout).toContain(flag);
    }
  });

  it('prints the package version', async () => {
    const { code, stdout } = await runCli(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(version);
  });
});

describe('usage errors exit 2', () => {
  it.each([
    [[], /Usage: toolgate/],
    [['lint'], /unknown command 'lint'/],
    [['scan', '--frobnicate'], /unknown option '--frobnicate'/],
    [['scan', '--format', 'xml'], /argument 'xml' is invalid/],
    [['scan', '--preset', 'lenient'], /argument 'lenient' is invalid/],
    [['scan', '--max-warnings', '-1'], /--max-warnings/],
    [['scan', '--max-warnings', '1.5'], /Expected a whole number/],
    [['scan', '--max-warnings'], /argument missing/],
  ])('%j', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });

  it('names an unknown rule id', async () => {
    const { code, stderr } = await runCli(['scan', 'fixtures/cli/clean', '--rule', 'no-such-rule']);
    expect(code).toBe(2);
    expect(stderr).toContain("error: Unknown rule id 'no-such-rule'");
  });

  it('names a path that does not exist', async () => {
    const { code, stderr, stdout } = await runCli(['scan', 'fixtures/cli/clean', 'fixtures/cli/nowhere']);
    expect(code).toBe(2);
    expect(stderr).toBe('error: No such file or directory: fixtures/cli/nowhere\n');
    expect(stdout).toBe('');
  });
});

describe('scanning fixtures', () => {
  it('exits 0 on a clean tree', async () => {
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/cli/clean']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('✔ No problems found');
    expect(stdout).toMatch(/^2 files checked \(\d+ analysed, \d+ skipped by prefilter, 0 failed\), \d+ ignored$/m);
  });

  it('scans the current directory by default', async () => {
    const { code, stdout } = await runCli(['scan'], { cwd: path.join(repoRoot, 'fixtures/cli/clean') });
    expect(code).toBe(0);
    expect(stdout).toContain('2 files checked');
  });

  it('writes JSON that parses', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/cli/clean', '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.version).toBe(1);
    expect(report.tool).toEqual({ name: 'toolgate', version });
    expect(report.summary.files).toBe(2);
    expect(report.problems).toEqual([]);
  });

  // these assertions need the TypeScript front end and rules 2 and 3.
  it('exits 1 on findings and names the rules', async () => {
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/cli/violations']);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain('fixtures/cli/violations/agent.ts');
    expect(stdout).toContain('no-bare-allowed-tools');
    expect(stdout).toContain('no-bypass-without-disallowed-tools');
    expect(stdout).toMatch(/✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)/);
  });

  it('reports findings as sorted JSON', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/cli/violations', '--format', 'json']);
    expect(code).toBe(1);
    const { findings } = JSON.parse(stdout) as { findings: { ruleId: string; path: string; line: number; column: number }[] };
    expect(new Set(findings.map((finding) => finding.ruleId))).toEqual(
      new Set(['no-bare-allowed-tools', 'no-bypass-without-disallowed-tools']),
    );
    const positions = findings.map((finding) => [finding.line, finding.column]);
    expect(positions).toEqual([...positions].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
  });

  it('--rule narrows the rules that run', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/cli/violations', '--rule', 'no-bare-allowed-tools']);
    expect(code).toBe(1);
    expect(stdout).toContain('no-bare-allowed-tools');
    expect(stdout).not.toContain('no-bypass-without-disallowed-tools');
  });

  // needs the front end to report syntax errors.
  it('exits 2 on a file with a syntax error, naming it on stderr', async () => {
    const { code, stdout, stderr } = await runCli(['scan', 'fixtures/cli/syntax-error']);
    expect(stderr).toMatch(/^fixtures\/cli\/syntax-error\/agent\.ts:3:\d+: Syntax error: /m);
    expect(code).toBe(2);
    expect(stdout).toContain('✖ 1 file could not be checked');
    expect(stdout).not.toContain('No problems found');
  });
});
