import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { cacheSecret, sign, verifies } from './cache-secret.js';
import { factsDigest, FactsSection, mergedFacts, skipFactsOf, type StoredFacts } from './cache-facts.js';
import { currentSignature, isSeen, isSettled, statSignature, type Seen } from './cache-stat.js';
import type { DiscoveredFile } from './discover.js';
import type { SkipFacts } from './re-export-pass.js';
import { withoutBom } from './prefilter.js';
import { readBytes } from './read-source.js';
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
const format = 5;

/**
 * A cache file's first line: this, then the HMAC-SHA256 of the second line
 * (the JSON) under the user's key. The third line, the skipped files' facts
 * (`FactsSection`), is covered by its digest in the JSON.
 */
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

/** The re-export pass's outcome: the skipped files that import a module the SDK may come through. */
interface ReExportEntry {
  /** `reExportInputs`: the modules that may re-export the SDK, and the skipped files, by path. */
  inputs: string;
  importers: string[];
}

interface CacheFile<R> {
  format: number;
  toolgate: string;
  key: string;
  files: Record<string, FileEntry<R>>;
  /** The project pass's groups (`projectGroups`), each reused on its own. */
  groups?: Array<GroupEntry<R>>;
  /** Every discovered file read with a settled stat, by path: unchanged, it is not read again. */
  seen: Record<string, Seen>;
  reExport?: ReExportEntry;
  /** The digest of the facts line (`FactsSection`). */
  facts?: string;
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
  /** @internal `racyMarginMs` by default; tests set 0 to trust the stat of a file written a moment ago. */
  racyMarginMs?: number;
}

/**
 * Results of earlier scans, so an unchanged file is not analysed again
 * (docs/cache-and-shards.md). A result is reused only when the file's
 * content, every file its analysis read (imported modules, settings files,
 * hook scripts, and the paths probed to find them, including ones that did
 * not exist) and the global key are unchanged. Each group of files the
 * project pass analyses together is stored as one entry. Failed files are
 * never stored.
 */
export class ScanCache<Result> {
  /** Why the stored cache was not used, for the user (corrupt, another version). */
  readonly notes: string[] = [];
  private readonly previous: CacheFile<Result> | undefined;
  /** What the re-export pass learnt of each skipped file on the run that wrote the cache: read only when the pass runs. */
  private previousFacts = new FactsSection(undefined, undefined, () => {});
  /** Facts learnt this run; a skipped file `seen` unchanged (its record carried over as it was) keeps the ones kept before. */
  private readonly learntFacts = new Map<string, StoredFacts>();
  private readonly next: CacheFile<Result>;
  private groupsByRoots: Map<string, GroupEntry<Result>> | undefined;
  private readonly hashes = new Map<string, string>();
  /** Each path's state as first seen this run: what the analyses read, never a later read. */
  private readonly states = new Map<string, string>();
  /** Paths seen in two states this run (changed while it ran): no entry that read them is kept. */
  private readonly changed = new Set<string>();
  /** The key that signs the cache file; without one the cache is neither read nor written. */
  private readonly secret: Buffer | undefined;
  /** When this run started, before it read any file: a stat is kept only for a file last changed well before (`isSettled`). */
  private readonly started = Date.now();

  constructor(private readonly options: CacheOptions<Result>) {
    const key = digest(JSON.stringify(options.key));
    this.next = { format, toolgate: options.toolgateVersion, key, files: {}, seen: {} };
    try {
      this.secret = cacheSecret(options.keyFolder);
    } catch (error) {
      this.notes.push(`Not using the cache: its signing key cannot be kept in ${options.keyFolder}: ${(error as Error).message}`);
    }
    this.previous = this.secret && this.load(key, this.secret);
  }

  /**
   * What the first pass learnt of a file on an earlier run, if its stat
   * (size, times, inode) is still the one it had when its text was read: the
   * file is then not read. Only a file the prefilter skipped comes back
   * whole here; a candidate's record goes to `lookupSeen`.
   */
  seen(file: DiscoveredFile): Seen | undefined {
    const seen = this.previous?.seen[file.path];
    if (!isSeen(seen) || seen.kind !== kindOf(file) || currentSignature(file.absolutePath) !== seen.stat) return undefined;
    if (seen.hash === undefined) this.next.seen[file.path] = seen;
    return seen;
  }

  /** A skipped file as the first pass read it (`stats` from that read), with what its bytes told: kept for `seen` when its stat is settled. */
  noteSkipped(file: DiscoveredFile, stats: Stats, facts: SkipFacts): void {
    if (this.isSettled(stats)) this.next.seen[file.path] = { stat: statSignature(stats), kind: kindOf(file) };
    this.learn(file, facts);
  }

  /** What the re-export pass learnt of a skipped file's text, kept with its stat (if kept). */
  learn(file: DiscoveredFile, facts: SkipFacts): void {
    const seen = this.next.seen[file.path];
    if (!seen || seen.hash !== undefined) return;
    const merged = mergedFacts(this.keptFacts(file.path), facts);
    if (merged) this.learntFacts.set(file.path, merged);
  }

