import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIndex, relativeTo, underBase } from '../../src/engine/staged/snapshot.js';

// The staged check's snapshot of the index: its listing read without a
// regular expression over whole records, `.claude` folders cut out of the
// paths, and paths under the checkout's base appended as they are.
const oid = 'a'.repeat(40);
const listing = (files: string[], tag = 'H', mode = '100644'): string => files.map((file) => `${tag} ${mode} ${oid} 0\t${file}\0`).join('');

describe('the staged snapshot', () => {
  it('reads every path of the listing, tabs and spaces in names included, and only regular files', () => {
    const snapshot = readIndex('/repo', `${listing(['a b/c\td.ts', 'x.py'])}${listing(['link'], 'H', '120000')}${listing(['kept.ts'], 'S')}`);
    expect([...snapshot.entries.keys()]).toEqual(['a b/c\td.ts', 'x.py', 'kept.ts']);
    expect([...snapshot.unwatched]).toEqual(['kept.ts']);
    expect(() => readIndex('/repo', 'H 100644 zz 0\tbad.ts\0')).toThrow(/unexpected line/);
    expect(() => readIndex('/repo', `H 100644 ${oid} 2\tconflict.ts\0`)).toThrow(/unresolved conflicts/);
  });

  it('reads the object id of each record, SHA-1 or SHA-256, the last record without its NUL too, and refuses a record cut short', () => {
    const long = 'b'.repeat(64);
    const snapshot = readIndex('/repo', `H 100755 ${oid} 0\tbin/run.js\0h 100644 ${long} 0\tsha256.ts\0H 100644 ${oid} 0\tlast.py`);
    expect([...snapshot.entries]).toEqual([
      ['bin/run.js', { oid }],
      ['sha256.ts', { oid: long }],
      ['last.py', { oid }],
    ]);
    expect([...snapshot.unwatched]).toEqual(['sha256.ts']);
    expect(() => readIndex('/repo', `H 100644 ${oid}\tno-stage.ts\0`)).toThrow(/unexpected line 'H 100644 a+\tno-stage.ts'/);
    expect(() => readIndex('/repo', `H 100644 ${oid} 0\0H 100644 ${oid} 0\tnext.ts\0`)).toThrow(/unexpected line/);
    expect(() => readIndex('/repo', `H 10644 ${oid} 0\tshort-mode.ts\0`)).toThrow(/unexpected line/);
  });

  it('knows every folder that holds a file, whatever order the files come in', () => {
    const snapshot = readIndex('/repo', listing(['a/b/c/d.ts', 'a/b/e.ts', 'x/y.ts', 'a/z/w/v.ts', 'a/b/c/f/g.ts']));
    expect([...snapshot.folders()].sort()).toEqual(['a', 'a/b', 'a/b/c', 'a/b/c/f', 'a/z', 'a/z/w', 'x']);
    expect(snapshot.isFolder('a/z')).toBe(true);
    expect(snapshot.isFolder('a/b/c/d.ts')).toBe(false);
  });

  it('finds the .claude folders that every folder of the snapshot holds', () => {
    const files = ['.claude/settings.json', 'app/.claude/agents/a.md', 'app/x.claude/y.ts', 'my.claude/z.ts', 'deep/.claude/.claude/s.json', 'src/a.ts'];
    const snapshot = readIndex('/repo', listing(files));
    const named = [...snapshot.folders()].filter((folder) => folder === '.claude' || folder.endsWith('/.claude'));
    expect([...snapshot.claudeFolders()].sort()).toEqual(named.sort());
    expect([...snapshot.claudeFolders()].sort()).toEqual(['.claude', 'app/.claude', 'deep/.claude', 'deep/.claude/.claude']);
  });

  it('puts a path under the base as path.join does, and back', () => {
    for (const base of ['/tmp/checkout', '/tmp/checkout/', '/tmp/./checkout', 'relative/base']) {
      for (const file of ['a.ts', 'src/deep/b.py', '.claude/settings.json', 'odd\\name.ts']) {
        expect(underBase(base, file)).toBe(path.join(base, ...file.split('/')));
        if (path.isAbsolute(base)) expect(relativeTo(base, underBase(base, file))).toBe(file);
      }
    }
  });
});
