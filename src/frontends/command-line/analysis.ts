import type { FrontEndAnalysis } from '../contract.js';
import { extractCommandLine } from './index.js';

/** Shell scripts, Makefiles, package.json scripts and workflows as the engine reads them (`FrontEnd.load`); loading it loads the YAML parser. */
export const commandLineAnalysis: FrontEndAnalysis = {
  analyse: (text, path) => extractCommandLine(text, path),
};
