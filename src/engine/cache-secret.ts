import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { readTextFile } from './read-source.js';

/**
 * toolgate's own per-user folder, outside any scanned tree:
 * `$XDG_CACHE_HOME/toolgate`, else `~/.cache/toolgate` (as ruff and pip use
 * the XDG cache folder).
 */
export function toolFolder(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(env.HOME || homedir(), '.cache');
  return path.join(base, 'toolgate');
}

const keyName = 'cache-key';

/**
 * The secret that signs `--cache` files, kept in `folder` (created 0700, the
 * key 0600, exclusively, on first use). A cache that came with the scanned
 * repository cannot be signed with it, so it is never trusted. Throws, with
 * a message for the user, when the key cannot be made or is not private
 * (a link, someone else's, readable or writable by others).
 */
export function cacheSecret(folder: string): Buffer {
  const file = path.join(folder, keyName);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stats = lstatSync(file);
  const owner = process.getuid?.();
  if (!stats.isFile()) throw new Error(`${file} is not a regular file`);
  if ((owner !== undefined && stats.uid !== owner) || (process.platform !== 'win32' && (stats.mode & 0o077) !== 0)) {
    throw new Error(`${file} must belong to you and be readable by you alone (mode 0600)`);
  }
  const key = readTextFile(file, 1024).trim();
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`${file} does not hold a toolgate key; delete it to make a new one`);
  return Buffer.from(key, 'hex');
}

/** The signature of a cache file's body. */
export function sign(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Whether `signature` is the body's, compared in constant time. */
export function verifies(secret: Buffer, body: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
