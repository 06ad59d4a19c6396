import ts from './compiler.cjs';
import { isIdentifier, isParameter } from './syntax.js';
import { importOf, type ImportBinding } from './imports.js';
import { argumentAt, callersOf } from './parameters.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/**
 * The module a parameter is handed by a call of its function in this file:
 * `run(agentSdk)` with `import * as agentSdk from '…'` (or a `require`) makes
 * `agent` of `function run(agent)` that module, the way JavaScript hands an
 * SDK in without a type. One such call is enough: on its path the options
 * reach that module. Only an import passed as it is counts, so this never
 * follows parameters into parameters.
 */
export function passedImport(declaration: ts.Node, scopes: Scopes): ImportBinding | undefined {
  if (!isParameter(declaration) || !isIdentifier(declaration.name) || declaration.dotDotDotToken) return undefined;
  const index = declaration.parent.parameters.indexOf(declaration);
  for (const call of callersOf(declaration.parent, scopes).calls) {
    const passed = argumentAt(call, index)?.expression;
    const value = passed && unwrap(passed);
    const source = value && isIdentifier(value) ? scopes.resolve(value) : undefined;
    const binding = source && importOf(source);
    if (binding && (binding.name === '*' || binding.name === 'default')) return { module: binding.module, name: '*' };
  }
  return undefined;
}
