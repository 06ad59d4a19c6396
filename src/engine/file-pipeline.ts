import type { Stats } from 'node:fs';
import path from 'node:path';
import type { AgentModel, Span } from '../model/types.js';
import type { FrontEnd, ParsedSource, SyntaxError } from '../frontends/contract.js';
import { Analyser, frontEndOf, type SourceJob, type ThreadOptions } from './analyser.js';
import { analyseProject, loadAnalysis } from './front-ends.js';
import { discovery, type DiscoveredFile } from './discover.js';
import { compareText, type FileProblem } from './findings.js';
import { LineIndex } from '../model/line-index.js';
import { candidateText, withoutBom } from './prefilter.js';
import { readBytes, ReadRefused } from './read-source.js';
import { reExportInputs, type ScanCache } from './cache.js';
import { ReExportPass } from './re-export-pass.js';
import { projectGroups } from './project-groups.js';
import type { ProjectSettings } from './project-settings.js';
import { inShard, type Shard } from './shard.js';
import { SourceFiles, type SpanLocation } from './sources.js';

export type { SpanLocation };

export interface FileOptions {
  /** Files or directories, relative to `cwd`. Default `['.']`. */
  paths?: string[];
  cwd?: string;
  /** Extra ignore patterns (gitignore syntax, relative to `directory`), from the config file. */
  ignore?: { directory: string; patterns: string[] };
  /** Further `.json` files to read as Claude Code settings (gitignore syntax, relative to `directory`). */
  settingsFiles?: { directory: string; patterns: string[] };
  /** Check only the files of this shard (`--shard`); the others are not counted. */
  shard?: Shard;
  /** Called after each file's outcome is counted, for a progress line; `stats` is the running count. */
  onProgress?: (stats: Readonly<ScanStats>) => void;
  /**
   * `false` (`--no-prefilter`, config `"prefilter": false`): parse and analyse
   * every supported file, not only those that name an SDK package.
   */
  prefilter?: boolean;
  /** @internal When analysis moves to worker threads (tests force it); `defaultThreads` otherwise. */
  threads?: ThreadOptions;
  /** @internal Characters of source whose first-pass parses are kept for the project pass; `keptParseBudget` otherwise (tests make it small). */
  keptParses?: number;
}

/** `--cache`: results kept between runs, and how to take one back as if just checked. */
export interface FileCache<Result> {
  cache: ScanCache<Result>;
  reuse(result: Result): void;
}

/** What the caller does with each file that has a model. */
export interface FileHandler<Result> {
  /**
   * Awaited once, before the first file with a model reaches `check`: what
   * checking needs and a scan of a tree without agent code never uses (the
   * CLI's rules load here).
   */
  prepare?: () => Promise<void>;
  check: (file: AnalysedFile) => Result;
}

export interface ScanStats {
  /** Candidate files found (in the shard, with `--shard`); always analysed + cached + skipped + failed. */
  files: number;
  analysed: number;
  /** With `--cache`: files whose stored result was used, neither they nor what they read having changed. */
  cached?: number;
  /** The prefilter showed the file cannot hold agent code. */
  skipped: number;
  /** Listed in `problems`: could not be read, parsed or analysed. */
  failed: number;
  /**
   * Entries left out on purpose, not among `files`: ignored by a
   * `.gitignore`, skipped folders (`node_modules`, ...), symbolic links (never
   * followed), FIFOs and devices, and named files no front end reads. A
   * folder counts once.
   */
  ignored: number;
}

/** One file's agent model, with what it takes to place its spans. */
export interface AnalysedFile {
  /** Relative to the working directory, with `/` separators. */
  path: string;
  absolutePath: string;
  model: AgentModel;
  /** Where a span of the model is: its file (relative, `/`) and 1-based start and end. */
  locate(span: Span): SpanLocation;
}


/** Files in analysis at once: enough to keep worker threads busy, few enough to bound memory. */
const concurrency = 8;

/**
 * Characters of source whose first-pass parses wait for the project pass
 * (a TypeScript syntax tree takes about 40 bytes a character: some 20 MB):
 * past it a file is parsed again there, so memory stays bounded whatever
 * the tree holds.
 */
