import ts from './compiler.cjs';
import { isArrowFunction, isBinaryExpression, isClassDeclaration, isClassLike, isConstructorDeclaration, isElementAccessExpression, isExpressionStatement, isFunctionLike, isIdentifier, isNewExpression, isObjectLiteralExpression, isParameter, isPropertyAssignment, isShorthandPropertyAssignment, isSpreadAssignment, isSpreadElement, isPropertyAccessExpression, isStringLiteralLike, isTypeReferenceNode, isVariableDeclaration, SyntaxKind } from './syntax.js';
import type { FieldWrite } from '../core/fields.js';
import { isObjectAssign, writesInRunOrder } from './file-index.js';
import { spanOf, staticName, unwrap } from './parse.js';
import { enclosingFunction } from './parameters.js';
import type { Scopes } from './scope.js';

/**
 * A write to a field of `this` in a class's own code, without its value
 * evaluated. `spread`: `Object.assign(this, source)` of a source that is not
 * an object literal, which writes whichever keys `value` turns out to hold.
 */
export type ThisWrite = Omit<FieldWrite, 'value'> & { value: ts.Expression; spread?: true };

interface ClassWrites {
  byKey: Map<string, ThisWrite[]>;
  /** The `spread` writes, which may write any key. */
  spreads: ThisWrite[];
}

const known = new WeakMap<ts.Node, ClassWrites>();

/** The writes `this.key = value` in the methods, constructor and field initialisers of a class, by key, in run order. */
export function thisWritesOf(cls: ts.ClassLikeDeclaration): Map<string, ThisWrite[]> {
  return classWritesOf(cls).byKey;
}

/** The writes of key `key` of `this`, the `spread` ones that may write it among them, in run order. */
export function thisWritesOfKey(cls: ts.ClassLikeDeclaration, key: string): ThisWrite[] {
  const { byKey, spreads } = classWritesOf(cls);
  const own = byKey.get(key) ?? [];
  if (spreads.length === 0) return own;
  return [...own, ...spreads].sort((a, b) => runOrder.get(a)! - runOrder.get(b)!);
}

function classWritesOf(cls: ts.ClassLikeDeclaration): ClassWrites {
  let writes = known.get(cls);
  if (!writes) {
    writes = findThisWrites(cls);
    known.set(cls, writes);
  }
  return writes;
}

/** Where each write of `this` stands among its class's writes, for merging the keyed ones with the spread ones. */
const runOrder = new WeakMap<ThisWrite, number>();

function findThisWrites(cls: ts.ClassLikeDeclaration): ClassWrites {
  const found: ClassWrites = { byKey: new Map(), spreads: [] };
  let order = 0;
  const note = (key: string | undefined, write: ThisWrite): void => {
    runOrder.set(write, order++);
    if (key === undefined) found.spreads.push(write);
    else add(found.byKey, key, write);
  };
  // `constructor(private mode = 'plan')`: the field is set from the parameter before the body runs.
  for (const parameter of cls.members.find(isConstructorDeclaration)?.parameters ?? []) {
    if (isIdentifier(parameter.name) && isParameterProperty(parameter)) {
      note(parameter.name.text, { place: 'setup', name: `this.${parameter.name.text}`, value: parameter.name, span: spanOf(parameter) });
    }
  }
  for (const write of writesInRunOrder(cls.getSourceFile())) {
    if (write.pos < cls.pos || write.end > cls.end) continue;
    if (!isBinaryExpression(write)) {
      const assigned = assignedToThis(write);
      const place = assigned.length > 0 ? placeOf(write, cls) : undefined;
      for (const [key, value] of place ? assigned : []) {
        note(key, { ...place!, name: key === undefined ? 'this' : `this.${key}`, value, span: spanOf(write), ...(key === undefined ? { spread: true as const } : {}) });
      }
      continue;
    }
    const target = fieldTarget(write);
    if (!target || unwrap(target.object).kind !== SyntaxKind.ThisKeyword) continue;
    const place = placeOf(write, cls);
    if (place) note(target.key, { ...place, name: `this.${target.key}`, value: write.right, span: spanOf(write) });
  }
  return found;
}

const outsideWrites = new WeakMap<ts.Node, { instance: Map<string, ThisWrite[]>; statics: Map<string, ThisWrite[]> }>();

/**
 * The writes `session.key = value` anywhere in the class's file through a
 * name that holds an instance of it (`const session = new Session()`, a
 * parameter `target: Session`): a command handler or a UI action that may
 * run before any read, like a method's write.
 */
export function instanceWritesOf(cls: ts.ClassLikeDeclaration, scopes: Scopes): Map<string, ThisWrite[]> {
  return outsideWritesOf(cls, scopes).instance;
}

/** The writes `Session.key = value` to a static field, anywhere in the class's file. */
export function staticWritesOf(cls: ts.ClassLikeDeclaration, scopes: Scopes): Map<string, ThisWrite[]> {
  return outsideWritesOf(cls, scopes).statics;
}

