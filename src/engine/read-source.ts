import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/**
 * The largest file toolgate reads: a source, settings file, hook script,
 * config, `.gitignore` or cache over it is refused (and a source so refused
 * is reported as not checked, never skipped). Far above any hand-written
 * file; it keeps a planted file from exhausting memory.
 */
export const maxFileBytes = 32 * 1024 * 1024;

/** Why a file was not read: not a regular file, or larger than `maxFileBytes`. */
export class ReadRefused extends Error {
  readonly code = 'EREFUSED';
}

/** One buffer for every read: most sources fit, so nothing is allocated per file. It grows to the largest file. */
let buffer = Buffer.allocUnsafe(1 << 16);

// O_NONBLOCK: opening a FIFO neither waits for a writer nor lets a read block.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * A whole file's bytes, read synchronously into the shared buffer: on a tree
 * of small files, open/read/close on the calling thread is several times
 * faster than `fs/promises`, whose every step is a trip through libuv's
 * thread pool. The view is valid until the next call. The one reader of
 * every file toolgate reads: symbolic links are followed, and what is then
 * not a regular file (a device such as `/dev/zero`, `/dev/stdin`, a FIFO, a
 * socket) or is larger than `maxFileBytes` is refused with `ReadRefused`.
 * Otherwise throws as `readFileSync` does. `onStats` hears the opened
 * file's `fstat`, taken before its bytes are read (`--cache` keeps it).
 */
export function readBytes(absolutePath: string, limit = maxFileBytes, onStats?: (stats: Stats) => void): Buffer {
  const descriptor = openSync(absolutePath, openFlags);
  try {
    // The opened file itself, so nothing can be swapped in between a check and the read.
    const stats = fstatSync(descriptor);
    if (stats.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read`), { code: 'EISDIR' });
    if (!stats.isFile()) throw new ReadRefused('Cannot read file: it is not a regular file (a device, FIFO or socket)');
    if (stats.size > limit) throw tooLarge(limit);
    onStats?.(stats);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const read = readSync(descriptor, buffer, length, Math.min(buffer.length, limit + 1) - length, null);
      if (read === 0) return buffer.subarray(0, length);
      length += read;
      // It grew while being read.
      if (length > limit) throw tooLarge(limit);
    }
  } finally {
    closeSync(descriptor);
  }
}

/** `readBytes` as UTF-8 text (a fresh string, so it outlives the shared buffer). */
export function readTextFile(absolutePath: string, limit = maxFileBytes): string {
  return readBytes(absolutePath, limit).toString('utf8');
}

function tooLarge(limit: number): ReadRefused {
  return new ReadRefused(`Cannot read file: it is larger than ${limit / (1024 * 1024)} MiB, the most toolgate reads`);
}
