import ts from './compiler.cjs';
import type { Property } from '../../model/types.js';
import { guardsBefore as coreGuardsBefore, readKey } from '../core/refusals.js';
import { nodeReader } from './expressions.js';
import { isArrowFunction, isClassLike, isFunctionLike, isIdentifier, isPropertyAssignment, isShorthandPropertyAssignment, SyntaxKind } from './syntax.js';
import type { Scopes } from './scope.js';

/** The guards before `call` in its function that stop when their condition holds: the core's, over TypeScript nodes. */
export function guardsBefore(call: ts.Node, scopes: Scopes): string[][] {
  return coreGuardsBefore(nodeReader(), (root) => rootOf(root, scopes), call);
}

/** What an option property was read from (`canUseTool: this.settings.canUseTool`), when its key is written in `file`. */
export function readOfProperty(property: Property, file: ts.SourceFile, scopes: Scopes): string | undefined {
  if (property.keySpan.file !== undefined && property.keySpan.file !== file.fileName) return undefined;
  const assignment = propertyAt(file, property.keySpan.start);
  if (!assignment) return undefined;
  return readKey(nodeReader(), (root) => rootOf(root, scopes), isPropertyAssignment(assignment) ? assignment.initializer : assignment.name);
}

/** What a read starts from: the declaration a name resolves to, or the class `this` is an instance of. */
function rootOf(node: ts.Node, scopes: Scopes): ts.Node | undefined {
  return isIdentifier(node) ? scopes.resolve(node) : node.kind === SyntaxKind.ThisKeyword ? classOfThis(node) : undefined;
}

/** The class whose instance `this` is: the nearest function that is not an arrow must be one of its members. */
function classOfThis(node: ts.Node): ts.Node | undefined {
  let fn = node.parent;
  while (fn && !(isFunctionLike(fn) && !isArrowFunction(fn)) && !isClassLike(fn)) fn = fn.parent;
  if (fn && isClassLike(fn)) return fn;
  return fn?.parent && isClassLike(fn.parent) ? fn.parent : undefined;
}

/** The property assignment whose name starts at `start`. */
function propertyAt(file: ts.SourceFile, start: number): ts.PropertyAssignment | ts.ShorthandPropertyAssignment | undefined {
  let node: ts.Node = file;
  for (;;) {
    const inner: ts.Node | undefined = node.forEachChild((child) => (child.pos <= start && start < child.end ? child : undefined));
    if (!inner) return undefined;
    if ((isPropertyAssignment(inner) || isShorthandPropertyAssignment(inner)) && inner.name.getStart(file) === start) return inner;
    node = inner;
  }
}
