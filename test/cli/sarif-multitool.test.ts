import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support.js';

/**
 * Microsoft's SARIF Multitool, the validator behind the SARIF spec, run on
 * what `scan --format sarif` writes. Its `validate` checks the JSON schema and
 * the spec's rules (SARIF1xxx/2xxx), and with `--rule-kind Gh` the rules
 * GitHub code scanning's upload applies (GHxxxx). It exits 0 whether or not it
 * finds errors, so the test reads its own SARIF output (`--output`).
 */
const multitool = path.join(repoRoot, 'node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool');
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-multitool-'));

interface ValidationResult {
  ruleId: string;
  level?: string;
  message: { text?: string; arguments?: string[] };
}

function validate(file: string) {
  const output = path.join(work, `${path.basename(file)}.validation.sarif`);
  rmSync(output, { force: true });
  const run = spawnSync(multitool, ['validate', '--rule-kind', 'Sarif;Gh', '--level', 'Error;Warning', '--output', output, file], {
    encoding: 'utf8',
    // A self-contained .NET program: without libicu it would need invariant
    // globalization mode. Set, so the check does not depend on the machine's ICU.
    env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
    timeout: 900_000,
  });
  const log = existsSync(output) ? (JSON.parse(readFileSync(output, 'utf8')) as { runs: Array<{ results?: ValidationResult[] }> }) : undefined;
  // A result without a level is a warning (SARIF 3.27.10); notes are advice, e.g. "add a snippet".
  const problems = (log?.runs[0]?.results ?? [])
    .filter((result) => (result.level ?? 'warning') === 'error' || (result.level ?? 'warning') === 'warning')
    .map((result) => `${result.ruleId} ${result.level ?? 'warning'}: ${result.message.text ?? result.message.arguments?.join(' | ') ?? ''}`);
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, error: run.error, log, problems };
}

// The package ships only a Linux x64 build (it declares "os": ["linux"]).
describe.runIf(process.platform === 'linux' && process.arch === 'x64')("Microsoft's SARIF Multitool", () => {
  beforeAll(() => {
    // npm does not run the package's postinstall (`chmod u+x Sarif.Multitool`), so set the run bit here.
    chmodSync(multitool, statSync(multitool).mode | 0o100);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('finds the errors of a broken log (the check can fail)', () => {
    const broken = path.join(work, 'broken.sarif');
    writeFileSync(broken, JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [] }] }));
    const { status, stdout, problems, error } = validate(broken);
    expect(error).toBeUndefined();
    expect(status).toBe(0);
    expect(problems).toEqual([expect.stringMatching(/^JSON1002 error: .*driver.*name/)]);
    expect(stdout).toMatch(/broken\.sarif\(\d+,\d+\): error JSON1002: /);
  });

  it.each([
    ['findings of every rule, TypeScript and Python, and a file that does not parse', ['fixtures/example', 'fixtures/cli/syntax-error'], 2],
    ['a clean tree', ['fixtures/cli/clean'], 0],
    ['the strict preset', ['fixtures/cli/violations', '--preset', 'strict'], 1],
  ])('passes what `scan --format sarif --output` writes for %s, with no errors or warnings', async (_, args, exitCode) => {
    const file = path.join(work, `${exitCode}-${args.length}.sarif`);
    const scan = await runCli(['scan', ...args, '--format', 'sarif', '--output', file]);
    expect(scan.code).toBe(exitCode);

    const { status, stdout, stderr, problems, error } = validate(file);
    expect(error).toBeUndefined();
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(problems).toEqual([]);
    expect(stdout).not.toMatch(/: (error|warning) [A-Z]+\d+:/);
    expect(stdout).toContain('Analysis completed successfully.');
    // Suggestions go in as `fixes`, so the validator sees them wherever findings have any.
    const results = (JSON.parse(readFileSync(file, 'utf8')) as { runs: Array<{ results: Array<{ fixes?: unknown[] }> }> }).runs[0]!.results;
    expect(results.some((result) => result.fixes)).toBe(exitCode !== 0);
  });
});