function outsideWritesOf(cls: ts.ClassLikeDeclaration, scopes: Scopes): { instance: Map<string, ThisWrite[]>; statics: Map<string, ThisWrite[]> } {
  let writes = outsideWrites.get(cls);
  if (writes) return writes;
  writes = { instance: new Map(), statics: new Map() };
  for (const write of writesInRunOrder(cls.getSourceFile())) {
    const target = isBinaryExpression(write) ? fieldTarget(write) : undefined;
    const receiver = target && unwrap(target.object);
    const declaration = receiver && isIdentifier(receiver) ? scopes.resolve(receiver) : undefined;
    const into = declaration === cls ? writes.statics : holdsInstance(declaration, cls, scopes) ? writes.instance : undefined;
    if (!into) continue;
    const owner = enclosingFunction(write).name;
    add(into, target!.key, { place: 'method', ...(owner ? { owner } : {}), name: `${(receiver as ts.Identifier).text}.${target!.key}`, value: (write as ts.BinaryExpression).right, span: spanOf(write) });
  }
  outsideWrites.set(cls, writes);
  return writes;
}

/** A variable set to `new Cls(...)`, or a parameter annotated `Cls`. */
function holdsInstance(declaration: ts.Node | undefined, cls: ts.ClassLikeDeclaration, scopes: Scopes): boolean {
  if (declaration && isVariableDeclaration(declaration) && declaration.initializer) {
    const initializer = unwrap(declaration.initializer);
    const callee = isNewExpression(initializer) ? unwrap(initializer.expression) : undefined;
    return !!callee && isIdentifier(callee) && scopes.resolve(callee) === cls;
  }
  return !!declaration && annotatedClass(declaration, scopes) === cls;
}

/** The class of this file a parameter's annotation names: `session: Session`. */
function annotatedClass(declaration: ts.Node, scopes: Scopes): ts.ClassDeclaration | undefined {
  if (!isParameter(declaration) || !declaration.type || !isTypeReferenceNode(declaration.type) || !isIdentifier(declaration.type.typeName)) return undefined;
  const cls = scopes.resolve(declaration.type.typeName);
  return cls && isClassDeclaration(cls) ? cls : undefined;
}

/**
 * `Object.assign(this, { mode: 'plan' }, options)`: each key of an object
 * literal source with its value, and each other source (or `...spread` in a
 * literal) with no key, in the order they are written.
 */
function assignedToThis(call: ts.CallExpression): Array<[string | undefined, ts.Expression]> {
  const callee = unwrap(call.expression);
  const [target, ...sources] = call.arguments;
  if (!isPropertyAccessExpression(callee) || !isObjectAssign(callee) || !target || unwrap(target).kind !== SyntaxKind.ThisKeyword) return [];
  const members: Array<[string | undefined, ts.Expression]> = [];
  for (const source of sources) {
    const literal = unwrap(source);
    if (isSpreadElement(source) || !isObjectLiteralExpression(literal)) {
      members.push([undefined, isSpreadElement(source) ? source.expression : source]);
      continue;
    }
    for (const member of literal.properties) {
      if (isSpreadAssignment(member)) members.push([undefined, member.expression]);
      const key = member.name && staticName(member.name);
      if (key === undefined) continue;
      if (isPropertyAssignment(member)) members.push([key, member.initializer]);
      else if (isShorthandPropertyAssignment(member)) members.push([key, member.name]);
    }
  }
  return members;
}

const propertyModifiers = new Set([SyntaxKind.PublicKeyword, SyntaxKind.PrivateKeyword, SyntaxKind.ProtectedKeyword, SyntaxKind.ReadonlyKeyword]);

/** A constructor parameter that declares a field: `private`, `public`, `protected` or `readonly`. */
function isParameterProperty(parameter: ts.ParameterDeclaration): boolean {
  return !!parameter.modifiers?.some((modifier) => propertyModifiers.has(modifier.kind));
}

/** `x.key = value` or `x['key'] = value`: the object written to and the key. */
function fieldTarget(write: ts.BinaryExpression): { object: ts.Expression; key: string } | undefined {
  const target = unwrap(write.left);
  if (isPropertyAccessExpression(target)) return { object: target.expression, key: target.name.text };
  if (!isElementAccessExpression(target)) return undefined;
  const key = unwrap(target.argumentExpression);
  return isStringLiteralLike(key) ? { object: target.expression, key: key.text } : undefined;
}

function add(found: Map<string, ThisWrite[]>, key: string, write: ThisWrite): void {
  const list = found.get(key);
  if (list) list.push(write);
  else found.set(key, [write]);
}

/**
 * Which member of the class a write runs in, and when. `this` is the
 * instance in the class's members and in arrow functions inside them; in a
 * nested `function` or class it is something else, and the write is left out.
 */
function placeOf(write: ts.Node, cls: ts.ClassLikeDeclaration): Pick<FieldWrite, 'place' | 'owner'> | undefined {
  let inArrow = false;
  for (let current: ts.Node = write.parent; current !== cls; current = current.parent) {
    if (isArrowFunction(current)) inArrow = true;
    else if (isClassLike(current)) return undefined;
    else if (isFunctionLike(current) || current.kind === SyntaxKind.PropertyDeclaration) {
      if (current.parent !== cls) return undefined;
      if (isConstructorDeclaration(current)) {
        // An arrow in the constructor is a callback: it runs later, like a method.
        if (inArrow) return { place: 'method', owner: 'constructor' };
        const statement = write.parent;
        return { place: isExpressionStatement(statement) && statement.parent === current.body ? 'setup' : 'constructor' };
      }
      const name = (current as ts.ClassElement).name;
      const owner = name && staticName(name);
      return { place: 'method', ...(owner ? { owner } : {}) };
    }
  }
  return undefined;
}
