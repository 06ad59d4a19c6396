import ts from './compiler.cjs';
import { isAwaitExpression, isCallExpression, isIdentifier, isParameter, isPropertyAccessExpression, isVariableDeclaration } from './syntax.js';
import { switchMethods } from '../../model/switches.js';
import { argumentAt, callersOf } from './parameters.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/**
 * `q.setPermissionMode(mode)` or `q.applyFlagSettings(settings)` where `q`
 * holds what a call returned (`const q = query(...)`), or is a parameter
 * that the calls of its function in this file give such a session
 * (`await drive(q)`): those calls, the method and its argument. A call is an
 * entry point when the caller knows it as one.
 */
export function switchOf(call: ts.CallExpression, scopes: Scopes): { started: ts.CallExpression[]; method: string; written: string; argument: ts.Expression } | undefined {
  const callee = unwrap(call.expression);
  const [argument] = call.arguments;
  if (!argument || !isPropertyAccessExpression(callee) || !Object.hasOwn(switchMethods, callee.name.text) || !isIdentifier(callee.expression)) return undefined;
  const declaration = scopes.resolve(callee.expression);
  const own = declaration && startedBy(declaration);
  const started = own ? [own] : declaration && isParameter(declaration) ? passedIn(declaration, scopes) : [];
  return started.length > 0 ? { started, method: callee.name.text, written: `${callee.expression.text}.${callee.name.text}`, argument } : undefined;
}

/** The call a `const`'s value is the result of: `const q = query(...)`, `const q = await startup(...)`. */
function startedBy(declaration: ts.Node): ts.CallExpression | undefined {
  if (!isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  return callIn(declaration.initializer);
}

function callIn(expression: ts.Expression): ts.CallExpression | undefined {
  let value = unwrap(expression);
  if (isAwaitExpression(value)) value = unwrap(value.expression);
  return isCallExpression(value) ? value : undefined;
}

/** The calls that started the sessions the calls of its function pass a parameter: `drive(q)`, `drive(query(...))`. */
function passedIn(parameter: ts.ParameterDeclaration, scopes: Scopes): ts.CallExpression[] {
  if (parameter.dotDotDotToken) return [];
  const index = parameter.parent.parameters.indexOf(parameter);
  return callersOf(parameter.parent, scopes).calls.flatMap((call) => {
    const passed = argumentAt(call, index)?.expression;
    const value = passed && unwrap(passed);
    const declaration = value && isIdentifier(value) ? scopes.resolve(value) : undefined;
    const started = declaration ? startedBy(declaration) : value && callIn(value);
    return started ? [started] : [];
  });
}
