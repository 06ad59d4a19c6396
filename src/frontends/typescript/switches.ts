import ts from './compiler.cjs';
import { isAwaitExpression, isBindingElement, isCallExpression, isIdentifier, isObjectBindingPattern, isObjectLiteralExpression, isParameter, isPropertyAccessExpression, isPropertyAssignment, isShorthandPropertyAssignment, isVariableDeclaration } from './syntax.js';
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
 * (`await drive(q)`, or `drive({ session: q })` to `{ session }`): those
 * calls, the method and its argument. A call is an entry point when the
 * caller knows it as one.
 */
export function switchOf(call: ts.CallExpression, scopes: Scopes): { started: ts.CallExpression[]; method: string; written: string; argument: ts.Expression } | undefined {
  const found = switchCall(call, scopes);
  if (!found) return undefined;
  const { receiver: declaration, ...written } = found;
  const own = declaration && startedBy(declaration);
  const started = own ? [own] : declaration ? passedIn(declaration, scopes) : [];
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
 * it is handed (a command handler, a UI action), or on the name it
 * destructures from an object argument (`drive({ session: q })`, as Python
 * hands it by keyword), each with the evaluator of that module for its
 * argument. Calls in this file are `switchOf`'s.
 */
export function switchesOfCallee(call: ts.CallExpression, scopes: Scopes, evaluator: Evaluator): Array<{ started: ts.CallExpression; switched: ts.CallExpression; method: string; written: string; argument: ts.Expression; evaluator: Evaluator }> {
  // Only a call handed a session asks for its callee: looking it up marks the file as crossing modules.
  const target = call.arguments.some((argument) => handsSession(argument, scopes)) ? evaluator.importedFunction(unwrap(call.expression)) : undefined;
  if (!target?.node.body) return [];
  const body = target.node.body;
  const { scopes: theirs } = target.evaluator;
  const inBody = indexOf(body.getSourceFile()).calls.filter((each) => each.pos >= body.pos && each.end <= body.end);
  return inBody.flatMap((switched) => {
    const found = switchCall(switched, theirs);
    const place = found?.receiver && placeOf(found.receiver);
    if (!found || !place || place.parameter.parent !== target.node) return [];
    const started = sessionIn(argumentAt(call, target.node.parameters.indexOf(place.parameter))?.expression, scopes, place.key);
    return started ? [{ started, switched, method: found.method, written: found.written, argument: found.argument, evaluator: target.evaluator }] : [];
  });
}

/** The parameter a name is, or, for a name destructured from an object parameter (`{ session }`), that parameter and the key. */
function placeOf(declaration: ts.Node): { parameter: ts.ParameterDeclaration; key?: string } | undefined {
  if (isParameter(declaration)) return declaration.dotDotDotToken || !isIdentifier(declaration.name) ? undefined : { parameter: declaration };
  if (!isBindingElement(declaration) || declaration.dotDotDotToken || !isIdentifier(declaration.name) || !isObjectBindingPattern(declaration.parent)) return undefined;
  const parameter = declaration.parent.parent;
  const key = declaration.propertyName ? (isIdentifier(declaration.propertyName) ? declaration.propertyName.text : undefined) : declaration.name.text;
  return isParameter(parameter) && !parameter.dotDotDotToken && key !== undefined ? { parameter, key } : undefined;
}

/** The call that started the session an argument hands over (`q`, `query(...)`), or, with `key`, the one its object literal holds there (`{ key: q }`, `{ q }`). */
function sessionIn(argument: ts.Expression | undefined, scopes: Scopes, key?: string): ts.CallExpression | undefined {
  let value = argument && unwrap(argument);
  if (value && key !== undefined) {
    const property = isObjectLiteralExpression(value) ? value.properties.find((each) => (isPropertyAssignment(each) || isShorthandPropertyAssignment(each)) && isIdentifier(each.name) && each.name.text === key) : undefined;
    value = property && valueOf(property);
  }
  if (!value) return undefined;
  const declaration = isIdentifier(value) ? scopes.resolve(value) : undefined;
  return declaration ? startedBy(declaration) : callIn(value);
}

/** An argument is a session, or an object literal one of whose properties is. */
function handsSession(argument: ts.Expression, scopes: Scopes): boolean {
  const value = unwrap(argument);
  return !!sessionIn(value, scopes) || (isObjectLiteralExpression(value) && value.properties.some((property) => !!sessionIn(valueOf(property), scopes)));
}

function valueOf(property: ts.ObjectLiteralElementLike): ts.Expression | undefined {
  if (isShorthandPropertyAssignment(property)) return property.name;
  return isPropertyAssignment(property) ? unwrap(property.initializer) : undefined;
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

/** The calls that started the sessions the calls of its function pass a parameter: `drive(q)`, `drive(query(...))`, `drive({ session: q })`. */
function passedIn(declaration: ts.Node, scopes: Scopes): ts.CallExpression[] {
  const place = placeOf(declaration);
  if (!place) return [];
  const index = place.parameter.parent.parameters.indexOf(place.parameter);
  return callersOf(place.parameter.parent, scopes).calls.flatMap((call) => {
    const started = sessionIn(argumentAt(call, index)?.expression, scopes, place.key);
    return started ? [started] : [];
  });
}
