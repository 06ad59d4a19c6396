import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** A scanned tree and a user's toolgate folder for `--cache` runs, both new for each test. */
export interface CacheTree {
  /** The scanned folder. */
  readonly dir: string;
  /** toolgate's own per-user folder for the runs ($XDG_CACHE_HOME/toolgate), outside the scanned tree. */
  readonly home: string;
  /** Write `text` at `file` under the scanned folder, parents made. */
  write(file: string, text: string): void;
}

/** Registers a fresh tree holding `files` before each test of the file, removed after it. */
export function cacheTree(name: string, files: Record<string, string>): CacheTree {
  let dir = '';
  let home = '';
  const write = (file: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), `toolgate-${name}-`));
    home = mkdtempSync(path.join(tmpdir(), `toolgate-${name}-home-`));
    for (const [file, text] of Object.entries(files)) write(file, text);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get home() {
      return home;
    },
    write,
  };
}
