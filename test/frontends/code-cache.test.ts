import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { optOutVariable, requireWithCodeCache } from '../../src/frontends/typescript/code-cache.cjs';

const work = mkdtempSync(path.join(tmpdir(), 'toolgate-code-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

const require = createRequire(import.meta.url);
let count = 0;

/** A small CommonJS module in a folder of its own, with an empty cache folder beside it. */
function fixture(source = "const path = require('node:path');\nmodule.exports = { answer: 42, name: path.basename(__filename), self: this === exports };\n") {
  const folder = path.join(work, `case-${count++}`);
  mkdirSync(folder);
  const file = path.join(folder, 'module.cjs');
  writeFileSync(file, source);
  return { file, cacheDir: path.join(folder, '.cache') };
}

/** Load `file` as a fresh process would: not from require.cache. */
function loadAgain(file: string, cacheDir: string) {
  delete require.cache[file];
  return requireWithCodeCache(file, cacheDir);
}

const cacheFileIn = (cacheDir: string): string => path.join(cacheDir, readdirSync(cacheDir).find((name) => name.endsWith('.v8cache'))!);

describe('requireWithCodeCache', () => {
  it('loads the module as require does, and writes the cache on the first load', () => {
    const { file, cacheDir } = fixture();
    const loaded = requireWithCodeCache(file, cacheDir);
    expect(loaded).toEqual({ exports: { answer: 42, name: 'module.cjs', self: true }, cache: 'written' });
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^module\.cjs-[0-9a-f]{8}\.v8cache$/)]);
    // Now in require.cache: require returns the same object, and a second call compiles nothing.
    expect(require(file)).toBe(loaded.exports);
    expect(requireWithCodeCache(file, cacheDir)).toEqual({ exports: loaded.exports, cache: 'off' });
  });

  it('uses the cache on the next load, and leaves it as it is', () => {
    const { file, cacheDir } = fixture();
    requireWithCodeCache(file, cacheDir);
    const written = readFileSync(cacheFileIn(cacheDir));
    expect(loadAgain(file, cacheDir)).toEqual({ exports: { answer: 42, name: 'module.cjs', self: true }, cache: 'used' });
    expect(readFileSync(cacheFileIn(cacheDir)).equals(written)).toBe(true);
  });

  it.each([
    ['garbage', (data: Buffer) => Buffer.from('not a cache\n' + 'x'.repeat(data.length))],
    ['truncated', (data: Buffer) => data.subarray(0, data.length - 20)],
    ['cut after its key', (data: Buffer) => data.subarray(0, data.indexOf(0x0a) + 1)],
    // V8 checks the length of the bytecode but not its checksum: this must never reach it.
    ['damaged inside the bytecode', (data: Buffer) => Buffer.from(data).fill(0x41, data.length - 64, data.length - 32)],
  ])('ignores a %s cache file and replaces it', (_, damage) => {
    const { file, cacheDir } = fixture();
    requireWithCodeCache(file, cacheDir);
    const cacheFile = cacheFileIn(cacheDir);
    const good = readFileSync(cacheFile);
    writeFileSync(cacheFile, damage(good));
    expect(loadAgain(file, cacheDir)).toEqual({ exports: { answer: 42, name: 'module.cjs', self: true }, cache: 'written' });
    expect(loadAgain(file, cacheDir).cache).toBe('used');
  });

  it('does not reuse the bytecode of an earlier version of the file with the same length', () => {
    // V8 itself checks only the source's length.
    const { file, cacheDir } = fixture('module.exports = { version: 1 };\n');
    requireWithCodeCache(file, cacheDir);
    const { mtime } = statSync(file);
    writeFileSync(file, 'module.exports = { version: 2 };\n');
    utimesSync(file, mtime, new Date(mtime.getTime() + 1000));
    expect(loadAgain(file, cacheDir)).toEqual({ exports: { version: 2 }, cache: 'written' });
  });

  it('still loads when the cache folder cannot be written', () => {
    const { file, cacheDir } = fixture();
    // A file where the folder would be: mkdir fails, even for root.
    writeFileSync(cacheDir, '');
    expect(requireWithCodeCache(file, path.join(cacheDir, 'inner'))).toEqual({ exports: { answer: 42, name: 'module.cjs', self: true }, cache: 'not written' });
  });

  it(`is off when ${optOutVariable} is set`, () => {
    vi.stubEnv(optOutVariable, '1');
    const { file, cacheDir } = fixture();
    expect(requireWithCodeCache(file, cacheDir)).toEqual({ exports: { answer: 42, name: 'module.cjs', self: true }, cache: 'off' });
    expect(() => readdirSync(cacheDir)).toThrow(/ENOENT/);
  });

  it("throws the module's own error, and keeps no half-loaded module", () => {
    const { file, cacheDir } = fixture("exports.started = true;\nthrow new Error('broken module');\n");
    expect(() => requireWithCodeCache(file, cacheDir)).toThrow('broken module');
    expect(require.cache[file]).toBeUndefined();
  });

  it('leaves a file it cannot compile to require, which reports it', () => {
    const { file, cacheDir } = fixture('module.exports = {;\n');
    expect(() => requireWithCodeCache(file, cacheDir)).toThrow(SyntaxError);
  });
});