const keptParseBudget = 500_000;

type FileOutcome =
  /** `reads`: every other path its analysis read or probed, for `--cache`. */
  | { kind: 'analysed'; file: AnalysedFile; reads: Set<string> }
  | { kind: 'cached'; result: unknown }
  /** Its model depends on other modules: analysed again in the project pass. */
  | { kind: 'deferred' }
  | { kind: 'skipped' }
  | { kind: 'failed'; problem: FileProblem };

/**
 * The file pipeline: find the files under `paths` (discover, read,
 * prefilter), build each one's agent model with the front end that reads it
 * (on this thread or workers, then the project pass), handing each to
 * `onFile` as it is ready. Files that cannot be read, parsed or analysed
 * are returned as problems: the caller must fail closed on them.
 */
export async function analyseFiles<Result>(
  options: FileOptions,
  frontEnds: readonly FrontEnd[],
  onFile: FileHandler<Result>,
  cached?: FileCache<Result>,
): Promise<{ root: string; stats: ScanStats; problems: FileProblem[] }> {
  const root = path.resolve(options.cwd ?? process.cwd());
  const paths = options.paths && options.paths.length > 0 ? options.paths : ['.'];
  const problems: FileProblem[] = [];
  const stats: ScanStats = { files: 0, analysed: 0, ...(cached ? { cached: 0 } : {}), skipped: 0, failed: 0, ignored: 0 };
  const cache = cached?.cache;
  const deferred: DiscoveredFile[] = [];
  /** The parses of deferred files analysed on this thread, by absolute path: the project pass uses them again. */
  const parsed = new Map<string, ParsedSource>();
  const keeping = { left: options.keptParses ?? keptParseBudget };

  // With `--cache`, the state of each file as analysed is what gets stored (`ScanCache.observe`).
  const observe = cache && ((absolute: string, text: string | undefined, refused: boolean): void => cache.observe(absolute, text, refused));
  const sources = new SourceFiles(root, observe);
  // The project's settings files are read (with the settings front end) and the caller's check loaded
  // only once a file has a model: most files of a tree, and every file of most staged checks, never do.
  let settings: ProjectSettings | undefined;
  let preparing: Promise<void> | undefined;
  const prepare = (): Promise<void> =>
    (preparing ??= (async () => {
      const [{ ProjectSettings }] = await Promise.all([import('./project-settings.js'), onFile.prepare?.()]);
      settings = new ProjectSettings(
        root,
        (trouble) => {
          const where = sources.relative(trouble.absolutePath);
          const problem = 'refused' in trouble ? { path: where, kind: 'read' as const, message: trouble.refused } : syntaxProblem(where, trouble.errors, new LineIndex(trouble.text));
          if (problem) problems.push(problem);
        },
        observe,
      );
    })());
  /** Count a file's outcome; a result fit to keep in the cache comes back, with the paths it read. */
  const record = (discovered: DiscoveredFile, outcome: FileOutcome): { result: Result; reads: Set<string> } | undefined => {
    if (outcome.kind === 'deferred') {
      deferred.push(discovered);
      return undefined;
    }
    stats.files++;
    if (outcome.kind === 'skipped') stats.skipped++;
    else if (outcome.kind === 'cached') {
      stats.cached!++;
      cached!.reuse(outcome.result as Result);
    } else if (outcome.kind === 'failed') {
      stats.failed++;
      problems.push(outcome.problem);
    } else {
      try {
        if (!settings) throw new Error('a file reached the check before it was prepared');
        const { consulted, troubled } = settings.attach(outcome.file.model, outcome.file.absolutePath);
        const result = onFile.check(outcome.file);
        stats.analysed++;
        // A broken settings file is reported once, by whichever file read it first: never keep a result that hides it.
        if (!troubled) return { result, reads: new Set([...outcome.reads, ...consulted]) };
      } catch (error) {
        // One file's crash must not hide the rest of the scan, nor pass silently.
        stats.failed++;
        problems.push(internalProblem(discovered.path, error));
      }
    }
    return undefined;
  };

  const onIgnored = (): void => void stats.ignored++;
  const discoveryOptions = {
    cwd: root,
    frontEnds,
    onIgnored,
    ...(options.ignore ? { ignore: options.ignore } : {}),
    ...(options.settingsFiles ? { settingsFiles: options.settingsFiles } : {}),
  };
  const found = await discovery(paths, discoveryOptions);
  const files = options.shard ? onlyShard(found, options.shard) : found;
  const analyser = new Analyser(sources.read, frontEnds, options.threads);
  const reExports = new ReExportPass(frontEnds, cache && ((file, facts) => cache.learn(file, facts)));
  const first: FirstPass = { frontEnds, sources, analyser, parsed, keeping, reExports, everyFile: options.prefilter === false };
  const settle = (discovered: DiscoveredFile, outcome: FileOutcome): void => {
    const kept = record(discovered, outcome);
    if (kept) cache?.store(discovered, { result: kept.result }, kept.reads);
    options.onProgress?.(stats);
  };
  // A file settled without analysis (most of a tree) is settled at once; only an analysis is waited for.
  const settleWhenReady = (discovered: DiscoveredFile, outcome: FileOutcome): Promise<void> | void =>
    outcome.kind === 'analysed' && !settings ? prepare().then(() => settle(discovered, outcome)) : settle(discovered, outcome);
  try {
    await forEachConcurrently(files, concurrency, (discovered) => {
      const outcome = analyseFile(discovered, first, cache);
      return outcome instanceof Promise ? outcome.then((done) => settleWhenReady(discovered, done)) : settleWhenReady(discovered, outcome);
    });
  } finally {
    await analyser.close();
  }
  // Files that import the SDK through a local module that re-exports it: the project pass follows the imports.
  for (const { file, text } of reExportImporters(reExports, cache)) {
    stats.files--;
    stats.skipped--;
    if (text !== undefined && !cache?.lookup(file, text)) cache?.store(file, { deferred: true }, []);
    deferred.push(file);
  }
  if (deferred.length > 0) await projectPassCached(deferred, { frontEnds, sources, problems, parsed, prepare }, record, cache);

  return { root, stats, problems: uniqueProblems(problems) };
}

