import { hash } from 'node:crypto';
import { UsageError } from './errors.js';

/** One of `count` parts of a scan: `--shard <index>/<count>`, 1-based like Jest's and Playwright's. */
export interface Shard {
  index: number;
  count: number;
}

export const shardFormat = 'Expected <index>/<count> with 1 <= index <= count, e.g. 1/4.';

/** Read `i/n` (1 ≤ i ≤ n); anything else is a usage error. */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new UsageError(`Invalid shard '${text}'. ${shardFormat}`);
  }
  return { index, count };
}

/**
 * The shard a file belongs to: a hash of its path relative to the scan root,
 * so it depends on nothing else. Adding or removing other files never moves
 * a file; renaming it or changing the count may.
 */
export function shardOf(relativePath: string, count: number): number {
  // The first four bytes of the SHA-256 of the UTF-8 path. One-shot `hash`, as
  // hex: several times faster than a `Hash` object per file.
  return (Number.parseInt(hash('sha256', relativePath, 'hex').slice(0, 8), 16) % count) + 1;
}

export function inShard(relativePath: string, shard: Shard): boolean {
  return shardOf(relativePath, shard.count) === shard.index;
}

export function describeShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}
