import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Ignore } from 'ignore';
import { safeIgnoreLines } from './ignore-lines.js';
import { isPluginRoot, namedPluginFileKind, pluginKindOf, pluginRootAbove } from './plugin-roots.js';
import { isSupportedPath } from './prefilter.js';
import { UsageError } from './errors.js';
import { compareText } from './findings.js';
import { readTextFile } from './read-source.js';
import type { FrontEnd } from '../frontends/contract.js';
import { isFrontmatterPath, type FrontmatterKind } from '../frontends/frontmatter/paths.js';

// Required as the CommonJS module it is: imported as an ES module, Node.js first parses its 50 KB for export names on every run.
const ignore = createRequire(import.meta.url)('ignore') as typeof import('ignore');

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
  /** A plugin's skill, command or agent file, which only the plugin root above it (`.claude-plugin/plugin.json`) makes one. */
  frontmatter?: FrontmatterKind;
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
  /** The front ends whose files are found; the registered ones by default. */
  frontEnds?: readonly FrontEnd[];
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
export async function* discoverFiles(paths: readonly string[], options: DiscoverOptions): AsyncGenerator<DiscoveredFile> {
  yield* await discovery(paths, options);
}

/**
 * `discoverFiles` as the scan takes it: the paths checked (the one wait),
 * then the walk, synchronous and lazy. A file that takes no analysis (known
 * from `--cache`, skipped by the prefilter) then costs no promise: on a warm
 * run of a large tree, a promise or two per file through an async generator
 * cost more than the cache lookups.
 */
export async function discovery(paths: readonly string[], options: DiscoverOptions): Promise<Iterable<DiscoveredFile>> {
  const cwd = path.resolve(options.cwd);
  const onIgnored = options.onIgnored ?? (() => {});
  // Every path is checked, and the first bad one in argument order is reported.
  const settled = await Promise.allSettled(paths.map((given) => resolveTarget(cwd, given)));
  const targets = settled.map((outcome) => {
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  });
  // A walk yields each path once: only paths named together can overlap.
  const seen = targets.length > 1 ? new Set<string>() : undefined;
  const extra = options.settingsFiles
    ? { directory: options.settingsFiles.directory, rules: ignore().add(safeIgnoreLines(options.settingsFiles.patterns)) }
    : undefined;
  const isExtraSettings = (absolutePath: string): boolean =>
    extra !== undefined && absolutePath.endsWith('.json') && !isSupportedPath(absolutePath, options.frontEnds) && isIgnored([extra], absolutePath, false);
  const reads = (absolutePath: string): boolean => isSupportedPath(absolutePath, options.frontEnds) || isExtraSettings(absolutePath);
  const toEntry = (absolutePath: string, relative = relativePath(cwd, absolutePath)): DiscoveredFile =>
    isExtraSettings(absolutePath) ? { absolutePath, path: relative, settings: true } : { absolutePath, path: relative };
  const base = options.ignore ? [{ directory: options.ignore.directory, rules: ignore().add(safeIgnoreLines(options.ignore.patterns)) }] : [];
  const walker: Walker = { cwd, onIgnored, toEntry, reads, compiled: new Map(), configIgnore: base };
  return walkTargets(targets, walker, base, seen);
}

