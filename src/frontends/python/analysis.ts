import type { FrontEndAnalysis, ParsedSource } from '../contract.js';
import { extractPython, PythonProject } from './index.js';
import type { ParsedModule } from './parse.js';

/** A parse this front end made: a Python module. */
const ownParse = (parsed: ParsedSource | undefined): ParsedModule | undefined => (parsed && 'module' in parsed ? parsed : undefined);

/** The Python analysis as the engine calls it (`FrontEnd.load`, which loads the parser first). */
export const pythonAnalysis: FrontEndAnalysis = {
  analyse: (text, path, options) => extractPython(text, path, options),
  project(host) {
    const project = new PythonProject({ readFile: (path) => host.readFile(path), parsed: (path) => ownParse(host.parsed?.(path)) }, true);
    return { analyse: (paths) => project.analyse(paths), importedFiles: (paths) => project.importedFiles(paths), linkedModules: (path) => project.linkedModules(path) };
  },
};
