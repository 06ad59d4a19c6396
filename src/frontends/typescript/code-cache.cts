// `require` of one large CommonJS file with a V8 code cache, as Node 22's
// `module.enableCompileCache` does for every module (Node 20 has none):
// compiling the 9 MB TypeScript compiler costs about 0.2 s of every scan that
// meets agent code; with its bytecode from the last run, under 0.1 s.
import { isAscii } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * What the code cache did for one load (tests and measurements read it):
 * `off` when it took no part (turned off, the module already loaded, or a
 * file it could not read, left to `require` to report).
 */
export type CodeCacheUse = 'used' | 'written' | 'not written' | 'off';

export interface LoadedModule {
  exports: unknown;
  cache: CodeCacheUse;
}

/** Set to a non-empty value, it turns the code cache off: every load compiles afresh. */
export const optOutVariable = 'TOOLGATE_NO_CODE_CACHE';

/**
 * `require(file)`, compiled with the bytecode cached in `cacheDir` when it
 * matches, and that cache (re)written otherwise. The module lands in
 * `require.cache` as `require` would put it, so a later `require(file)`
 * returns the same exports. The cache never makes a load fail: any problem
 * with it means a plain compile, and an unwritable `cacheDir` is skipped.
 */
export function requireWithCodeCache(file: string, cacheDir: string): LoadedModule {
  const require = createRequire(file);
  const loaded = require.cache[file];
  if (loaded) return { exports: loaded.exports, cache: 'off' };
  if (process.env[optOutVariable]) return { exports: require(file), cache: 'off' };
  let prepared: Prepared;
  try {
    prepared = prepare(file, cacheDir);
  } catch {
    return { exports: require(file), cache: 'off' };
  }
  const module = new Module(file);
  module.filename = file;
  require.cache[file] = module;
  try {
    const wrapper = prepared.script.runInThisContext() as (...args: unknown[]) => void;
    wrapper.call(module.exports, module.exports, require, module, file, path.dirname(file));
  } catch (error) {
    // As `require` does: a module that failed is not kept, so a retry runs it again.
    delete require.cache[file];
    throw error;
  }
  module.loaded = true;
  return { exports: module.exports, cache: prepared.accepted ? 'used' : writeCache(prepared) };
}

interface Prepared {
  script: vm.Script;
  accepted: boolean;
  cacheFile: string;
  header: Buffer;
}

/** Compile `file` as Node.js wraps a CommonJS module, with the cached bytecode if it is for this very file and process. */
function prepare(file: string, cacheDir: string): Prepared {
  const source = readSource(file);
  const header = Buffer.from(`${cacheKey(file)}\n`);
  const cacheFile = path.join(cacheDir, `${path.basename(file)}-${shortHash(file)}.v8cache`);
  const cachedData = readCache(cacheFile, header);
  // One line with the source's first line, so line numbers in stack traces stay right.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, ...(cachedData ? { cachedData } : {}) });
  return { script, accepted: cachedData !== undefined && !script.cachedDataRejected, cacheFile, header };
}

/**
 * The file's text. The compiler is ASCII throughout: read as Latin-1 it is
 * the same string, and checking that and decoding its 9 MB take about 18 ms
 * where decoding it as UTF-8 takes 30 to 40.
 */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * What the bytecode depends on besides the source's length (all V8 checks of
 * the source itself): the file (an update with the same length must not reuse
 * it), Node.js and V8, the machine, and the flags that can change V8's code.
 */
function cacheKey(file: string): string {
  const { size, mtimeMs } = statSync(file);
  const flags = [...process.execArgv, process.env['NODE_OPTIONS'] ?? ''].join(' ');
  return JSON.stringify(['toolgate code cache 1', file, size, mtimeMs, process.version, process.arch, flags]);
}

function shortHash(text: string): string {
  return (crc32(text) >>> 0).toString(16).padStart(8, '0');
}

/**
 * The cache file is the key line, a line with the checksum of the bytecode,
 * then the bytecode. V8 checks that bytecode is for a source of this length
 * and this V8, but not its checksum (release builds): a damaged file must not
 * reach it.
 */
function readCache(cacheFile: string, header: Buffer): Buffer | undefined {
  let contents: Buffer;
  try {
    contents = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  if (!contents.subarray(0, header.length).equals(header)) return undefined;
  const sumEnd = contents.indexOf(0x0a, header.length);
  if (sumEnd < 0) return undefined;
  const data = contents.subarray(sumEnd + 1);
  return data.length > 0 && contents.toString('latin1', header.length, sumEnd) === checksum(data) ? data : undefined;
}

function checksum(data: Buffer): string {
  return (crc32(data) >>> 0).toString(16);
}

/**
 * Taken after the module has run, so the bytecode also holds the functions
 * its first run compiled. Written to a new file and renamed over the old: a
 * scan running at the same time reads the old file or the new one, never
 * half of one.
 */
function writeCache({ script, cacheFile, header }: Prepared): CodeCacheUse {
  const temporary = `${cacheFile}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const data = script.createCachedData();
    mkdirSync(path.dirname(cacheFile), { recursive: true });
    writeFileSync(temporary, Buffer.concat([header, Buffer.from(`${checksum(data)}\n`, 'latin1'), data]));
    renameSync(temporary, cacheFile);
    return 'written';
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing more to do: a stray temporary file is harmless.
    }
    return 'not written';
  }
}