/**
 * The re-export pass, answered from `--cache` when no skipped file was read
 * (each was known unchanged) and the modules that may re-export the SDK are
 * the same: then only the importers found before are read.
 */
function reExportImporters<Result>(reExports: ReExportPass, cache?: ScanCache<Result>): Array<{ file: DiscoveredFile; text: string | undefined }> {
  if (!cache) return reExports.importers();
  const { reExporters, skipped, unchanged } = reExports.inputs();
  const inputs = reExportInputs(reExporters, skipped);
  const known = cache.lookupReExports(inputs, unchanged);
  if (known) return reExports.skippedAt(known).map((file) => ({ file, text: readOrUndefined(file.absolutePath) }));
  const found = reExports.importers();
  cache.storeReExports(inputs, found.map(({ file }) => file.path));
  return found;
}

function readOrUndefined(absolutePath: string): string | undefined {
  try {
    return readBytes(absolutePath).toString('utf8');
  } catch {
    // The analysis reads it again and reports why it cannot.
    return undefined;
  }
}

/** What the first pass over the files shares. */
interface FirstPass {
  frontEnds: readonly FrontEnd[];
  sources: SourceFiles;
  analyser: Analyser;
  /** The parses of deferred files, for the project pass. */
  parsed: Map<string, ParsedSource>;
  /** Characters of source whose parses `parsed` may still take. */
  keeping: { left: number };
  reExports: ReExportPass;
  /** `--no-prefilter`: every supported file is parsed and analysed. */
  everyFile: boolean;
}

