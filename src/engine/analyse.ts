import type { Analysis, AnalyseOptions, ParsedSource } from '../frontends/contract.js';
import { loadedAnalyses } from '../frontends/loaded.js';
import { frontEnds, readerOf } from '../frontends/registry.js';
import { analyseProject as projectOf, holdLoaded, loadedAnalysis, prepareFor as prepare, type ProjectAnalysis } from './front-ends.js';
import { withoutBom } from './prefilter.js';

/**
 * The registered front ends, loaded with this module, for the edges that
 * analyse synchronously (the ESLint and oxlint adapters) and for tests.
 * `scan` does not load this module: it loads each front end as a file needs it.
 */
for (const frontEnd of frontEnds) holdLoaded(frontEnd, loadedAnalyses.get(frontEnd.id)!);

// They live in prefilter.ts, which loads no parser.
export { isSupportedPath, withoutBom } from './prefilter.js';

export type { Analysis, AnalyseOptions, ParsedSource, SyntaxError } from '../frontends/contract.js';
export type { ProjectAnalysis };

/** Load what the front end of `path` needs before `analyseText` can read it: the Python parser is WebAssembly, loaded once. */
export const prepareFor = (path: string): Promise<void> => prepare(path, frontEnds);

/** `analyseProject` (src/engine/front-ends.ts) over the registered front ends. */
export function analyseProject(paths: readonly string[], readFile: (path: string) => string | undefined, parsed: ReadonlyMap<string, ParsedSource> = new Map()): ProjectAnalysis {
  return projectOf(paths, readFile, parsed, frontEnds);
}

/**
 * Build the agent model of one file with the registered front end that reads
 * it. `readFile` reads other files the model needs (the scripts a settings
 * file's hooks run); without it they are not looked at.
 */
export function analyseText(text: string, path: string, readFile?: (path: string) => string | undefined, options: AnalyseOptions = {}): Analysis {
  return loadedAnalysis(readerOf(path)).analyse(withoutBom(text), path, { ...options, ...(readFile ? { readFile } : {}) });
}
