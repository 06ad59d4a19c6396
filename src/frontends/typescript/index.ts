import type { Analysis } from '../../engine/analyze.js';
import { gatesOfConfiguration, mergeGates } from '../../model/hooks.js';
import type { AgentModel } from '../../model/types.js';
import { findConfigurations } from './configurations.js';
import { Evaluator } from './evaluate.js';
import { describeFunctions, FunctionRegistry } from './functions.js';
import { parseSource, syntaxErrorsOf } from './parse.js';
import { Scopes } from './scope.js';
import { mentionsSdk } from './sdk.js';

const extensions = /\.(?:[cm]?[jt]sx?)$/i;

/** TypeScript and JavaScript sources; declaration files hold no agent code. */
export function isTypeScriptPath(path: string): boolean {
  return extensions.test(path) && !/\.d\.[cm]?ts$/i.test(path);
}

/**
 * The TypeScript/JavaScript front end: one file to its agent model. A file
 * that does not mention the SDK costs a text check, not a parse.
 */
export function extractTypeScript(text: string, path: string): Analysis {
  if (!mentionsSdk(text)) return { syntaxErrors: [] };
  const file = parseSource(text, path);
  const scopes = new Scopes();
  const registry = new FunctionRegistry();
  const evaluator = new Evaluator(file, scopes, registry);
  const found = findConfigurations(file, scopes, evaluator);
  const wired = found.configurations.flatMap(gatesOfConfiguration);
  const wiredIds = new Set(wired.map((gate) => gate.functionId));
  const gates = mergeGates([...wired, ...found.gates.filter((gate) => gate.kind === 'tool' || !wiredIds.has(gate.functionId))]);
  const hookIds = new Set(gates.filter((gate) => gate.kind === 'hook').map((gate) => gate.functionId));
  const model: AgentModel = {
    path,
    language: /\.[cm]?tsx?$/i.test(path) ? 'typescript' : 'javascript',
    configurations: found.configurations,
    functions: describeFunctions(registry, evaluator, scopes, hookIds),
    gates,
  };
  return { model, syntaxErrors: syntaxErrorsOf(file) };
}
