import ts from './compiler.cjs';
import { isAwaitExpression, isCallExpression, isIdentifier, isParameter, isPropertyAccessExpression, isVariableDeclaration } from './syntax.js';
import { switchMethods } from '../../model/switches.js';
import type { Evaluator } from './evaluate.js';
import { indexOf } from './file-index.js';
import { argumentAt, callersOf } from './parameters.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/** A run-time switch as written: the call, the method, the receiver's declaration and the argument. */
interface SwitchCall {
  method: string;
  written: string;
  argument: ts.Expression;
  receiver: ts.Node | undefined;
}

/**
 * `q.setPermissionMode(mode)` or `q.applyFlagSettings(settings)` where `q`
 * holds what a call returned (`const q = query(...)`), or is a parameter
 * that the calls of its function in this file give such a session
 * (`await drive(q)`): those calls, the method and its argument. A call is an
 * entry point when the caller knows it as one.
 */
export function switchOf(call: ts.CallExpression, scopes: Scopes): { started: ts.CallExpression[]; method: string; written: string; argument: ts.Expression } | undefined {
  const found = switchCall(call, scopes);
  if (!found) return undefined;
  const { receiver: declaration, ...written } = found;
  const own = declaration && startedBy(declaration);
  const started = own ? [own] : declaration && isParameter(declaration) ? passedIn(declaration, scopes) : [];
  return started.length > 0 ? { started, ...written } : undefined;
}

function switchCall(call: ts.CallExpression, scopes: Scopes): SwitchCall | undefined {
  const callee = unwrap(call.expression);
  const [argument] = call.arguments;
  if (!argument || !isPropertyAccessExpression(callee) || !Object.hasOwn(switchMethods, callee.name.text) || !isIdentifier(callee.expression)) return undefined;
  return { method: callee.name.text, written: `${callee.expression.text}.${callee.name.text}`, argument, receiver: scopes.resolve(callee.expression) };
}

/**
 * `drive(q)` where `q` holds a session this file started and `drive` is a
 * function of another module: the switches its body makes on the parameter
 * it is handed (a command handler, a UI action), each with the evaluator of
 * that module for its argument. Calls in this file are `switchOf`'s.
 */
export function switchesOfCallee(call: ts.CallExpression, scopes: Scopes, evaluator: Evaluator): Array<{ started: ts.CallExpression; switched: ts.CallExpression; method: string; written: string; argument: ts.Expression; evaluator: Evaluator }> {
  const handed = call.arguments.flatMap((argument, index) => {
    const value = unwrap(argument);
    const declaration = isIdentifier(value) ? scopes.resolve(value) : undefined;
    const started = declaration ? startedBy(declaration) : callIn(value);
    return started ? [{ started, index }] : [];
  });
  // Only a call handed a session asks for its callee: looking it up marks the file as crossing modules.
  const target = handed.length > 0 ? evaluator.importedFunction(unwrap(call.expression)) : undefined;
  if (!target?.node.body) return [];
  const body = target.node.body;
  const { scopes: theirs } = target.evaluator;
  const inBody = indexOf(body.getSourceFile()).calls.filter((each) => each.pos >= body.pos && each.end <= body.end);
  return handed.flatMap(({ started, index }) => {
    const parameter = argumentAt(call, index) && target.node.parameters[index];
    if (!parameter || parameter.dotDotDotToken || !isIdentifier(parameter.name)) return [];
    return inBody.flatMap((switched) => {
      const found = switchCall(switched, theirs);
      return found && found.receiver === parameter ? [{ started, switched, method: found.method, written: found.written, argument: found.argument, evaluator: target.evaluator }] : [];
    });
  });
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