  /** The re-export pass's facts of a skipped file `seen` unchanged. */
  factsOf(file: DiscoveredFile): SkipFacts {
    return skipFactsOf(this.keptFacts(file.path));
  }

  private keptFacts(name: string): StoredFacts | undefined {
    const carried = this.previous !== undefined && this.next.seen[name] !== undefined && this.next.seen[name] === this.previous.seen[name];
    return this.learntFacts.get(name) ?? (carried ? this.previousFacts.get(name) : undefined);
  }

  /**
   * The stored outcome of a candidate `seen` unchanged, with its text unread;
   * undefined (and nothing noted) when it must be analysed, which reads it.
   */
  lookupSeen(file: DiscoveredFile, seen: Seen): Stored<Result> | undefined {
    const entry = this.previous?.files[file.path];
    if (seen.hash === undefined || seen.state === undefined || !isEntry(entry) || !this.isStored(entry.stored) || entry.hash !== seen.hash) return undefined;
    this.observeState(file.absolutePath, seen.state);
    if (!this.current(entry)) return undefined;
    this.hashes.set(file.path, seen.hash);
    this.next.seen[file.path] = seen;
    this.next.files[file.path] = entry;
    return entry.stored;
  }

  /**
   * The stored outcome of a file whose text is `text`, if nothing it
   * depended on changed. `read`: the stat of the first pass's read and
   * whether the file may re-export the SDK, kept for `seen`.
   */
  lookup(file: DiscoveredFile, text: string, read?: { stats: Stats; reExports: boolean }): Stored<Result> | undefined {
    const kind = kindOf(file);
    const hash = digest(`${kind}\0${text}`);
    this.hashes.set(file.path, hash);
    // Another file's analysis may read this one as a module: it must see these same bytes.
    const state = textState(file.absolutePath, withoutBom(text));
    this.observeState(file.absolutePath, state);
    if (read && this.isSettled(read.stats)) {
      this.next.seen[file.path] = { stat: statSignature(read.stats), kind, hash, state, ...(read.reExports ? { reExports: true as const } : {}) };
    }
    const entry = this.previous?.files[file.path];
    if (!isEntry(entry) || !this.isStored(entry.stored) || entry.hash !== hash || !this.current(entry)) return undefined;
    this.next.files[file.path] = entry;
    return entry.stored;
  }

  /**
   * The re-export pass's importers as an earlier run found them, when its
   * inputs are the same and `unchanged` (every skipped file was `seen`, so
   * none was read, nor changed).
   */
  lookupReExports(inputs: string, unchanged: boolean): string[] | undefined {
    const stored = this.previous?.reExport;
    if (!unchanged || !isObject(stored) || stored.inputs !== inputs || !Array.isArray(stored.importers)) return undefined;
    if (!stored.importers.every((name) => typeof name === 'string')) return undefined;
    this.next.reExport = stored;
    return stored.importers;
  }

