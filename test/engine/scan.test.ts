import { allRules } from '../../rules/index.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configRules } from '../../src/engine/configs.js';
import { UsageError } from '../../src/engine/errors.js';
import { compareFindings } from '../../src/engine/findings.js';
import { scan } from '../support/scan.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(repoRoot, 'fixtures/cli');

describe('scan', () => {
  it('scans the working directory by default and accounts for every file', async () => {
    const result = await scan({ cwd: path.join(fixtures, 'clean') });
    expect(result.root).toBe(path.join(fixtures, 'clean'));
    expect(result.findings).toEqual([]);
    expect(result.problems).toEqual([]);
    const { files, analysed, skipped, failed } = result.stats;
    expect(files).toBe(2);
    expect(analysed + skipped + failed).toBe(files);
    expect(result.rules).toEqual(configRules('recommended', allRules).map((setting) => setting.rule));
  });

  // the prefilter passes the SDK import and skips the plain module.
  it('analyses the file that imports the SDK and skips the other', async () => {
    const result = await scan({ cwd: repoRoot, paths: ['fixtures/cli/clean'] });
    expect(result.stats).toEqual({ files: 2, analysed: 1, skipped: 1, failed: 0, ignored: 0 });
  });

  it('reports a syntax error as a parse problem, with no findings for that file', async () => {
    const result = await scan({ cwd: repoRoot, paths: ['fixtures/cli/syntax-error'] });
    expect(result.problems).toEqual([
      expect.objectContaining({ path: 'fixtures/cli/syntax-error/agent.ts', kind: 'parse', line: 3 }),
    ]);
    expect(result.findings).toEqual([]);
    expect(result.stats.failed).toBe(1);
  });

  // needs the TypeScript front end and rules 2 and 3.
  it('finds the bare Bash entry and the unguarded bypass mode', async () => {
    const result = await scan({ cwd: repoRoot, paths: ['fixtures/cli/violations'] });
    expect(result.problems).toEqual([]);
    expect(new Set(result.findings.map((finding) => finding.ruleId))).toEqual(
      new Set(['no-bare-allowed-tools', 'no-bypass-without-disallowed-tools']),
    );
    expect(result.findings).toEqual([...result.findings].sort(compareFindings));
    for (const finding of result.findings) {
      expect(finding.path).toBe('fixtures/cli/violations/agent.ts');
      expect(finding.line).toBeGreaterThanOrEqual(4);
      expect(finding.severity).toBe('error');
    }
  });

  it('rejects an unknown rule id, preset or path with a UsageError', async () => {
    await expect(scan({ cwd: fixtures, rules: ['no-such-rule'] })).rejects.toThrow(UsageError);
    await expect(scan({ cwd: fixtures, rules: ['no-such-rule'] })).rejects.toThrow(/Unknown rule id 'no-such-rule'/);
    await expect(scan({ cwd: fixtures, config: 'lenient' as 'strict' })).rejects.toThrow(/Unknown preset 'lenient'/);
    await expect(scan({ cwd: fixtures, paths: ['clean', 'missing'] })).rejects.toThrow(
      new UsageError('No such file or directory: missing'),
    );
  });
});
