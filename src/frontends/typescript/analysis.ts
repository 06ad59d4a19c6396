import type { FrontEndAnalysis, ParsedSource } from '../contract.js';
import type ts from './compiler.cjs';
import { extractTypeScript, TypeScriptProject } from './index.js';

/** A parse this front end made: not a Python module. */
const ownParse = (parsed: ParsedSource | undefined): ts.SourceFile | undefined => (parsed && !('module' in parsed) ? parsed : undefined);

/** The TypeScript/JavaScript analysis as the engine calls it (`FrontEnd.load`). */
export const typeScriptAnalysis: FrontEndAnalysis = {
  analyse: (text, path, options) => extractTypeScript(text, path, options),
  project(host) {
    const project = new TypeScriptProject({ readFile: (path) => host.readFile(path), parsed: (path) => ownParse(host.parsed?.(path)) }, true);
    return { analyse: (paths) => project.analyse(paths), importedFiles: (paths) => project.importedFiles(paths), linkedModules: (path) => project.linkedModules(path) };
  },
};
