import ts from './compiler.cjs';
import type { Property } from '../../model/types.js';
import { NodeIds } from '../core/refusals.js';
import { isArrowFunction, isBinaryExpression, isBlock, isCaseOrDefaultClause, isClassLike, isFunctionLike, isIdentifier, isIfStatement, isModuleBlock, isPropertyAccessExpression, isPropertyAssignment, isReturnStatement, isShorthandPropertyAssignment, isSourceFile, isThrowStatement, SyntaxKind } from './syntax.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/**
 * The guards before `call` in its function that stop when their condition
 * holds (`if (a && b) throw …`, or `return`), each as the reads it ANDs
 * (`readKey`); a guard with any other kind of test is left out.
 */
export function guardsBefore(call: ts.Node, scopes: Scopes): string[][] {
  const guards: string[][] = [];
  for (let child = call, parent = call.parent; parent && !isFunctionLike(child); child = parent, parent = parent.parent) {
    if (!isBlock(parent) && !isSourceFile(parent) && !isModuleBlock(parent) && !isCaseOrDefaultClause(parent)) continue;
    for (const statement of parent.statements) {
      if (statement === child) break;
      if (!isIfStatement(statement) || !stops(statement.thenStatement)) continue;
      const reads = conjuncts(statement.expression).map((read) => readKey(read, scopes));
      if (reads.every((read) => read !== undefined)) guards.push(reads as string[]);
    }
  }
  return guards;
}

/** What an option property was read from (`canUseTool: this.settings.canUseTool`), when its key is written in `file`. */
export function readOfProperty(property: Property, file: ts.SourceFile, scopes: Scopes): string | undefined {
  if (property.keySpan.file !== undefined && property.keySpan.file !== file.fileName) return undefined;
  const assignment = propertyAt(file, property.keySpan.start);
  if (!assignment) return undefined;
  return readKey(isPropertyAssignment(assignment) ? assignment.initializer : assignment.name, scopes);
}

/** Always leaves the function: a `throw` or `return`, alone or last in its block. */
function stops(statement: ts.Statement): boolean {
  const last = isBlock(statement) ? statement.statements.at(-1) : statement;
  return !!last && (isThrowStatement(last) || isReturnStatement(last));
}

function conjuncts(expression: ts.Expression): ts.Expression[] {
  const test = unwrap(expression);
  if (isBinaryExpression(test) && test.operatorToken.kind === SyntaxKind.AmpersandAmpersandToken) return [...conjuncts(test.left), ...conjuncts(test.right)];
  return [test];
}

const roots = new NodeIds<ts.Node>();

/**
 * A read as a key that is the same where the same value is read: the
 * declaration a name resolves to, or the class `this` is an instance of,
 * then the property path (`3.settings.canUseTool`).
 */
function readKey(expression: ts.Expression, scopes: Scopes): string | undefined {
  const path: string[] = [];
  let current = unwrap(expression);
  while (isPropertyAccessExpression(current)) {
    path.unshift(current.name.text);
    current = unwrap(current.expression);
  }
  const root = isIdentifier(current) ? scopes.resolve(current) : current.kind === SyntaxKind.ThisKeyword ? classOfThis(current) : undefined;
  return root ? [roots.of(root), ...path].join('.') : undefined;
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
