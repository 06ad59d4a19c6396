import type { FrontEndAnalysis } from '../contract.js';
import { extractSettings } from './index.js';

/** Claude Code settings as the engine reads them (`FrontEnd.load`): a settings file's hook scripts are read through `readFile`. */
export const settingsAnalysis: FrontEndAnalysis = {
  analyse: (text, path, { readFile }) => extractSettings(text, path, readFile),
};
