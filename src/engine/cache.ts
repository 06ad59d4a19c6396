import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheSecret, sign, verifies } from './cache-secret.js';
import type { DiscoveredFile } from './discover.js';
import { withoutBom } from './prefilter.js';
import { readTextFile } from './read-source.js';
import { readSource } from './sources.js';

/** Where `--cache` keeps results by default, at the scan root (like ESLint's `.eslintcache`). */
export const defaultCacheFile = '.toolgatecache';

/** `--cache-location`: a file, or a folder (existing, or written with a trailing slash) to put `.toolgatecache` in. */
export function cacheFile(cwd: string, location = defaultCacheFile): string {
  const resolved = path.resolve(cwd, location);
  return /[\\/]$/.test(location) || isDirectory(resolved) ? path.join(resolved, defaultCacheFile) : resolved;
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Bumped when the file's layout changes: an older file is then ignored. */
const format = 2;

/** A cache file's first line: this, then the HMAC-SHA256 of the rest (the JSON) under the user's key. */
const header = 'toolgate-cache ';

/** What a file's first pass came to: its checked result, or "needs the project pass". */
export type Stored<R> = { deferred: true } | { result: R };

/** A path's state when a result was stored: a content hash, `dir`, or `missing`. */
type States = Record<string, string>;

interface FileEntry<R> {
  hash: string;
  deps: States;
  /** Set when the result holds a suppression with an expiry date: it is only good on this day. */
  day?: string;
  stored: Stored<R>;
}

interface GroupEntry<R> {
  /** The files analysed together, by path, with their content hashes. */
  roots: Record<string, string>;
  deps: States;
  day?: string;
  results: Record<string, R>;
}

interface CacheFile<R> {
  format: number;
  toolgate: string;
  key: string;
  files: Record<string, FileEntry<R>>;
  group?: GroupEntry<R>;
}

export interface CacheOptions<Result> {
  /** The cache file, absolute. */
  file: string;
  toolgateVersion: string;
  /** Everything besides the files that decides a result: scan root, rules, their severities and options. */
  key: unknown;
  /** Today as `YYYY-MM-DD`, for results that hold dated suppressions. */
  today: string;
  /** Whether a result depends on the day (holds a suppression with an expiry date). */
  isDated: (result: Result) => boolean;
  /** Whether a stored value has a result's shape: a damaged one is a miss, never a crash. */
  isResult: (value: unknown) => value is Result;
  /** toolgate's own per-user folder, which holds the key that signs cache files (`toolFolder`). */
  keyFolder: string;
}

/**
 * Results of earlier scans, so an unchanged file is not analysed again
 * (docs/cache-and-shards.md). A result is reused only when the file's
 * content, every file its analysis read (imported modules, settings files,
 * hook scripts, and the paths probed to find them, including ones that did
 * not exist) and the global key are unchanged. Files analysed together in the
 * project pass are stored as one group. Failed files are never stored.
 */
export class ScanCache<Result> {
  /** Why the stored cache was not used, for the user (corrupt, another version). */
  readonly notes: string[] = [];
  private readonly previous: CacheFile<Result> | undefined;
  private readonly next: CacheFile<Result>;
  private readonly hashes = new Map<string, string>();
  /** Each path's state as first seen this run: what the analyses read, never a later read. */
  private readonly states = new Map<string, string>();
  /** Paths seen in two states this run (changed while it ran): no entry that read them is kept. */
  private readonly changed = new Set<string>();
  /** The key that signs the cache file; without one the cache is neither read nor written. */
  private readonly secret: Buffer | undefined;

  constructor(private readonly options: CacheOptions<Result>) {
    const key = digest(JSON.stringify(options.key));
    this.next = { format, toolgate: options.toolgateVersion, key, files: {} };
    try {
      this.secret = cacheSecret(options.keyFolder);
    } catch (error) {
      this.notes.push(`Not using the cache: its signing key cannot be kept in ${options.keyFolder}: ${(error as Error).message}`);
    }
    this.previous = this.secret && this.load(key, this.secret);
  }

  /** The stored outcome of a file whose text is `text`, if nothing it depended on changed. */
  lookup(file: DiscoveredFile, text: string): Stored<Result> | undefined {
    const hash = digest(`${file.settings ? 'settings' : (file.frontmatter ?? 'source')}\0${text}`);
    this.hashes.set(file.path, hash);
    // Another file's analysis may read this one as a module: it must see these same bytes.
    this.observe(file.absolutePath, withoutBom(text));
    const entry = this.previous?.files[file.path];
    if (!isEntry(entry) || !this.isStored(entry.stored) || entry.hash !== hash || !this.current(entry)) return undefined;
    this.next.files[file.path] = entry;
    return entry.stored;
  }

  /**
   * What an analysis read at `file` (undefined: nothing readable there). A
   * result depends on the text it was made from, so that text's state is
   * stored with it, never that of a later read: a file changed while the
   * scan runs leaves no entry that a later run would trust.
   */
  observe(file: string, text: string | undefined, refused = false): void {
    this.observeState(file, textState(file, text, refused));
  }

  /** `observe` with the state already taken (`textState`, on a worker thread). */
  observeState(file: string, state: string): void {
    const seen = this.states.get(file);
    if (seen === undefined) this.states.set(file, state);
    else if (seen !== state) this.changed.add(file);
  }

  /** Keep a file's outcome; `reads` are the absolute paths its analysis read or probed. */
  store(file: DiscoveredFile, stored: Stored<Result>, reads: Iterable<string>): void {
    const hash = this.hashes.get(file.path);
    if (hash === undefined) return;
    this.next.files[file.path] = { hash, deps: this.statesOf(reads), ...this.dayOf('result' in stored ? [stored.result] : []), stored };
  }

  /** The stored results of files analysed together, if none of them nor anything they read changed. */
  lookupGroup(files: readonly DiscoveredFile[]): Map<string, Result> | undefined {
    const group = this.previous?.group;
    const roots = this.rootsOf(files);
    if (!isEntry(group) || !isObject(group.results) || !roots || JSON.stringify(group.roots) !== JSON.stringify(roots)) return undefined;
    if (!Object.values(group.results).every(this.options.isResult) || !this.current(group)) return undefined;
    this.next.group = group;
    return new Map(Object.entries(group.results));
  }

  storeGroup(files: readonly DiscoveredFile[], results: ReadonlyMap<string, Result>, reads: Iterable<string>): void {
    const roots = this.rootsOf(files);
    if (!roots) return;
    this.next.group = { roots, deps: this.statesOf(reads), ...this.dayOf([...results.values()]), results: Object.fromEntries(results) };
  }

  /**
   * Write what this run used and made, and nothing else (entries of deleted
   * files go). Written to a temporary file and renamed, so a reader never sees
   * half a cache. The temporary file has a random name and is created
   * exclusively (`wx`): a link planted under a predictable name would have
   * made the write land outside the tree. Failing to write is a note, never
   * a failed scan.
   */
  save(): void {
    if (!this.secret) return;
    this.dropChanged();
    const body = JSON.stringify(this.next);
    const temporary = `${this.options.file}.${randomBytes(8).toString('hex')}.tmp`;
    try {
      mkdirSync(path.dirname(this.options.file), { recursive: true });
      writeFileSync(temporary, `${header}${sign(this.secret, body)}\n${body}`, { flag: 'wx', mode: 0o600 });
      renameSync(temporary, this.options.file);
    } catch (error) {
      removeQuietly(temporary);
      this.notes.push(`Could not write the cache ${this.options.file}: ${(error as Error).message}`);
    }
  }

  /** Entries that read a path which changed during the run were made from one of its versions, maybe not the one stored. */
  private dropChanged(): void {
    const touches = (entry: { deps: States }): boolean => Object.keys(entry.deps).some((file) => this.changed.has(file));
    for (const [name, entry] of Object.entries(this.next.files)) if (touches(entry)) delete this.next.files[name];
    if (this.next.group && touches(this.next.group)) delete this.next.group;
  }

  private load(key: string, secret: Buffer): CacheFile<Result> | undefined {
    let text: string;
    try {
      text = readTextFile(this.options.file);
    } catch {
      return undefined; // No cache yet.
    }
    const ignore = (why: string): undefined => void this.notes.push(`Ignoring the cache ${this.options.file}: ${why}; it will be rewritten.`);
    const newline = text.indexOf('\n');
    const signature = newline === -1 || !text.startsWith(header) ? undefined : /^([0-9a-f]{64})$/.exec(text.slice(header.length, newline))?.[1];
    if (signature === undefined) return ignore('it is not a toolgate cache or is damaged');
    const body = text.slice(newline + 1);
    // A cache that came with the scanned files (committed, or written by their build) cannot be signed with the user's key.
    if (!verifies(secret, body, signature)) return ignore('it is damaged, or not signed with your toolgate key (written by another user or machine, or came with the files scanned)');
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      data = undefined;
    }
    if (!isCacheFile(data)) return ignore('it is not a toolgate cache or is damaged');
    if (data.format !== format || data.toolgate !== this.options.toolgateVersion) return ignore(`it was written by toolgate ${data.toolgate}`);
    // Another config or scan root: every result may differ, so none is used.
    return data.key === key ? (data as CacheFile<Result>) : undefined;
  }

  private isStored(stored: unknown): stored is Stored<Result> {
    return isObject(stored) && ('deferred' in stored ? stored.deferred === true : 'result' in stored && this.options.isResult(stored.result));
  }

  private current(entry: { deps: States; day?: string }): boolean {
    if (entry.day !== undefined && entry.day !== this.options.today) return false;
    return Object.entries(entry.deps).every(([file, state]) => this.stateOf(file) === state);
  }

  private rootsOf(files: readonly DiscoveredFile[]): Record<string, string> | undefined {
    const roots: Record<string, string> = {};
    for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      const hash = this.hashes.get(file.path);
      if (hash === undefined) return undefined;
      roots[file.path] = hash;
    }
    return roots;
  }

  private dayOf(results: readonly Result[]): { day?: string } {
    return results.some((result) => this.options.isDated(result)) ? { day: this.options.today } : {};
  }

  private statesOf(reads: Iterable<string>): States {
    const states: States = {};
    for (const file of [...new Set(reads)].sort()) states[file] = this.stateOf(file);
    return states;
  }

  /** As first seen this run (`observe`), else read now: a file read by many analyses is hashed once. */
  private stateOf(file: string): string {
    let state = this.states.get(file);
    if (state === undefined) {
      const { text, refused } = readSource(file);
      state = textState(file, text, refused !== undefined);
      this.states.set(file, state);
    }
    return state;
  }
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Nothing was written there.
  }
}

/**
 * A path's state from its text as read (`readSource`: without a byte order
 * mark, undefined when nothing readable is there): a content hash,
 * `refused` (there, but a device, a FIFO, too large: it must be reported
 * again, so it never matches `missing`), `dir` or `missing`.
 */
export function textState(file: string, text: string | undefined, refused = false): string {
  if (text !== undefined) return digest(text);
  if (refused) return 'refused';
  try {
    return statSync(file).isDirectory() ? 'dir' : 'missing';
  } catch {
    return 'missing';
  }
}

function digest(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function isCacheFile(data: unknown): data is CacheFile<unknown> {
  if (!isObject(data)) return false;
  const file = data as Partial<CacheFile<unknown>>;
  return typeof file.format === 'number' && typeof file.toolgate === 'string' && typeof file.key === 'string' && isObject(file.files);
}

/** Enough of an entry's shape to use it; a damaged one is a miss. */
function isEntry<Entry extends { deps: States }>(entry: Entry | undefined): entry is Entry {
  return isObject(entry) && isObject(entry.deps) && Object.values(entry.deps).every((state) => typeof state === 'string');
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}
