import { statSync, type Stats } from 'node:fs';
import { maxFileBytes } from './read-source.js';

/**
 * What `--cache` keeps of a discovered file so that a later run need not
 * read it while it is unchanged (docs/cache-and-shards.md): its `stat` as it
 * was read, how it was read (`kind`), and what the first pass learnt from
 * its text. A file the prefilter skipped has no `hash`; what the re-export
 * pass learnt of its text is kept apart (`FactsSection`).
 */
export interface Seen {
  /** `statSignature` of the file when its text was read. */
  stat: string;
  /** `settings`, a frontmatter kind, or `source`: what decides how it is read. */
  kind: string;
  /** A candidate's content hash as `ScanCache.lookup` takes it; absent: the prefilter skipped it. */
  hash?: string;
  /** A candidate's `textState` (its text without a byte order mark), for the analyses that read it as a module. */
  state?: string;
  /** A candidate that may hand the SDK on (the re-export pass's `mayReExportSdk`). */
  reExports?: true;
}

/**
 * How long before the run's start a file's last change must be for its stat
 * to stand for its content. A file written again within its file system's
 * timestamp granularity (a second on ext3 and HFS+, two on FAT; a clock tick
 * on ext4) can keep the same size and times: like git's "racily clean"
 * entries, such a file is read, and hashed, again on the next run.
 */
export const racyMarginMs = 2000;

/**
 * Size, modification and change times (to the fraction of a millisecond
 * the file system keeps) and inode, as git's index compares them. The change
 * time (ctime) is set by the kernel on every write, rename and `chmod`, and
 * cannot be set back by `touch` or `utimes`: a file rewritten with the same
 * size and its mtime restored still differs here.
 */
export function statSignature(stats: Stats): string {
  return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`;
}

/** Whether a stat taken on a run that started at `started` may later stand for the bytes then read. */
export function isSettled(stats: Stats, started: number, margin = racyMarginMs): boolean {
  return stats.isFile() && Math.max(stats.mtimeMs, stats.ctimeMs) < started - margin;
}

/** The file's signature now, if it is a regular file toolgate would read; undefined otherwise. */
export function currentSignature(absolutePath: string): string | undefined {
  try {
    const stats = statSync(absolutePath);
    return stats.isFile() && stats.size <= maxFileBytes ? statSignature(stats) : undefined;
  } catch {
    return undefined;
  }
}

/** Enough of a record's shape to trust it; a damaged one is a miss. */
export function isSeen(value: unknown): value is Seen {
  if (value === null || typeof value !== 'object') return false;
  const seen = value as Record<string, unknown>;
  if (typeof seen.stat !== 'string' || typeof seen.kind !== 'string') return false;
  if (seen.hash === undefined) return seen.state === undefined && seen.reExports === undefined;
  return typeof seen.hash === 'string' && typeof seen.state === 'string' && (seen.reExports === undefined || seen.reExports === true);
}
