import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/engine/errors.js';
import { inShard, parseShard, shardOf } from '../../src/engine/shard.js';

const paths = Array.from({ length: 2000 }, (_, i) => `packages/p${i % 37}/src/file-${i}.ts`);

describe('parseShard', () => {
  it.each([
    ['1/1', { index: 1, count: 1 }],
    ['3/4', { index: 3, count: 4 }],
    [' 2 / 10 ', { index: 2, count: 10 }],
  ])('reads %j', (text, shard) => {
    expect(parseShard(text)).toEqual(shard);
  });

  it.each(['0/2', '3/2', 'a/b', '1/0', '0/0', '1', '1/2/3', '-1/2', '1.5/2', '', '99999999999999999999/99999999999999999999'])('rejects %j as a usage error', (text) => {
    expect(() => parseShard(text)).toThrow(UsageError);
  });
});

describe('shardOf', () => {
  it('puts every path in exactly one shard', () => {
    for (const count of [1, 2, 3, 7]) {
      for (const file of paths) {
        const owners = Array.from({ length: count }, (_, i) => i + 1).filter((index) => inShard(file, { index, count }));
        expect(owners).toEqual([shardOf(file, count)]);
      }
    }
  });

  it('depends on the path alone, so added files move no other', () => {
    const before = new Map(paths.map((file) => [file, shardOf(file, 4)]));
    const more = [...paths, 'a.ts', 'zzz/b.py', ...paths.map((file) => `${file}.new.ts`)];
    for (const file of more) if (before.has(file)) expect(shardOf(file, 4)).toBe(before.get(file));
  });

  it('takes the first four bytes of the SHA-256 of the UTF-8 path, so a file stays in its shard from one version to the next', () => {
    expect(['src/agent.ts', 'packages/café/ä.py', 'a b/😀.mts'].map((file) => [shardOf(file, 7), shardOf(file, 1000)])).toEqual([
      [2, 346],
      [4, 172],
      [7, 250],
    ]);
  });

  it('spreads files evenly enough to be worth splitting', () => {
    const sizes = [0, 0, 0, 0];
    for (const file of paths) sizes[shardOf(file, 4) - 1]!++;
    for (const size of sizes) expect(size).toBeGreaterThan(400);
  });
});
