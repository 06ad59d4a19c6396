import { readdirSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { isSupportedPath } from './prefilter.js';
import { UsageError } from './errors.js';
import { compareText } from './findings.js';

/** Dependencies, version control and build output: never the code under review. */
export const skippedDirectories: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'coverage',
  '.next',
]);

export interface DiscoveredFile {
  absolutePath: string;
  /** Relative to the working directory, with `/` separators. */
  path: string;
  /**
   * Set when a directory could not be listed: whatever it holds went
   * unchecked, which the scan must report rather than pass over.
   */
  error?: string;
  /** Read as a Claude Code settings file though its name is not one (config `settingsFiles`). */
  settings?: boolean;
}

/** `special`: a FIFO, socket or device with a source file's name; reading a FIFO would block the scan. */
export type IgnoreReason = 'gitignore' | 'skipped-directory' | 'symlink' | 'unsupported' | 'special';

export interface DiscoverOptions {
  cwd: string;
  /** Told about every entry left out on purpose (absolute path). */
  onIgnored?: (absolutePath: string, reason: IgnoreReason) => void;
  /** Patterns from the config file, applied beneath every `.gitignore` (which may re-include). */
  ignore?: { directory: string; patterns: readonly string[] };
  /** Further `.json` files to read as Claude Code settings (config `settingsFiles`, gitignore syntax). */
  settingsFiles?: { directory: string; patterns: readonly string[] };
}

interface IgnoreFile {
  directory: string;
  rules: Ignore;
}

/**
 * Yield the files under `paths` that a front end reads, in a stable order.
 * Paths are checked up front, so a typo fails before any work is done.
 * A path named on the command line is taken as given, even when ignored or
 * under `node_modules`; ignore rules and skipped folders apply to what is
 * found inside directories. A named file no front end reads is left out
 * (reported to `onIgnored` as `unsupported`).
 */
export async function* discoverFiles(
  paths: readonly string[],
  options: DiscoverOptions,
): AsyncGenerator<DiscoveredFile> {
  const cwd = path.resolve(options.cwd);
  const onIgnored = options.onIgnored ?? (() => {});
  // Every path is checked, and the first bad one in argument order is reported.
  const settled = await Promise.allSettled(paths.map((given) => resolveTarget(cwd, given)));
  const targets = settled.map((outcome) => {
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  });
  const seen = new Set<string>();
  const extra = options.settingsFiles
    ? { directory: options.settingsFiles.directory, rules: ignore().add([...options.settingsFiles.patterns]) }
    : undefined;
  const isExtraSettings = (absolutePath: string): boolean =>
    extra !== undefined && absolutePath.endsWith('.json') && !isSupportedPath(absolutePath) && isIgnored([extra], absolutePath, false);
  const reads = (absolutePath: string): boolean => isSupportedPath(absolutePath) || isExtraSettings(absolutePath);
  const toEntry = (absolutePath: string): DiscoveredFile => ({
    absolutePath,
    path: relativePath(cwd, absolutePath),
    ...(isExtraSettings(absolutePath) ? { settings: true } : {}),
  });

  for (const target of targets) {
    if (!target.isDirectory) {
      if (!reads(target.absolutePath)) onIgnored(target.absolutePath, 'unsupported');
      else if (!seen.has(target.absolutePath)) {
        seen.add(target.absolutePath);
        yield toEntry(target.absolutePath);
      }
      continue;
    }
    const base = options.ignore ? [{ directory: options.ignore.directory, rules: ignore().add([...options.ignore.patterns]) }] : [];
    const ancestors = [...base, ...(await ancestorIgnores(cwd, target.absolutePath))];
    // Naming an ignored directory overrides the rule that ignores it.
    const inherited = isIgnored(ancestors, target.absolutePath, true) ? [] : ancestors;
    for await (const entry of walk(target.absolutePath, inherited, onIgnored, toEntry, reads)) {
      if (seen.has(entry.absolutePath)) continue;
      seen.add(entry.absolutePath);
      yield entry;
    }
  }
}

