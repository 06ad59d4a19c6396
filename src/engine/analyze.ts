import type { Analysis, AnalyzeOptions, ParsedSource, SyntaxError } from '../frontends/contract.js';
import { extractCommandLine, isCommandLinePath } from '../frontends/command-line/index.js';
import { extractFrontmatter, isFrontmatterPath } from '../frontends/frontmatter/index.js';
import { extractPython, isPythonPath, loadPythonParser, PythonProject } from '../frontends/python/index.js';
import type { ParsedModule } from '../frontends/python/parse.js';
import { extractSettings, isSettingsPath, type ReadFile } from '../frontends/settings/index.js';
import type ts from '../frontends/typescript/compiler.cjs';
import { extractTypeScript, isTypeScriptPath, TypeScriptProject } from '../frontends/typescript/index.js';
import { withoutBom } from './prefilter.js';

// They live in prefilter.ts, which loads no parser, so `scan` can load this module lazily.
export { isSupportedPath, withoutBom } from './prefilter.js';

export type { Analysis, AnalyzeOptions, ParsedSource, SyntaxError } from '../frontends/contract.js';

export interface ProjectAnalysis {
  /** The models of the files asked for. */
  analyses: Map<string, Analysis>;
  /** Other files that imports led to, with their syntax errors (a value there may be cut short). */
  imported: Array<{ path: string; errors: SyntaxError[] }>;
}

/**
 * Analyse files together, following values across their modules. `readFile`
 * gives a file's text (byte order mark removed), or undefined if unreadable.
 * `parsed` holds earlier parses by path, used again where the text read is
 * the text they were parsed from.
 */
export function analyzeProject(
  paths: readonly string[],
  readFile: (path: string) => string | undefined,
  parsed: ReadonlyMap<string, ParsedSource> = new Map(),
): ProjectAnalysis {
  const project = new TypeScriptProject({ readFile, parsed: (path) => asTree(parsed.get(path)) }, true);
  const analyses: Map<string, Analysis> = project.analyze(paths.filter(isTypeScriptPath));
  const python = new PythonProject({ readFile, parsed: (path) => asModule(parsed.get(path)) }, true);
  for (const [file, analysis] of python.analyze(paths.filter(isPythonPath))) analyses.set(file, analysis);
  return { analyses, imported: [...project.importedFiles(paths), ...python.importedFiles(paths)] };
}

const asModule = (parsed: ParsedSource | undefined): ParsedModule | undefined => (parsed && 'module' in parsed ? parsed : undefined);
const asTree = (parsed: ParsedSource | undefined): ts.SourceFile | undefined => (parsed && !('module' in parsed) ? parsed : undefined);

/** Load what a front end needs before `analyzeText` can read `path`: the Python parser is WebAssembly, loaded once. */
export async function prepareFor(path: string): Promise<void> {
  if (isPythonPath(path)) await loadPythonParser();
}


/**
 * Build the agent model of one file with the front end for its language.
 * `readFile` reads other files the model needs (the scripts a settings
 * file's hooks run); without it they are not looked at.
 */
export function analyzeText(text: string, path: string, readFile?: ReadFile, options: AnalyzeOptions = {}): Analysis {
  if (isSettingsPath(path)) return extractSettings(withoutBom(text), path, readFile);
  if (isFrontmatterPath(path)) return extractFrontmatter(withoutBom(text), path);
  if (isCommandLinePath(path)) return extractCommandLine(withoutBom(text), path);
  if (isPythonPath(path)) return extractPython(withoutBom(text), path, options);
  return extractTypeScript(withoutBom(text), path, options);
}
