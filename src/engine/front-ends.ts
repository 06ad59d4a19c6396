import type { Analysis, FrontEnd, FrontEndAnalysis, ParsedSource, SyntaxError } from '../frontends/contract.js';
import { readerOf } from '../frontends/registry.js';

/**
 * The engine's hold on the front ends it is handed: each one's analysis,
 * loaded (with its parser) the first time a file needs it. This module loads
 * no parser itself, so `scan` of a tree without agent code loads none.
 */
const loading = new WeakMap<FrontEnd, Promise<FrontEndAnalysis>>();
const loaded = new WeakMap<FrontEnd, FrontEndAnalysis>();

/** A front end's analysis with its parser, loaded once. */
export function loadAnalysis(frontEnd: FrontEnd): Promise<FrontEndAnalysis> {
  let promise = loading.get(frontEnd);
  if (!promise) {
    promise = frontEnd.load().then((analysis) => {
      loaded.set(frontEnd, analysis);
      return analysis;
    });
    loading.set(frontEnd, promise);
  }
  return promise;
}

/** Take an analysis loaded otherwise (src/engine/analyse.ts loads the registered ones with itself) for use before `loadAnalysis`. */
export function holdLoaded(frontEnd: FrontEnd, analysis: FrontEndAnalysis): void {
  if (!loaded.has(frontEnd)) loaded.set(frontEnd, analysis);
}

/** A front end's analysis, once `loadAnalysis` has resolved. */
export function loadedAnalysis(frontEnd: FrontEnd): FrontEndAnalysis {
  const analysis = loaded.get(frontEnd);
  if (!analysis) throw new Error(`the ${frontEnd.id} front end is not loaded yet`);
  return analysis;
}

/** Load what the front end of `path` needs before it can read it (Python's parser is WebAssembly, loaded once). */
export async function prepareFor(path: string, frontEnds: readonly FrontEnd[]): Promise<void> {
  await loadAnalysis(readerOf(path, frontEnds));
}

export interface ProjectAnalysis {
  /** The models of the files asked for. */
  analyses: Map<string, Analysis>;
  /** Other files that imports led to, with their syntax errors (a value there may be cut short). */
  imported: Array<{ path: string; errors: SyntaxError[] }>;
}

/**
 * Analyse files together, following values across their modules: each
 * front end with a project pass takes the files it reads, once loaded.
 * `readFile` gives a file's text (byte order mark removed), or undefined if
 * unreadable. `parsed` holds earlier parses by path, used again where the
 * text read is the text they were parsed from.
 */
export function analyseProject(
  paths: readonly string[],
  readFile: (path: string) => string | undefined,
  parsed: ReadonlyMap<string, ParsedSource>,
  frontEnds: readonly FrontEnd[],
): ProjectAnalysis {
  const analyses = new Map<string, Analysis>();
  const imported: ProjectAnalysis['imported'] = [];
  for (const frontEnd of frontEnds) {
    const own = paths.filter((path) => readerOf(path, frontEnds) === frontEnd);
    const project = own.length > 0 ? loadedAnalysis(frontEnd).project?.({ readFile, parsed: (path) => parsed.get(path) }) : undefined;
    if (!project) continue;
    for (const [file, analysis] of project.analyse(own)) analyses.set(file, analysis);
    imported.push(...project.importedFiles(paths));
  }
  return { analyses, imported };
}
