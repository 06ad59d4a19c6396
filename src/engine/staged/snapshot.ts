import path from 'node:path';
import { UsageError } from '../errors.js';
import { maxFileBytes } from '../read-source.js';
import { git, readBlobs, records } from './git.js';

/** A regular file of a snapshot: its blob. */
export interface Entry {
  oid: string;
}

/**
 * The files of the project as one state of git holds them (the index, or
 * the index with the staged paths as HEAD has them), read blob by blob on
 * demand: nothing is checked out. Paths are relative to the repository, with `/`.
 */
export class Snapshot {
  private readonly blobs = new Map<string, Buffer>();
  private folderSet: Set<string> | undefined;
  private claudeSet: Set<string> | undefined;

  constructor(
    readonly repository: string,
    readonly entries: ReadonlyMap<string, Entry>,
    /** Files whose working-tree copy git does not compare with the index (assume-unchanged, skip-worktree): searched in the index itself. */
    readonly unwatched: ReadonlySet<string> = new Set(),
  ) {}

  has(file: string): boolean {
    return this.entries.has(file);
  }

  /** Whether some file lies in `folder` (`.` or `''` is the top). */
  isFolder(folder: string): boolean {
    return folder === '' || folder === '.' || this.folders().has(folder);
  }

  /** Every folder holding a file, at any depth. */
  folders(): ReadonlySet<string> {
    if (!this.folderSet) {
      this.folderSet = new Set();
      // Up from each file's folder until one already known (its own folders are then known): in git's sorted order, most files stop at once.
      for (const file of this.entries.keys()) {
        for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
          const folder = file.slice(0, at);
          if (this.folderSet.has(folder)) break;
          this.folderSet.add(folder);
        }
      }
    }
    return this.folderSet;
  }

  /**
   * Every folder named `.claude` that holds a file, at any depth: what
   * settings are found by. Cut out of the paths, without the set of every
   * folder (`folders`), which each staged check would otherwise build.
   */
  claudeFolders(): ReadonlySet<string> {
    if (!this.claudeSet) {
      this.claudeSet = new Set();
      for (const file of this.entries.keys()) {
        for (let at = file.indexOf('.claude/'); at !== -1; at = file.indexOf('.claude/', at + 1)) {
          if (at === 0 || file.charCodeAt(at - 1) === 0x2f) this.claudeSet.add(file.slice(0, at + '.claude'.length));
        }
      }
    }
    return this.claudeSet;
  }

  /** Read these files' blobs in one batch, before `bytes` asks for them one by one. */
  prefetch(files: Iterable<string>): void {
    const wanted = [...new Set([...files].map((file) => this.entries.get(file)?.oid).filter((oid): oid is string => !!oid && !this.blobs.has(oid)))];
    for (const [oid, blob] of readBlobs(wanted, this.repository)) {
      if (blob.length > maxFileBytes) throw new UsageError(`--staged: a staged-state file (object ${oid}) is larger than ${maxFileBytes / (1024 * 1024)} MiB, the most toolgate reads`);
      this.blobs.set(oid, blob);
    }
  }

  /** A file's bytes, undefined when the snapshot has no such file. */
  bytes(file: string): Buffer | undefined {
    const entry = this.entries.get(file);
    if (!entry) return undefined;
    if (!this.blobs.has(entry.oid)) this.prefetch([file]);
    return this.blobs.get(entry.oid);
  }

  /** A file's text without a byte order mark. */
  text(file: string): string | undefined {
    const text = this.bytes(file)?.toString('utf8');
    return text?.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /** The same snapshot with some files replaced (an entry) or removed (undefined). */
  with(changes: ReadonlyMap<string, Entry | undefined>): Snapshot {
    const entries = new Map(this.entries);
    for (const [file, entry] of changes) {
      if (entry) entries.set(file, entry);
      else entries.delete(file);
    }
    const changed = new Snapshot(this.repository, entries, this.unwatched);
    for (const [oid, blob] of this.blobs) changed.blobs.set(oid, blob);
    return changed;
  }
}

/**
 * The index's regular files (symbolic links and submodules are no sources).
 * An index with unresolved conflicts is no commit yet: a usage error.
 */