async function resolveTarget(cwd: string, given: string): Promise<{ absolutePath: string; isDirectory: boolean }> {
  const absolutePath = path.resolve(cwd, given);
  let stats;
  try {
    stats = await stat(absolutePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UsageError(`No such file or directory: ${given}`);
    throw new UsageError(`Cannot access ${given}: ${(error as Error).message}`);
  }
  // Sockets, FIFOs and devices: reading a FIFO would block the scan forever.
  if (!stats.isFile() && !stats.isDirectory()) throw new UsageError(`Not a file or directory: ${given}`);
  return { absolutePath, isDirectory: stats.isDirectory() };
}

async function* walk(
  directory: string,
  inherited: readonly IgnoreFile[],
  onIgnored: NonNullable<DiscoverOptions['onIgnored']>,
  toEntry: (absolutePath: string) => DiscoveredFile,
  reads: (absolutePath: string) => boolean,
): AsyncGenerator<DiscoveredFile> {
  let entries;
  try {
    // Synchronous: on a large tree, each async call's trip through libuv's thread pool costs more than the listing.
    entries = readdirSync(directory, { withFileTypes: true });
  } catch (error) {
    // Deleted or renamed after its parent was listed: reported like a file that vanished,
    // since what it held went unchecked. Otherwise the message without the absolute path
    // Node.js appends: output stays the same on every machine.
    const gone = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const reason = gone ? 'it no longer exists (deleted or renamed during the scan)' : (error as Error).message.replace(/, \w+ '.*'$/s, '');
    yield { ...toEntry(directory), error: `Cannot list directory: ${reason}` };
    return;
  }
  entries.sort((a, b) => compareText(a.name, b.name));

  let scope = inherited;
  if (entries.some((entry) => entry.name === '.gitignore' && entry.isFile())) {
    const own = await loadIgnoreFile(directory);
    if (own) scope = [...inherited, own];
  }

  for (const entry of entries) {
    const absolutePath = path.join(directory, entry.name);
    if (entry.isSymbolicLink()) {
      // Not followed: a link can leave the tree or loop back into it.
      onIgnored(absolutePath, 'symlink');
    } else if (entry.isDirectory()) {
      if (skippedDirectories.has(entry.name)) onIgnored(absolutePath, 'skipped-directory');
      else if (isIgnored(scope, absolutePath, true)) onIgnored(absolutePath, 'gitignore');
      else yield* walk(absolutePath, scope, onIgnored, toEntry, reads);
    } else if (reads(absolutePath)) {
      if (!entry.isFile()) onIgnored(absolutePath, 'special');
      else if (isIgnored(scope, absolutePath, false)) onIgnored(absolutePath, 'gitignore');
      else yield toEntry(absolutePath);
    }
  }
}

/**
 * The `.gitignore` files between the working directory and a scanned
 * directory (exclusive), which git would apply inside it. Nothing above the
 * working directory is read, and a directory outside it starts afresh.
 */
async function ancestorIgnores(cwd: string, directory: string): Promise<IgnoreFile[]> {
  const relative = path.relative(cwd, directory);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return [];
  const files: IgnoreFile[] = [];
  let current = cwd;
  for (const part of ['', ...relative.split(path.sep).slice(0, -1)]) {
    current = path.join(current, part);
    const file = await loadIgnoreFile(current);
    if (file) files.push(file);
  }
  return files;
}

async function loadIgnoreFile(directory: string): Promise<IgnoreFile | undefined> {
  try {
    const text = readFileSync(path.join(directory, '.gitignore'), 'utf8');
    return { directory, rules: ignore().add(text) };
  } catch {
    // Missing or unreadable: ignoring less only means checking more.
    return undefined;
  }
}

/** Git's precedence: the deepest `.gitignore` with a matching rule decides. */
function isIgnored(scope: readonly IgnoreFile[], absolutePath: string, isDirectory: boolean): boolean {
  for (let i = scope.length - 1; i >= 0; i--) {
    const { directory, rules } = scope[i]!;
    const relative = path.relative(directory, absolutePath).split(path.sep).join('/') + (isDirectory ? '/' : '');
    // A config file's patterns say nothing outside its folder (and `ignore` rejects `../` paths).
    if (relative.startsWith('../') || path.isAbsolute(relative)) continue;
    const result = rules.test(relative);
    if (result.unignored) return false;
    if (result.ignored) return true;
  }
  return false;
}

function relativePath(cwd: string, absolutePath: string): string {
  return path.relative(cwd, absolutePath).split(path.sep).join('/');
}
