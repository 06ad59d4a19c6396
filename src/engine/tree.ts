import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentModel, Span } from '../model/types.js';
import { analyzeProject, analyzeText, prepareFor, withoutBom, type SyntaxError } from './analyze.js';
import { extractSettings } from '../frontends/settings/index.js';
import { discoverFiles, type DiscoveredFile } from './discover.js';
import { compareText, type FileProblem } from './findings.js';
import { LineIndex } from './locate.js';
import { ProjectSettings } from './project-settings.js';
import { SourceFiles, type SpanLocation } from './sources.js';

export type { SpanLocation };

export interface TreeOptions {
  /** Files or directories, relative to `cwd`. Default `['.']`. */
  paths?: string[];
  cwd?: string;
  /** Extra ignore patterns (gitignore syntax, relative to `directory`), from the config file. */
  ignore?: { directory: string; patterns: string[] };
  /** Further `.json` files to read as Claude Code settings (gitignore syntax, relative to `directory`). */
  settingsFiles?: { directory: string; patterns: string[] };
}

export interface ScanStats {
  /** Candidate files found; always analysed + skipped + failed. */
  files: number;
  analysed: number;
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


/** Files read and analysed at once: enough to overlap I/O, few enough to bound memory. */
const concurrency = 8;

type FileOutcome =
  | { kind: 'analysed'; file: AnalysedFile }
  /** Its model depends on other modules: analysed again in the project pass. */
  | { kind: 'deferred' }
  | { kind: 'skipped' }
  | { kind: 'failed'; problem: FileProblem };

/**
 * Find the files under `paths` and build each one's agent model, handing each
 * to `onFile` as it is ready. Files that cannot be read, parsed or analysed
 * are returned as problems: the caller must fail closed on them.
 */
export async function analyseTree(
  options: TreeOptions,
  onFile: (file: AnalysedFile) => void,
): Promise<{ root: string; stats: ScanStats; problems: FileProblem[] }> {
  const root = path.resolve(options.cwd ?? process.cwd());
  const paths = options.paths && options.paths.length > 0 ? options.paths : ['.'];
  const problems: FileProblem[] = [];
  const stats: ScanStats = { files: 0, analysed: 0, skipped: 0, failed: 0, ignored: 0 };
  const deferred: DiscoveredFile[] = [];

  const sources = new SourceFiles(root);
  const settings = new ProjectSettings(root, ({ absolutePath, text, errors }) => {
    const problem = syntaxProblem(sources.relative(absolutePath), errors, new LineIndex(text));
    if (problem) problems.push(problem);
  });
  const record = (discovered: DiscoveredFile, outcome: FileOutcome): void => {
    if (outcome.kind === 'deferred') {
      deferred.push(discovered);
      return;
    }
    stats.files++;
    if (outcome.kind === 'skipped') stats.skipped++;
    else if (outcome.kind === 'failed') {
      stats.failed++;
      problems.push(outcome.problem);
    } else {
      try {
        settings.attach(outcome.file.model, outcome.file.absolutePath);
        onFile(outcome.file);
        stats.analysed++;
      } catch (error) {
        // One file's crash must not hide the rest of the scan, nor pass silently.
        stats.failed++;
        problems.push(internalProblem(discovered.path, error));
      }
    }
  };

  const onIgnored = (): void => void stats.ignored++;
  const discovery = {
    cwd: root,
    onIgnored,
    ...(options.ignore ? { ignore: options.ignore } : {}),
    ...(options.settingsFiles ? { settingsFiles: options.settingsFiles } : {}),
  };
  await forEachConcurrently(discoverFiles(paths, discovery), concurrency, async (discovered) => {
    record(discovered, await analyseFile(discovered, sources));
  });
  if (deferred.length > 0) {
    for (const [discovered, outcome] of projectPass(deferred, sources, problems)) record(discovered, outcome);
  }

  return { root, stats, problems: uniqueProblems(problems) };
}

async function analyseFile(file: DiscoveredFile, sources: SourceFiles): Promise<FileOutcome> {
  const fail = (kind: FileProblem['kind'], message: string, at?: { line: number; column: number }): FileOutcome => ({
    kind: 'failed',
    problem: { path: file.path, kind, message, ...at },
  });
  if (file.error !== undefined) return fail('read', file.error);

  let text: string;
  try {
    text = await readFile(file.absolutePath, 'utf8');
  } catch (error) {
    return fail('read', readFailure(file.absolutePath, error));
  }

  try {
    await prepareFor(file.absolutePath);
    const analysis = file.settings ? extractSettings(withoutBom(text), file.absolutePath) : analyzeText(text, file.absolutePath);
    if (!analysis.model) return { kind: 'skipped' };
    const lines = new LineIndex(withoutBom(text));
    const syntax = syntaxProblem(file.path, analysis.syntaxErrors, lines);
    if (syntax) return { kind: 'failed', problem: syntax };
    if (analysis.crossesModules) return { kind: 'deferred' };
    const locate = sources.locator(file.absolutePath, file.path, lines);
    return { kind: 'analysed', file: { path: file.path, absolutePath: file.absolutePath, model: analysis.model, locate } };
  } catch (error) {
    return { kind: 'failed', problem: internalProblem(file.path, error) };
  }
}

/**
 * Analyse the files whose models depend on other modules together, following
 * imports. Values are reported where they are written, in whichever file.
 * When the pass breaks, each file is analysed again on its own: the others
 * are still checked, and the failure is reported under its own file's name.
 */
function projectPass(files: readonly DiscoveredFile[], sources: SourceFiles, problems: FileProblem[]): Array<[DiscoveredFile, FileOutcome]> {
  try {
    return passOver(files, sources, problems);
  } catch {
    return files.flatMap((file): Array<[DiscoveredFile, FileOutcome]> => {
      try {
        return passOver([file], sources, problems);
      } catch (error) {
        return [[file, { kind: 'failed', problem: internalProblem(file.path, error) }]];
      }
    });
  }
}

function passOver(files: readonly DiscoveredFile[], sources: SourceFiles, problems: FileProblem[]): Array<[DiscoveredFile, FileOutcome]> {
  const result = analyzeProject(
    files.map((file) => file.absolutePath),
    sources.read,
  );
  // A module a value was followed into must parse, or the value may be cut short (fail closed).
  for (const imported of result.imported) {
    const syntax = syntaxProblem(sources.relative(imported.path), imported.errors, sources.linesOf(imported.path));
    if (syntax) problems.push(syntax);
  }
  return files.map((file): [DiscoveredFile, FileOutcome] => {
    const model = result.analyses.get(file.absolutePath)?.model;
    if (!model) {
      // Read again for this pass: it can be gone since the first one.
      if (sources.read(file.absolutePath) === undefined) return [file, { kind: 'failed', problem: { path: file.path, kind: 'read', message: readFailure(file.absolutePath) } }];
      return [file, { kind: 'failed', problem: internalProblem(file.path, new Error('the project pass lost the file')) }];
    }
    const locate = sources.locator(file.absolutePath, file.path);
    return [file, { kind: 'analysed', file: { path: file.path, absolutePath: file.absolutePath, model, locate } }];
  });
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

/** Pull from `items` with at most `limit` callbacks in flight. */
async function forEachConcurrently<T>(
  items: AsyncIterable<T>,
  limit: number,
  callback: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  const worker = async (): Promise<void> => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) await callback(next.value);
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
  return `Cannot read file: ${errorMessage(error).replace(/, \w+ '.*'$/s, '')}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