/** A file's outcome: at once when no analysis is needed (known from `--cache`, skipped, unreadable), else once analysed. */
function analyseFile<Result>(file: DiscoveredFile, first: FirstPass, cache?: ScanCache<Result>): FileOutcome | Promise<FileOutcome> {
  const { frontEnds, reExports, everyFile } = first;
  const fail = (kind: FileProblem['kind'], message: string, at?: { line: number; column: number }): FileOutcome => ({
    kind: 'failed',
    problem: { path: file.path, kind, message, ...at },
  });
  if (file.error !== undefined) return fail('read', file.error);

  // With `--cache`, a file whose stat is what it was when an earlier run read it is not read again.
  const seen = cache?.seen(file);
  if (seen && seen.hash === undefined) {
    reExports.noteSkipped(file, { facts: () => cache!.factsOf(file) });
    return { kind: 'skipped' };
  }
  if (seen) {
    const stored = cache!.lookupSeen(file, seen);
    if (stored) {
      if (seen.reExports) reExports.noteReExporter(file);
      return 'deferred' in stored ? { kind: 'deferred' } : { kind: 'cached', result: stored.result };
    }
  }

  let text: string;
  let stats: Stats | undefined;
  let mayReExport = false;
  try {
    const bytes = readBytes(file.absolutePath, undefined, cache && ((opened) => void (stats = opened)));
    const candidate = file.settings || file.frontmatter || everyFile ? bytes.toString('utf8') : candidateText(bytes, file.absolutePath, frontEnds);
    // Most files of a large tree end here: read and searched, never parsed.
    if (candidate === undefined) {
      const facts = reExports.noteSkipped(file, { bytes });
      if (stats) cache?.noteSkipped(file, stats, facts);
      return { kind: 'skipped' };
    }
    if (!file.settings && !file.frontmatter) mayReExport = reExports.noteCandidate(file, candidate);
    text = candidate;
  } catch (error) {
    return fail('read', readFailure(file.absolutePath, error));
  }

  const stored = cache?.lookup(file, text, stats && { stats, reExports: mayReExport });
  if (stored) return 'deferred' in stored ? { kind: 'deferred' } : { kind: 'cached', result: stored.result };
  return analyseText(file, text, first, cache);
}

async function analyseText<Result>(file: DiscoveredFile, text: string, { sources, analyser, parsed, keeping, everyFile }: FirstPass, cache?: ScanCache<Result>): Promise<FileOutcome> {
  const fail = (kind: FileProblem['kind'], message: string): FileOutcome => ({ kind: 'failed', problem: { path: file.path, kind, message } });
  try {
    const job: SourceJob = { text, absolutePath: file.absolutePath, ...readAs(file), ...(everyFile ? { everyFile } : {}) };
    const { analysis, reads: read, states, refused } = await analyser.analyse(job);
    const reads = new Set(read);
    for (const [absolute, state] of Object.entries(states ?? {})) cache?.observeState(absolute, state);
    // A hook script that is there but cannot be read (a link to a device, a FIFO, too large) is not absent: the file is not checked.
    for (const absolute of reads) {
      const why = refused?.[absolute] ?? sources.refusal(absolute);
      if (why !== undefined) return fail('read', `Cannot read the hook script ${sources.relative(absolute)}: ${why.replace(/^Cannot read file: /, '')}`);
    }
    const { model, crossesModules } = analysis;
    if (!model && !crossesModules) return { kind: 'skipped' };
    const lines = new LineIndex(withoutBom(text));
    const syntax = syntaxProblem(file.path, analysis.syntaxErrors, lines);
    if (syntax) return { kind: 'failed', problem: syntax };
    // Such a file has no model yet (`deferCrossing`): the project pass builds it.
    if (!model || crossesModules) {
      cache?.store(file, { deferred: true }, reads);
      // Only these parses are kept, and only up to the budget: the project pass parses the others again.
      if (analysis.parsed && text.length <= keeping.left) {
        parsed.set(file.absolutePath, analysis.parsed);
        keeping.left -= text.length;
      }
      return { kind: 'deferred' };
    }
    const locate = sources.locator(file.absolutePath, file.path, lines);
    return { kind: 'analysed', file: { path: file.path, absolutePath: file.absolutePath, model, locate }, reads };
  } catch (error) {
    return { kind: 'failed', problem: internalProblem(file.path, error) };
  }
}

/** A file discovery says how to read whatever its name: a `settingsFiles` entry as settings, a plugin's skill as frontmatter. */
function readAs(file: DiscoveredFile): Pick<SourceJob, 'readAs' | 'frontmatter'> {
  if (file.settings) return { readAs: 'settings' };
  return file.frontmatter ? { readAs: 'frontmatter', frontmatter: file.frontmatter } : {};
}

