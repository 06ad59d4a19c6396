import type { Analysis, AnalyseOptions } from '../contract.js';
import { loadPythonParser } from './parse.js';
import { PythonProject, type ProjectHost } from './project.js';
import { isPythonPath, mentionsSdk } from './prefilter.js';

export { isPythonPath };

/**
 * The Python front end: one module to its agent model, with imported values
 * unknown. A file that does not mention the SDK costs a text check, never a
 * parse. `crossesModules` says whether following imports (the project pass)
 * could change what it reports. `loadPythonParser()` must have resolved first.
 */
export function extractPython(text: string, path: string, options: AnalyseOptions = {}): Analysis & { crossesModules?: boolean } {
  if (!options.everyFile && !mentionsSdk(text)) return { syntaxErrors: [] };
  const project = new PythonProject({ readFile: (file) => (file === path ? text : undefined) }, false);
  return project.analyse([path], options).get(path)!;
}

export { loadPythonParser, PythonProject, type ProjectHost };