function* walkTargets(
  targets: ReadonlyArray<{ absolutePath: string; isDirectory: boolean }>,
  walker: Walker,
  base: readonly IgnoreFile[],
  seen: Set<string> | undefined,
): Generator<DiscoveredFile> {
  const { cwd, onIgnored, reads, toEntry } = walker;
  for (const target of targets) {
    if (!target.isDirectory) {
      const kind = reads(target.absolutePath) ? undefined : namedPluginFileKind(target.absolutePath);
      if (!reads(target.absolutePath) && !kind) onIgnored(target.absolutePath, 'unsupported');
      else if (!seen?.has(target.absolutePath)) {
        seen?.add(target.absolutePath);
        yield kind ? { ...toEntry(target.absolutePath), frontmatter: kind } : toEntry(target.absolutePath);
      }
      continue;
    }
    const ancestors = [...base, ...ancestorIgnores(cwd, target.absolutePath, walker.compiled)];
    // Naming an ignored directory overrides the rule that ignores it.
    const inherited = isIgnored(ancestors, target.absolutePath, true) ? [] : ancestors;
    const plugin = pluginRootAbove(target.absolutePath);
    for (const entry of walk(walker, target.absolutePath, relativePath(cwd, target.absolutePath), inherited, plugin)) {
      if (seen?.has(entry.absolutePath)) continue;
      seen?.add(entry.absolutePath);
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

/** What a walk needs besides the directory it is in. */
interface Walker {
  cwd: string;
  onIgnored: NonNullable<DiscoverOptions['onIgnored']>;
  toEntry: (absolutePath: string, relative?: string) => DiscoveredFile;
  reads: (absolutePath: string) => boolean;
  compiled: CompiledRules;
  /** The config file's `ignore` patterns alone: they exclude even what a `.gitignore` cannot (`readsDespiteGitignore`). */
  configIgnore: readonly IgnoreFile[];
}

/**
 * The files under `directory` (whose path relative to the working directory
 * is `relative`), depth first in name order. Synchronous, like the listing:
 * an async generator nested once per folder level cost a promise per file
 * and level. Still lazy, so a folder is listed only when the scan gets to it.
 */
function* walk(walker: Walker, directory: string, relative: string, inherited: readonly IgnoreFile[], outerPlugin?: string): Generator<DiscoveredFile> {
  const { onIgnored, reads } = walker;
  let entries;
  try {
    // Synchronous: on a large tree, each async call's trip through libuv's thread pool costs more than the listing.
    entries = readdirSync(directory, { withFileTypes: true });
  } catch (error) {
    yield { ...walker.toEntry(directory, relative), error: cannotList(error) };
    return;
  }
  entries.sort((a, b) => compareText(a.name, b.name));

  let scope = inherited;
  if (entries.some((entry) => entry.name === '.gitignore' && entry.isFile())) {
    const own = loadIgnoreFile(directory, walker.compiled);
    if (own) scope = [...inherited, own];
  }
  const matcher = ignoreMatcher(scope, directory);
  const childPath = childPaths(walker.cwd, directory, relative);
  // Noted from the listing, as `.gitignore` is: only a folder with a `.claude-plugin` costs a probe.
  const plugin = entries.some((entry) => entry.name === '.claude-plugin' && entry.isDirectory()) && isPluginRoot(directory) ? directory : outerPlugin;

  for (const entry of entries) {
    const { name } = entry;
    const absolutePath = childPath.absolute(name);
    if (entry.isSymbolicLink()) {
      // Not followed: a link can leave the tree or loop back into it.
      onIgnored(absolutePath, 'symlink');
    } else if (entry.isDirectory()) {
      if (skippedDirectories.has(name)) onIgnored(absolutePath, 'skipped-directory');
      else if (matcher(absolutePath, name, true)) {
        onIgnored(absolutePath, 'gitignore');
        if (holdsClaudeFiles(absolutePath)) yield* claudeFilesDespiteGitignore(walker, absolutePath);
      } else yield* walk(walker, absolutePath, childPath.relative(absolutePath, name), scope, plugin);
    } else {
      const kind = plugin === undefined || reads(absolutePath) ? undefined : pluginKindOf(plugin, absolutePath);
      if (kind === undefined && !reads(absolutePath)) continue;
      if (!entry.isFile()) onIgnored(absolutePath, 'special');
      else if (matcher(absolutePath, name, false) && !readsDespiteGitignore(walker, absolutePath)) onIgnored(absolutePath, 'gitignore');
      else {
        const found = walker.toEntry(absolutePath, childPath.relative(absolutePath, name));
        yield kind ? { ...found, frontmatter: kind } : found;
      }
    }
  }
}

/**
 * Claude Code reads a project's own settings files, skills, commands and
 * subagents whether or not git ignores them (it adds `settings.local.json` to
 * `.gitignore` itself when it writes one), and so do the code rules
 * (`ProjectSettings`): a committed one is checked too. Only the config
 * file's `ignore` leaves it out.
 */
function readsDespiteGitignore(walker: Walker, absolutePath: string): boolean {
  return (projectSettingsName.test(absolutePath) || isFrontmatterPath(absolutePath)) && walker.reads(absolutePath) && !isIgnored(walker.configIgnore, absolutePath, false);
}

const projectSettingsName = /[\\/]\.claude[\\/]settings(?:\.local)?\.json$/;

/** A folder that can hold what `readsDespiteGitignore` reads: `.claude` itself and its `skills`, `commands` and `agents`, at any depth. */
function holdsClaudeFiles(absolutePath: string): boolean {
  const parts = absolutePath.split(/[\\/]/);
  const claude = parts.lastIndexOf('.claude');
  return claude !== -1 && (claude === parts.length - 1 || claudeFileFolders.has(parts[claude + 1]!));
}

const claudeFileFolders = new Set(['skills', 'commands', 'agents']);

/** An ignored folder that `holdsClaudeFiles`: the files `readsDespiteGitignore` reads, nothing else in it. */
function* claudeFilesDespiteGitignore(walker: Walker, directory: string): Generator<DiscoveredFile> {
  if (isIgnored(walker.configIgnore, directory, true)) return;
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch (error) {
    yield { ...walker.toEntry(directory), error: cannotList(error) };
    return;
  }
  for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
    const absolutePath = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (holdsClaudeFiles(absolutePath)) yield* claudeFilesDespiteGitignore(walker, absolutePath);
    } else if (!readsDespiteGitignore(walker, absolutePath)) continue;
    else if (entry.isFile()) yield walker.toEntry(absolutePath);
    else walker.onIgnored(absolutePath, entry.isSymbolicLink() ? 'symlink' : 'special');
  }
}

/**
 * Why a folder could not be listed. Deleted or renamed after its parent was
 * listed: reported like a file that vanished, since what it held went
 * unchecked. Otherwise the message without the absolute path Node.js
 * appends: output stays the same on every machine.
 */
function cannotList(error: unknown): string {
  const gone = (error as NodeJS.ErrnoException).code === 'ENOENT';
  const reason = gone ? 'it no longer exists (deleted or renamed during the scan)' : (error as Error).message.replace(/, \w+ '.*'$/s, '');
  return `Cannot list directory: ${reason}`;
}

/**
 * The absolute and working-directory-relative paths of a directory's
 * entries, by appending the name: the same strings `path.join` and
 * `path.relative` give, since a name holds no separator and is never `.` or
 * `..`. Not so in a directory that holds the working directory (relative
 * path `..`, `../..`): there `path.relative` shortens one entry's path
 * (`../b/x` is `x` from within `b`), so each entry's path is worked out.
 */
function childPaths(cwd: string, directory: string, relative: string) {
  const parent = directory.endsWith(path.sep) ? directory : directory + path.sep;
  const holdsCwd = relative === '..' || relative.endsWith('/..');
  const prefix = relative === '' ? '' : `${relative}/`;
  return {
    absolute: (name: string): string => parent + name,
    relative: (absolutePath: string, name: string): string => (holdsCwd ? relativePath(cwd, absolutePath) : prefix + name),
  };
}

/**
 * The `.gitignore` files between the working directory and a scanned
 * directory (exclusive), which git would apply inside it. Nothing above the
 * working directory is read, and a directory outside it starts afresh.
 */
function ancestorIgnores(cwd: string, directory: string, compiled: CompiledRules): IgnoreFile[] {
  const relative = path.relative(cwd, directory);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return [];
  const files: IgnoreFile[] = [];
  let current = cwd;
  for (const part of ['', ...relative.split(path.sep).slice(0, -1)]) {
    current = path.join(current, part);
    const file = loadIgnoreFile(current, compiled);
    if (file) files.push(file);
  }
  return files;
}

/**
 * Compiled rules by the text of their `.gitignore`: a monorepo's packages
 * often share one. An `Ignore` only caches what it has worked out for a path
 * relative to its file, which the same rules work out the same anywhere.
 */
type CompiledRules = Map<string, Ignore>;

function loadIgnoreFile(directory: string, compiled: CompiledRules): IgnoreFile | undefined {
  try {
    const text = readTextFile(path.join(directory, '.gitignore'));
    let rules = compiled.get(text);
    if (rules === undefined) compiled.set(text, (rules = ignore().add(safeIgnoreLines(text))));
    return { directory, rules };
  } catch {
    // Missing, unreadable, not a regular file or too large: ignoring less only means checking more.
    return undefined;
  }
}

/** Git's precedence: the deepest `.gitignore` with a matching rule decides. */
function isIgnored(scope: readonly IgnoreFile[], absolutePath: string, isDirectory: boolean): boolean {
  for (let i = scope.length - 1; i >= 0; i--) {
    const decision = decide(scope[i]!.rules, relativeWithin(scope[i]!.directory, absolutePath), isDirectory);
    if (decision !== undefined) return decision;
  }
  return false;
}

/**
 * `isIgnored` for the entries of one directory. Each ignore file's path to
 * the directory is worked out once, and an entry's path within it is that
 * plus the name (see `childPaths` for why that is the same string). An ignore
 * file outside the directory's ancestry (a config file's folder, beside or
 * beneath the scanned one) gets the general check per entry. Without rules,
 * nothing is matched at all.
 */
function ignoreMatcher(scope: readonly IgnoreFile[], directory: string): (absolutePath: string, name: string, isDirectory: boolean) => boolean {
  if (scope.length === 0) return () => false;
  const prefixes = scope.map(({ directory: folder }) => {
    const relative = relativeWithin(folder, directory);
    return relative === undefined ? undefined : relative === '' ? '' : `${relative}/`;
  });
  return (absolutePath, name, isDirectory) => {
    for (let i = scope.length - 1; i >= 0; i--) {
      const prefix = prefixes[i];
      const relative = prefix === undefined ? relativeWithin(scope[i]!.directory, absolutePath) : prefix + name;
      const decision = decide(scope[i]!.rules, relative, isDirectory);
      if (decision !== undefined) return decision;
    }
    return false;
  };
}

/** `absolutePath` relative to `directory` with `/` separators, or undefined when outside it. */
function relativeWithin(directory: string, absolutePath: string): string | undefined {
  const relative = relativePath(directory, absolutePath);
  // A config file's patterns say nothing outside its folder (and `ignore` rejects `../` paths).
  return relative === '..' || relative.startsWith('../') || path.isAbsolute(relative) ? undefined : relative;
}

/** One ignore file's say: true ignored, false re-included, undefined no rule matched. */
function decide(rules: Ignore, relative: string | undefined, isDirectory: boolean): boolean | undefined {
  // Outside the file's folder, or that folder itself (a config file's, scanned from above).
  if (relative === undefined || relative === '') return undefined;
  const result = rules.test(isDirectory ? `${relative}/` : relative);
  return result.unignored ? false : result.ignored ? true : undefined;
}

function relativePath(cwd: string, absolutePath: string): string {
  return path.relative(cwd, absolutePath).split(path.sep).join('/');
}
