import ts from './compiler.cjs';
import { isAwaitExpression, isCallExpression, isIdentifier, isPropertyAccessExpression, isVariableDeclaration } from './syntax.js';
import { switchMethods } from '../../model/switches.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/**
 * `q.setPermissionMode(mode)` or `q.applyFlagSettings(settings)` where `q`
 * holds what a call returned (`const q = query(...)`): that call, the
 * method and its argument. The call is an entry point when the caller knows it as one.
 */
export function switchOf(call: ts.CallExpression, scopes: Scopes): { started: ts.CallExpression; method: string; written: string; argument: ts.Expression } | undefined {
  const callee = unwrap(call.expression);
  const [argument] = call.arguments;
  if (!argument || !isPropertyAccessExpression(callee) || !Object.hasOwn(switchMethods, callee.name.text) || !isIdentifier(callee.expression)) return undefined;
  const declaration = scopes.resolve(callee.expression);
  if (!declaration || !isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  let initializer = unwrap(declaration.initializer);
  if (isAwaitExpression(initializer)) initializer = unwrap(initializer.expression);
  if (!isCallExpression(initializer)) return undefined;
  return { started: initializer, method: callee.name.text, written: `${callee.expression.text}.${callee.name.text}`, argument };
}
