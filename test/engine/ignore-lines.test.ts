import { describe, expect, it } from 'vitest';
import { safeIgnoreLines } from '../../src/engine/ignore-lines.js';
import { scan } from '../support/scan.js';
import { badAgent, tree } from '../robustness/support.js';

// `a/**` then `/`, sixteen times, then `name`: the `ignore` package backtracks
// for seconds on it over a folder 32 levels deep, and longer the deeper.
const backtracking = (name: string) => `${'a/**/'.repeat(16)}${name}`;

describe('safeIgnoreLines: ignore lines safe to match', () => {
  it('keeps ordinary lines as written', () => {
    const lines = ['# comment', '', 'dist/', '*.gen.ts', '!keep.gen.ts', '/anchored.ts', 'src/**/generated/*.ts', '\\**/**/x'];
    expect(safeIgnoreLines(lines.join('\n'))).toEqual(lines);
  });

  it('collapses consecutive **/ segments, which mean the same as one', () => {
    expect(safeIgnoreLines(['a/**/**/**/b', '**/**/x.ts'])).toEqual(['a/**/b', '**/x.ts']);
  });

  it('drops a positive line with too many wildcards, so what it ignored is checked', () => {
    expect(safeIgnoreLines([backtracking('b.ts'), `${'*a'.repeat(17)}.ts`])).toEqual(['', '']);
  });

  it('turns a negated line with too many wildcards into one that re-includes everything beneath its base', () => {
    expect(safeIgnoreLines([`!src/gen/${backtracking('b.ts')}`, `!${backtracking('b.ts')}`, `!${'*a'.repeat(17)}`])).toEqual(['!/src/gen/a/**', '!/a/**', '!*']);
  });
});

describe('a .gitignore line that would backtrack without bound', () => {
  it('finishes over a folder 32 levels deep, checks what the line named and ignores the rest as before', async () => {
    const deep = `${Array.from({ length: 32 }, () => 'a').join('/')}`;
    const root = tree({
      '.gitignore': `${backtracking('b')}\nignored.ts\n`,
      [`${deep}/b/agent.ts`]: badAgent,
      [`${deep}/ignored.ts`]: badAgent,
    });
    const result = await scan({ cwd: root });
    expect(result.problems).toEqual([]);
    expect(result.findings.map((finding) => finding.path)).toEqual([`${deep}/b/agent.ts`]);
    expect(result.stats).toMatchObject({ files: 1, ignored: 1 });
  });
});
