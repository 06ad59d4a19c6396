import { ts } from 'ts-morph';
import { allRules } from '../../rules/index.js';
import { analyseText } from '../../src/engine/analyse.js';
import { checkModel } from '../../src/engine/check.js';
import type { RuleSetting } from '../../src/engine/configs.js';
import { findConfigurations as findPythonConfigurations } from '../../src/frontends/python/configurations.js';
import { Evaluator as PythonEvaluator } from '../../src/frontends/python/evaluate.js';
import { describeFunctions as describePythonFunctions, FunctionRegistry as PythonRegistry } from '../../src/frontends/python/functions.js';
import { parsePython } from '../../src/frontends/python/parse.js';
import { Scopes as PythonScopes } from '../../src/frontends/python/scope.js';
import { isFunction, walk as walkPython, type PyNode } from '../../src/frontends/python/syntax.js';
import { findConfigurations } from '../../src/frontends/typescript/configurations.js';
import { Evaluator, type FunctionNode } from '../../src/frontends/typescript/evaluate.js';
import { describeFunctions, FunctionRegistry } from '../../src/frontends/typescript/functions.js';
import { parseSource, syntaxErrorsOf } from '../../src/frontends/typescript/parse.js';
import { Scopes } from '../../src/frontends/typescript/scope.js';
import { walk } from '../../src/frontends/typescript/walk.js';
import type { AgentModel, FunctionFacts, Language } from '../../src/model/types.js';

/** `code`: JavaScript and TypeScript; `declaration`: `.d.ts` files (no function bodies); `python`. */
export type CorpusKind = 'code' | 'declaration' | 'python';

export interface Exercised {
  /** The parse found syntax errors (real code in a dialect the parser reads differently). */
  syntaxErrors: boolean;
  /** Functions whose facts were built. */
  functions: number;
}

const tsImport = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";
const pyImport = 'import claude_agent_sdk\n';

/** Every rule, so every check meets real-world facts. */
const everyRule: RuleSetting[] = allRules.map((rule) => ({ rule, severity: 'error', options: undefined }));

/**
 * Run one real-world file through every stage of the engine that can see it;
 * throws on any crash. Most files never mention the SDK, so the prefilter
 * skips them; each is also put through the parse as if it imported the SDK:
 * the public pipeline (`analyseText` with an SDK import in front: parse,
 * configurations, model), or for `deep` files the front end's own stages with
 * every function registered as a gate and every call argument evaluated, and
 * then every rule over those facts.
 */
export function exercise(text: string, path: string, kind: CorpusKind, deep: boolean): Exercised {
  analyseText(text, path);
  if (deep) return kind === 'python' ? deepPython(text, path) : deepTypeScript(text, path);
  const forced = analyseText((kind === 'python' ? pyImport : tsImport) + text, path);
  return { syntaxErrors: forced.syntaxErrors.length > 0, functions: 0 };
}

function deepTypeScript(text: string, path: string): Exercised {
  const file = parseSource(text, path);
  const syntaxErrors = syntaxErrorsOf(file).length > 0;
  const scopes = new Scopes();
  const registry = new FunctionRegistry();
  const evaluator = new Evaluator(file, scopes, registry);
  findConfigurations(file, scopes, evaluator);
  walk(file, (node) => {
    if (ts.isFunctionLike(node) && (node as FunctionNode).body) registry.idOf(node as FunctionNode);
    else if (ts.isCallExpression(node)) for (const argument of node.arguments) evaluator.evaluate(argument);
  });
  const all = new Set(registry.nodes.map((_, id) => id));
  const functions = describeFunctions(registry, () => ({ evaluator, scopes }), all);
  checkEveryGate(path, /\.[cm]?tsx?$/i.test(path) ? 'typescript' : 'javascript', functions);
  return { syntaxErrors, functions: functions.length };
}

function deepPython(text: string, path: string): Exercised {
  const { module, syntaxErrors } = parsePython(text, path);
  const scopes = new PythonScopes(module);
  const registry = new PythonRegistry();
  const evaluator = new PythonEvaluator(module, scopes, registry);
  findPythonConfigurations(module, evaluator);
  walkPython(module.root, (node: PyNode) => {
    if (isFunction(node)) registry.idOf(node, module);
    else if (node.type === 'call') evaluator.evaluate(node);
  });
  const all = new Set(registry.entries.map((_, id) => id));
  const functions = describePythonFunctions(registry, () => ({ evaluator, scopes }), all);
  checkEveryGate(path, 'python', functions);
  return { syntaxErrors: syntaxErrors.length > 0, functions: functions.length };
}

/** Every function as a permission hook and as `canUseTool`: the rules read its facts. */
function checkEveryGate(path: string, language: Language, functions: FunctionFacts[]): void {
  const model: AgentModel = {
    path,
    language,
    configurations: [],
    functions,
    gates: functions.flatMap((facts) => [
      { kind: 'hook' as const, functionId: facts.id, span: facts.span, events: ['PreToolUse'] },
      { kind: 'canUseTool' as const, functionId: facts.id, span: facts.span, events: [] },
    ]),
  };
  checkModel(model, everyRule);
}
