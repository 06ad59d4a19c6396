import type { FrontEndAnalysis } from './contract.js';
import { commandLineAnalysis } from './command-line/analysis.js';
import { frontmatterAnalysis } from './frontmatter/analysis.js';
import { pythonAnalysis } from './python/analysis.js';
import { settingsAnalysis } from './settings/analysis.js';
import { typeScriptAnalysis } from './typescript/analysis.js';

/**
 * The analysis of every front end in the registry by id, loaded with this
 * module: for the edges that analyse synchronously (ESLint and oxlint call a
 * rule per file and wait for nothing). Python's parser still loads with its
 * `FrontEnd.load`. test/frontends/registry.test.ts holds the two lists alike.
 */
export const loadedAnalyses: ReadonlyMap<string, FrontEndAnalysis> = new Map([
  ['settings', settingsAnalysis],
  ['frontmatter', frontmatterAnalysis],
  ['command-line', commandLineAnalysis],
  ['python', pythonAnalysis],
  ['typescript', typeScriptAnalysis],
]);