/** What the project pass works with. */
interface ProjectPassContext {
  frontEnds: readonly FrontEnd[];
  sources: SourceFiles;
  /** Where the files' problems go. */
  problems: FileProblem[];
  /** The parses of the first pass, by absolute path: each group's are dropped once it is analysed. */
  parsed: Map<string, ParsedSource>;
  /** Loads what checking a file with a model needs (`FileHandler.prepare`). */
  prepare: () => Promise<void>;
}

/**
 * The project pass through `--cache`: each group of files it analyses
 * together (`projectGroups`) is kept as one entry, reused only when it holds
 * the same files and none of them, nor any file its link walk or its
 * analysis read, changed; kept only when every one of its files was checked.
 * So a change re-analyses the group it is in, not every file that crosses
 * modules.
 */
async function projectPassCached<Result>(
  files: readonly DiscoveredFile[],
  context: ProjectPassContext,
  record: (file: DiscoveredFile, outcome: FileOutcome) => { result: Result; reads: Set<string> } | undefined,
  cache?: ScanCache<Result>,
): Promise<void> {
  const reused = cache?.lookupAllGroups(files);
  // Every group reused loads no parser: a warm run of an unchanged tree never loads the compiler.
  if (reused && files.every((file) => reused.has(file.path))) {
    for (const file of files) record(file, { kind: 'cached', result: reused.get(file.path) });
    return;
  }
  // On this thread, which need not have loaded the front ends yet (the files went to worker threads),
  // with each parser its files need: a file that was a cache hit was never parsed in this run.
  for (const frontEnd of new Set(files.map((file) => frontEndOf({ absolutePath: file.absolutePath, ...readAs(file) }, context.frontEnds)))) await loadAnalysis(frontEnd);
  const { problems, sources } = context;
  // One group at a time, checked and let go before the next: memory follows the largest group.
  for (const { files: group, reached } of groupsOf(files, context)) {
    const stored = cache?.lookupGroup(group);
    if (stored && group.every((file) => stored.has(file.path))) {
      for (const file of group) {
        context.parsed.delete(file.absolutePath);
        record(file, { kind: 'cached', result: stored.get(file.path) });
      }
      continue;
    }
    const reads = new Set<string>(reached ?? []);
    const before = problems.length;
    const outcomes = projectPass(group, context, recordingTo(reads, sources.read));
    for (const file of group) context.parsed.delete(file.absolutePath);
    if (outcomes.some(([, outcome]) => outcome.kind === 'analysed')) await context.prepare();
    const results = new Map<string, Result>();
    for (const [file, outcome] of outcomes) {
      const kept = record(file, outcome);
      if (!kept) continue;
      results.set(file.path, kept.result);
      for (const path of kept.reads) reads.add(path);
    }
    if (results.size === group.length && problems.length === before) cache?.storeGroup(group, results, reads);
  }
}

/** The files in groups that reach no module in common (`projectGroups`); all in one when the links cannot be read. */
function groupsOf(files: readonly DiscoveredFile[], { frontEnds, parsed, sources }: ProjectPassContext): Array<{ files: DiscoveredFile[]; reached: readonly string[] | undefined }> {
  const byPath = new Map(files.map((file) => [file.absolutePath, file]));
  const whole = [{ files: [...files], reached: undefined }];
  if (byPath.size !== files.length) return whole;
  try {
    return projectGroups([...byPath.keys()], sources.read, parsed, frontEnds).map(({ paths, reached }) => ({ files: paths.map((path) => byPath.get(path)!), reached }));
  } catch {
    // Analysed together, as before groups: the pass itself reports what breaks.
    return whole;
  }
}

/** A reader that notes each path asked for, found or not. */
function recordingTo(reads: Set<string>, read: (absolute: string) => string | undefined): (absolute: string) => string | undefined {
  return (absolute) => {
    reads.add(absolute);
    return read(absolute);
  };
}

/** The discovered files of one shard, in the same order. */
function* onlyShard(files: Iterable<DiscoveredFile>, shard: Shard): Generator<DiscoveredFile> {
  for (const file of files) if (inShard(file.path, shard)) yield file;
}

