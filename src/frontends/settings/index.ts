import type { Analysis } from '../contract.js';
import type { AgentModel } from '../../model/types.js';
import { settingsConfiguration } from './configuration.js';
import { hookScriptsOf, type ReadFile } from './hook-scripts.js';
import { parseSettings } from './parse.js';
import { settingsTierOf } from './paths.js';
import { spanOf, valueOf } from './values.js';

export { isSettingsPath, settingsTierOf } from './paths.js';
export type { ReadFile } from './hook-scripts.js';

/**
 * The settings-file front end: a Claude Code settings file to its agent
 * model, one configuration for the whole file. A file that is not valid
 * JSON still has a model (with no configuration when nothing could be
 * read), so `scan` reports its syntax errors instead of skipping it.
 * With `readFile`, the scripts its hooks run are read too (never run).
 */
export function extractSettings(text: string, path: string, readFile?: ReadFile): Analysis {
  const model: AgentModel = { path, language: 'settings', configurations: [], functions: [], gates: [] };
  // An empty file holds no settings: nothing to check, and nothing wrong.
  if (text.trim() === '') return { model, syntaxErrors: [] };
  const { document, syntaxErrors } = parseSettings(text);
  if (!document) return { model, syntaxErrors };
  const root = valueOf(document.body, path);
  if (root.kind !== 'object') {
    const found = root.kind === 'array' ? 'an array' : root.kind === 'null' ? 'null' : `a ${root.kind}`;
    return {
      model,
      syntaxErrors: [
        ...syntaxErrors,
        { span: spanOf(document.body), message: `A settings file holds one JSON object, not ${found}. Claude Code applies none of it.` },
      ],
    };
  }
  const configuration = settingsConfiguration(root, settingsTierOf(path));
  const hookScripts = readFile && hookScriptsOf(configuration, path, readFile);
  if (hookScripts) configuration.hookScripts = hookScripts;
  model.configurations.push(configuration);
  return { model, syntaxErrors };
}
