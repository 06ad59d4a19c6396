import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverFiles, type DiscoverOptions, type IgnoreReason } from '../../src/engine/discover.js';
import { UsageError } from '../../src/engine/errors.js';

let root: string;

const tree: Record<string, string> = {
  '.gitignore': 'ignored.ts\ngenerated/\n*.gen.ts\n!keep.gen.ts\n',
  'a.ts': '',
  'ignored.ts': '',
  'keep.gen.ts': '',
  'drop.gen.ts': '',
  'README.md': '',
  'types.d.ts': '',
  'generated/x.ts': '',
  'node_modules/pkg/index.js': '',
  'dist/out.js': '',
  'build/out.ts': '',
  'out/out.ts': '',
  'coverage/report.js': '',
  '.next/page.js': '',
  '.git/hooks/pre-commit.js': '',
  'src/.gitignore': 'local.ts\n!a.gen.ts\n',
  'src/b.ts': '',
  'src/local.ts': '',
  'src/a.gen.ts': '',
  'src/deep/local.ts': '',
  'src/deep/c.mts': '',
  'pkg/.gitignore': '/anchored.ts\n',
  'pkg/anchored.ts': '',
  'pkg/sub/anchored.ts': '',
  // The same rules in two folders: compiled once, applied in each.
  'twin-a/.gitignore': 'gen/\n*.tmp.ts\n!keep.tmp.ts\n',
  'twin-a/gen/x.ts': '',
  'twin-a/drop.tmp.ts': '',
  'twin-a/keep.tmp.ts': '',
  'twin-b/.gitignore': 'gen/\n*.tmp.ts\n!keep.tmp.ts\n',
  'twin-b/gen/x.ts': '',
  'twin-b/sub/drop.tmp.ts': '',
  'twin-b/sub/keep.tmp.ts': '',
};

const expected = [
  'a.ts',
  'keep.gen.ts',
  'pkg/sub/anchored.ts',
  'src/a.gen.ts',
  'src/b.ts',
  'src/deep/c.mts',
  'twin-a/keep.tmp.ts',
  'twin-b/sub/keep.tmp.ts',
];

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'toolgate-discover-'));
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  symlinkSync(path.join(root, 'a.ts'), path.join(root, 'link.ts'));
  symlinkSync(path.join(root, 'src'), path.join(root, 'linked-src'));
  symlinkSync(root, path.join(root, 'src/loop'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function discover(paths: string[], cwd = root, options: Partial<DiscoverOptions> = {}) {
  const ignored: [string, IgnoreReason][] = [];
  const files: string[] = [];
  for await (const file of discoverFiles(paths, { ...options, cwd, onIgnored: (p, reason) => ignored.push([path.relative(root, p), reason]) })) {
    expect(file.error).toBeUndefined();
    files.push(file.path);
  }
  return { files, ignored };
}

describe('discoverFiles', () => {
  it('honours root and nested .gitignore files and skips dependency and build folders', async () => {
    expect((await discover(['.'])).files).toEqual(expected);
  });

  it('agrees with git about what is ignored', async (context) => {
    try {
      execFileSync('git', ['init', '-q'], { cwd: root });
    } catch {
      context.skip();
    }
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.[cm]?[jt]sx?$/.test(file) && !file.endsWith('.d.ts'))
      .filter((file) => !/^(node_modules|dist|build|out|coverage|\.next)\//.test(file))
      .filter((file) => !['link.ts', 'linked-src', 'src/loop'].includes(file))
      .sort();
    rmSync(path.join(root, '.git'), { recursive: true, force: true });
    expect(listed).toEqual(expected);
  });

  it('does not follow symbolic links, and says so', async () => {
    const { ignored } = await discover(['.']);
    expect(ignored.filter(([, reason]) => reason === 'symlink').map(([p]) => p).sort()).toEqual([
      'link.ts',
      'linked-src',
      path.join('src', 'loop'),
    ]);
    expect(ignored).toContainEqual(['node_modules', 'skipped-directory']);
    expect(ignored).toContainEqual(['generated', 'gitignore']);
  });

  it('always checks an explicitly named file, even an ignored one', async () => {
    const { files } = await discover(['ignored.ts', 'node_modules/pkg/index.js', 'src/local.ts']);
    expect(files).toEqual(['ignored.ts', 'node_modules/pkg/index.js', 'src/local.ts']);
  });

  it('leaves out an explicitly named file no front end reads', async () => {
    const { files, ignored } = await discover(['README.md']);
    expect(files).toEqual([]);
    expect(ignored).toEqual([['README.md', 'unsupported']]);
  });

  it('walks an explicitly named directory, applying the .gitignore files above it', async () => {
    expect((await discover(['src'])).files).toEqual(['src/a.gen.ts', 'src/b.ts', 'src/deep/c.mts']);
    expect((await discover(['generated'])).files).toEqual(['generated/x.ts']);
  });

  it('yields each file once when paths overlap', async () => {
    expect((await discover(['src/b.ts', '.', 'src'])).files).toEqual(['src/b.ts', ...expected.filter((f) => f !== 'src/b.ts')]);
  });

  it('gives paths relative to the working directory, even outside it', async () => {
    expect((await discover(['../src'], path.join(root, 'pkg'))).files).toEqual(['../src/a.gen.ts', '../src/b.ts', '../src/deep/c.mts']);
  });

  it('gives paths relative to the working directory when it lies inside the scanned one', async () => {
    expect((await discover(['..'], path.join(root, 'pkg'))).files).toEqual(
      expected.map((file) => path.posix.relative('pkg', file)),
    );
  });

  it("applies a config file's ignore patterns within its folder only, wherever the scan starts", async () => {
    const inSrc = { ignore: { directory: path.join(root, 'src'), patterns: ['b.ts', 'deep/'] } };
    const withoutSrc = expected.filter((file) => file !== 'src/b.ts' && file !== 'src/deep/c.mts');
    expect((await discover(['.'], root, inSrc)).files).toEqual(withoutSrc);
    expect((await discover(['src'], root, inSrc)).files).toEqual(['src/a.gen.ts']);
    // Named, the ignored folder is walked, and without the rules above it.
    expect((await discover(['src/deep'], root, inSrc)).files).toEqual(['src/deep/c.mts', 'src/deep/local.ts']);
    const inPkg = { ignore: { directory: path.join(root, 'pkg'), patterns: ['*.ts'] } };
    expect((await discover(['.'], root, inPkg)).files).toEqual(expected.filter((file) => !file.startsWith('pkg/')));
    expect((await discover(['src'], root, inPkg)).files).toEqual(['src/a.gen.ts', 'src/b.ts', 'src/deep/c.mts']);
  });

  it('rejects a path that does not exist before yielding anything', async () => {
    const files: string[] = [];
    const walk = async () => {
      for await (const file of discoverFiles(['a.ts', 'missing'], { cwd: root })) files.push(file.path);
    };
    await expect(walk()).rejects.toThrow(new UsageError('No such file or directory: missing'));
    expect(files).toEqual([]);
  });
});