  storeReExports(inputs: string, importers: string[]): void {
    this.next.reExport = { inputs, importers };
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

  /**
   * The stored results of every file of the project pass, when the groups
   * stored last time hold exactly these files and none of them nor anything
   * they read changed: the groups need not be worked out again (which takes
   * the parsers), since nothing they were worked out from changed.
   */
  lookupAllGroups(files: readonly DiscoveredFile[]): Map<string, Result> | undefined {
    const groups = this.previous?.groups;
    const roots = this.rootsOf(files);
    if (!Array.isArray(groups) || groups.length === 0 || !roots || !groups.every((group) => this.reusable(group))) return undefined;
    const covered = groups.flatMap((group) => Object.entries(group.roots));
    if (covered.length !== Object.keys(roots).length || !covered.every(([name, hash]) => roots[name] === hash)) return undefined;
    this.next.groups = [...groups];
    return new Map(groups.flatMap((group) => Object.entries(group.results)));
  }

  /** The stored results of one group analysed together, if it was stored with exactly these files and none of them nor anything it read changed. */
  lookupGroup(files: readonly DiscoveredFile[]): Map<string, Result> | undefined {
    const roots = this.rootsOf(files);
    const group = roots && this.storedGroups().get(JSON.stringify(roots));
    if (!group || !this.reusable(group)) return undefined;
    (this.next.groups ??= []).push(group);
    return new Map(Object.entries(group.results));
  }

  storeGroup(files: readonly DiscoveredFile[], results: ReadonlyMap<string, Result>, reads: Iterable<string>): void {
    const roots = this.rootsOf(files);
    if (!roots) return;
    (this.next.groups ??= []).push({ roots, deps: this.statesOf(reads), ...this.dayOf([...results.values()]), results: Object.fromEntries(results) });
  }

  /** The stored groups by their files (`rootsOf`, as JSON), worked out once: a tree of many groups looks each one up. */
  private storedGroups(): Map<string, GroupEntry<Result>> {
    if (this.groupsByRoots) return this.groupsByRoots;
    const groups = this.previous?.groups;
    this.groupsByRoots = new Map(Array.isArray(groups) ? groups.filter(isObject).map((group) => [JSON.stringify(group.roots), group]) : []);
    return this.groupsByRoots;
  }

  private reusable(group: GroupEntry<Result>): boolean {
    return (
      isEntry(group) &&
      isObject(group.roots) &&
      Object.values(group.roots).every((hash) => typeof hash === 'string') &&
      isObject(group.results) &&
      Object.values(group.results).every(this.options.isResult) &&
      this.current(group)
    );
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
    // A warm run of an unchanged tree: what is there already says all this one would.
    if (this.sameAsBefore()) return;
    const facts = JSON.stringify(this.factsToKeep());
    const body = JSON.stringify({ ...this.next, facts: factsDigest(facts) });
    const temporary = `${this.options.file}.${randomBytes(8).toString('hex')}.tmp`;
    try {
      mkdirSync(path.dirname(this.options.file), { recursive: true });
      writeFileSync(temporary, `${header}${sign(this.secret, body)}\n${body}\n${facts}`, { flag: 'wx', mode: 0o600 });
      renameSync(temporary, this.options.file);
    } catch (error) {
      removeQuietly(temporary);
      this.notes.push(`Could not write the cache ${this.options.file}: ${(error as Error).message}`);
    }
  }

  /** The facts of each skipped file whose stat is kept: learnt this run, or kept before and still true (the file unchanged). */
  private factsToKeep(): Record<string, StoredFacts> {
    const facts: Record<string, StoredFacts> = {};
    for (const [name, seen] of Object.entries(this.next.seen)) {
      const kept = seen.hash === undefined ? this.keptFacts(name) : undefined;
      if (kept) facts[name] = kept;
    }
    return facts;
  }

  /** Entries that read a path which changed during the run were made from one of its versions, maybe not the one stored. */
  private dropChanged(): void {
    const touches = (entry: { deps: States }): boolean => Object.keys(entry.deps).some((file) => this.changed.has(file));
    for (const [name, entry] of Object.entries(this.next.files)) if (touches(entry)) delete this.next.files[name];
    if (this.next.groups) this.next.groups = this.next.groups.filter((group) => !touches(group));
  }

  /** Whether every entry of this run was taken as it was from the stored cache, and none dropped. */
  private sameAsBefore(): boolean {
    const before = this.previous;
    if (!before) return false;
    const same = (now: Record<string, unknown>, then: Record<string, unknown>): boolean =>
      Object.keys(now).length === Object.keys(then).length && Object.entries(now).every(([name, entry]) => then[name] === entry);
    return (
      same(this.next.files, before.files) &&
      same(this.next.seen, before.seen) &&
      this.learntFacts.size === 0 &&
      sameItems(this.next.groups ?? [], before.groups ?? []) &&
      this.next.reExport === before.reExport
    );
  }

  private load(key: string, secret: Buffer): CacheFile<Result> | undefined {
    let bytes: Buffer;
    try {
      bytes = readBytes(this.options.file);
    } catch {
      return undefined; // No cache yet.
    }
    const ignore = (why: string): undefined => void this.notes.push(`Ignoring the cache ${this.options.file}: ${why}; it will be rewritten.`);
    const newline = bytes.indexOf(0x0a);
    const first = newline === -1 ? '' : bytes.toString('latin1', 0, newline);
    const signature = first.startsWith(header) ? /^([0-9a-f]{64})$/.exec(first.slice(header.length))?.[1] : undefined;
    if (signature === undefined) return ignore('it is not a toolgate cache or is damaged');
    const end = bytes.indexOf(0x0a, newline + 1);
    const body = bytes.toString('utf8', newline + 1, end === -1 ? bytes.length : end);
    // A copy: `readBytes` hands out a shared buffer, and the facts are read, if at all, after other files.
    const facts = end === -1 ? undefined : Buffer.from(bytes.subarray(end + 1));
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
    if (!isObject(data.seen)) return ignore('it is not a toolgate cache or is damaged');
    // Another config or scan root: every result may differ, so none is used.
    if (data.key !== key) return undefined;
    this.previousFacts = new FactsSection(facts, data.facts, () => ignore('what it kept of the skipped files is damaged'));
    return data as CacheFile<Result>;
  }

  private isSettled(stats: Stats): boolean {
    return isSettled(stats, this.started, this.options.racyMarginMs);
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

/** How a discovered file is read: part of its hash, since the same bytes read otherwise give other results. */
function kindOf(file: DiscoveredFile): string {
  return file.settings ? 'settings' : (file.frontmatter ?? 'source');
}

/** What the re-export pass depends on besides the skipped files' texts: the modules that may re-export the SDK, and which files were skipped. */
export function reExportInputs(reExporters: readonly string[], skipped: readonly string[]): string {
  return digest(JSON.stringify([[...reExporters].sort(), [...skipped].sort()]));
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
/** The same entries, taken as they were, in the same order. */
function sameItems(now: readonly unknown[], then: readonly unknown[]): boolean {
  return now.length === then.length && now.every((entry, index) => entry === then[index]);
}

function isEntry<Entry extends { deps: States }>(entry: Entry | undefined): entry is Entry {
  return isObject(entry) && isObject(entry.deps) && Object.values(entry.deps).every((state) => typeof state === 'string');
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}