/**
 * Analyse the files whose models depend on other modules together, following
 * imports. Values are reported where they are written, in whichever file.
 * When the pass breaks, each file is analysed again on its own: the others
 * are still checked, and the failure is reported under its own file's name.
 */
function projectPass(
  files: readonly DiscoveredFile[],
  { frontEnds, sources, problems, parsed }: ProjectPassContext,
  read: (absolute: string) => string | undefined,
): Array<[DiscoveredFile, FileOutcome]> {
  const passOver = (group: readonly DiscoveredFile[]): Array<[DiscoveredFile, FileOutcome]> => {
    const result = analyseProject(
      group.map((file) => file.absolutePath),
      read,
      parsed,
      frontEnds,
    );
    // A module a value was followed into must parse, or the value may be cut short (fail closed).
    for (const imported of result.imported) {
      const syntax = syntaxProblem(sources.relative(imported.path), imported.errors, sources.linesOf(imported.path));
      if (syntax) problems.push(syntax);
    }
    return group.map((file) => [file, outcomeOf(file, result.analyses.get(file.absolutePath)?.model, sources)]);
  };
  try {
    return passOver(files);
  } catch {
    return files.flatMap((file): Array<[DiscoveredFile, FileOutcome]> => {
      try {
        return passOver([file]);
      } catch (error) {
        return [[file, { kind: 'failed', problem: internalProblem(file.path, error) }]];
      }
    });
  }
}

/** A file's outcome in the project pass: its model, or why there is none. */
function outcomeOf(file: DiscoveredFile, model: AgentModel | undefined, sources: SourceFiles): FileOutcome {
  if (!model) {
    // Read again for this pass: it can be gone since the first one.
    if (sources.read(file.absolutePath) === undefined) return { kind: 'failed', problem: { path: file.path, kind: 'read', message: readFailure(file.absolutePath) } };
    return { kind: 'failed', problem: internalProblem(file.path, new Error('the project pass lost the file')) };
  }
  const locate = sources.locator(file.absolutePath, file.path);
  // The pass's reads are gathered for the whole group.
  return { kind: 'analysed', file: { path: file.path, absolutePath: file.absolutePath, model, locate }, reads: new Set() };
}

/** Sorted, each once: a settings file can be both scanned and read as a project's settings. */
function uniqueProblems(problems: readonly FileProblem[]): FileProblem[] {
  const byKey = new Map(problems.map((problem) => [`${problem.path}\0${problem.kind}\0${problem.line ?? ''}\0${problem.message}`, problem]));
  return [...byKey.values()].sort((a, b) => compareText(a.path, b.path) || compareText(a.kind, b.kind));
}

function syntaxProblem(filePath: string, errors: readonly SyntaxError[], lines: LineIndex): FileProblem | undefined {
  const [first] = errors;
  if (!first) return undefined;
  const more = errors.length - 1;
  const suffix = more > 0 ? ` (and ${more} more)` : '';
  return { path: filePath, kind: 'parse', message: `Syntax error: ${first.message}${suffix}`, ...lines.locate(first.span.start) };
}


function internalProblem(filePath: string, error: unknown): FileProblem {
  return { path: filePath, kind: 'internal', message: `Internal error while analysing the file: ${errorMessage(error)}` };
}

/** Pull from `items` with at most `limit` callbacks in flight; a callback that settles at once (returns no promise) is not waited for. */
async function forEachConcurrently<T>(items: Iterable<T>, limit: number, callback: (item: T) => Promise<void> | void): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const worker = async (): Promise<void> => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      const pending = callback(next.value);
      if (pending) await pending;
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Why a file could not be read, without its absolute path (output stays the same on every machine). */
function readFailure(absolutePath: string, error?: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || error === undefined) {
    // Node reads a name that is not valid UTF-8 with U+FFFD in it, and then cannot open it by that name.
    if (absolutePath.includes('\uFFFD')) return 'Cannot read file: its name is not valid UTF-8, so it cannot be opened by name';
    return 'Cannot read file: it no longer exists (deleted or renamed during the scan)';
  }
  if (error instanceof ReadRefused) return error.message;
  return `Cannot read file: ${errorMessage(error).replace(/, \w+ '.*'$/s, '')}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
