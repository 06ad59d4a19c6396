import type { Analysis, AnalyseOptions } from '../contract.js';
import { TypeScriptProject, type ModuleReference, type ProjectHost } from './project.js';
import { isTypeScriptPath, mentionsSdk } from './prefilter.js';

export { isTypeScriptPath };

/**
 * The TypeScript/JavaScript front end: one file to its agent model, with
 * imported values unknown. A file that does not mention the SDK costs a text
 * check, not a parse. `crossesModules` says whether following imports (the
 * project pass) could change what it reports.
 */
export function extractTypeScript(text: string, path: string, options: AnalyseOptions = {}): Analysis {
  if (!options.everyFile && !mentionsSdk(text)) return { syntaxErrors: [] };
  const project = new TypeScriptProject({ readFile: (file) => (file === path ? text : undefined) }, false);
  return project.analyse([path], options).get(path)!;
}

export { TypeScriptProject, type ModuleReference, type ProjectHost };