export function readIndex(repository: string, listing = git(['ls-files', '--stage', '-v', '-z'], repository)): Snapshot {
  const entries = new Map<string, Entry>();
  const unwatched = new Set<string>();
  // Walked in place, each record's fields checked where git writes them: splitting the listing and a match per
  // record cost more than git's listing (thousands of records, in code V8 has not optimized yet).
  for (let at = 0; at < listing.length; ) {
    const next = listing.indexOf('\0', at);
    const end = next < 0 ? listing.length : next;
    const tab = listing.indexOf('\t', at);
    indexFields.lastIndex = at;
    if (tab < 0 || tab > end || !indexFields.test(listing) || indexFields.lastIndex !== tab) {
      throw new UsageError(`--staged cannot read the git index: unexpected line '${listing.slice(at, end)}'`);
    }
    const file = listing.slice(tab + 1, end);
    if (listing.charCodeAt(tab - 1) !== 0x30) throw new UsageError(`--staged: the git index has unresolved conflicts (${file}); resolve them first`);
    const mode = listing.slice(at + 2, at + 8);
    if (mode === '100644' || mode === '100755') {
      entries.set(file, { oid: listing.slice(at + 9, tab - 2) });
      // `-v`: a tag says whether git compares the file with the working tree (`H`) or trusts it unchanged.
      if (listing.charCodeAt(at) !== 0x48) unwatched.add(file);
    }
    at = end + 1;
  }
  return new Snapshot(repository, entries, unwatched);
}

/** `ls-files --stage -v`, up to the tab: a one-letter tag, the mode (git writes six octal digits), the object id (SHA-1 or SHA-256), the stage. */
const indexFields = /\S [0-7]{6} (?:[0-9a-f]{40}|[0-9a-f]{64}) \d/y;

/** What HEAD holds at `files` (a file missing there maps to undefined: added since). */
export function headEntries(repository: string, files: readonly string[]): Map<string, Entry | undefined> {
  const found = new Map<string, Entry | undefined>(files.map((file) => [file, undefined]));
  if (files.length === 0 || !hasHead(repository)) return found;
  // In slices, so that a commit of thousands of files stays within the command line's limit.
  for (let at = 0; at < files.length; at += 500) {
    for (const record of records(git(['ls-tree', '-z', 'HEAD', '--', ...files.slice(at, at + 500)], repository))) {
      const match = /^(\d+) (\w+) ([0-9a-f]+)\t(.*)$/s.exec(record);
      if (match && match[2] === 'blob' && (match[1] === '100644' || match[1] === '100755')) found.set(match[4]!, { oid: match[3]! });
    }
  }
  return found;
}

function hasHead(repository: string): boolean {
  return git(['rev-parse', '--verify', '--quiet', 'HEAD'], repository, { okStatuses: [0, 1] }).trim() !== '';
}

/** A path of the snapshot as an absolute path under `base`, and back (undefined outside `base`). */
export function underBase(base: string, file: string): string {
  // The resolvers ask thousands of times: a snapshot's path (git's: no `.`, `..` or empty segment) under a normalized base is appended as it is.
  if (path.sep === '/' && isNormalizedBase(base) && !unnormalized.test(`/${file}`)) return `${base}/${file}`;
  return path.join(base, ...file.split('/'));
}

let lastBase: { base: string; normalized: boolean } | undefined;
function isNormalizedBase(base: string): boolean {
  if (lastBase?.base !== base) lastBase = { base, normalized: path.isAbsolute(base) && path.normalize(base) === base && !base.endsWith('/') };
  return lastBase.normalized;
}
export function relativeTo(base: string, absolute: string): string | undefined {
  // The resolvers ask about normalized paths under `base` thousands of times: those need no path.relative.
  if (absolute.startsWith(base) && absolute.charAt(base.length) === path.sep && !unnormalized.test(absolute.slice(base.length))) {
    return path.sep === '/' ? absolute.slice(base.length + 1) : absolute.slice(base.length + 1).split(path.sep).join('/');
  }
  const relative = path.relative(base, path.resolve(absolute));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

/** A `.` or `..` segment, a doubled or a trailing separator (either kind: Windows takes both). */
const unnormalized = /[\\/]\.{1,2}(?:[\\/]|$)|[\\/]{2}|[\\/]$/;
