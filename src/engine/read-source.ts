import { closeSync, openSync, readSync } from 'node:fs';

/** One buffer for every read: most sources fit, so nothing is allocated per file. It grows to the largest file. */
let buffer = Buffer.allocUnsafe(1 << 16);

/**
 * A whole file's bytes, read synchronously into the shared buffer: on a tree
 * of small files, open/read/close on the calling thread is several times
 * faster than `fs/promises`, whose every step is a trip through libuv's
 * thread pool. The view is valid until the next call. Throws as `readFileSync` does.
 */
export function readBytes(absolutePath: string): Buffer {
  const descriptor = openSync(absolutePath, 'r');
  try {
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) return buffer.subarray(0, length);
      length += read;
    }
  } finally {
    closeSync(descriptor);
  }
}
