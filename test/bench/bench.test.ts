import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/support.js';

// A smoke test of `npm run bench` on tiny trees: every row is printed. Never
// a timing assertion: the figures of a --quick run on a busy machine mean nothing.
describe('npm run bench --quick', () => {
  it('generates the trees, runs every comparison and prints every row', () => {
    expect(existsSync(path.join(repoRoot, 'dist/bin/toolgate.js')), 'run `npm run build` first').toBe(true);
    const run = spawnSync(process.execPath, ['bench/run.mjs', '--quick'], { cwd: repoRoot, encoding: 'utf8', timeout: 900_000 });
    expect(run.status, run.stderr).toBe(0);
    const rows = run.stdout.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    expect(rows.map((row) => row.split(' | ')[0]!.slice(2))).toEqual([
      'measurement',
      'scan vs `grep -rl` (mixed tree, 1x)',
      'ESLint (same rules) vs scan (lint tree)',
      'scan vs oxlint + toolgate/oxlint (lint tree)',
      'scan vs TypeScript parse-only (all-agent tree)',
      'scan vs `grep -rl` (real tree)',
      'ESLint (same rules) vs scan (real lint tree)',
      'scan vs oxlint + toolgate/oxlint (real lint tree)',
      'scan vs TypeScript parse-only (real tree, every file parsed)',
      'warm `--cache`, nothing changed, vs `grep -rl` (mixed tree, 1x)',
      'warm `--cache`, nothing changed, vs `grep -rl` (real tree)',
      'peak memory (real tree)',
      'growth: time 2x / 1x',
      'growth: time 3x / 1x',
      'growth: time 4x / 1x',
      'growth: peak memory 2x / 1x',
      'growth: peak memory 3x / 1x',
      'growth: peak memory 4x / 1x',
      '`scan --staged` vs `scan <file>` (one staged file reaching no agent code)',
      '`scan --staged` vs `scan <file>` (one staged constants module an options module imports)',
      '`scan --staged` vs `git grep -l` alone (the search it makes over the repository)',
      '`scan --staged` vs `git checkout-index` of that one file (the floor)',
      '`scan --staged` vs `git checkout-index --all` (one staged file)',
      'ESLint adapter, file without SDK usage',
    ]);
    // Each row has all six cells filled, with numbers where figures belong.
    for (const row of rows.slice(1)) expect(row.split(' | ').slice(1, 4).every((cell) => /\d/.test(cell)), row).toBe(true);
    expect(run.stdout).toMatch(/Machine: .+ \d+ cores, \d+ GB RAM, Node v\d+/);
    // The adapter parses nothing in files without SDK usage.
    expect(rows.at(-1)).toMatch(/\| 0 parses in [1-9]\d* files \|/);
  });
});
