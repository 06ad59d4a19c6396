import ts from './compiler.cjs';
import { isBinaryExpression, isBlock, isElementAccessExpression, isIfStatement, isSourceFile, isExpressionStatement, isFunctionLike, isIdentifier, isNumericLiteral, isPropertyAccessExpression, isSpreadElement, isStringLiteralLike, isVariableDeclaration } from './syntax.js';
import type { PathStep } from '../../model/build.js';
import { isObjectAssign, listMethods, writesInRunOrder } from './file-index.js';
import { spanOf, unwrap } from './parse.js';

/**
 * A later write to a variable: `x = v`, `x.a.b = v`, `x.a.push(v)`,
 * `Object.assign(x.a, v)` ('merge'), `x.splice(i, n, v)` (which may remove
 * what the list held: 'splice'), or `fill(x)`, a call that may add to the
 * list it is handed ('handed').
 */
export interface Assignment {
  root: ts.Identifier;
  path: PathStep[];
  kind: 'assign' | 'append' | 'merge' | 'splice' | 'handed';
  values: ts.Expression[];
  /** The statement that holds it, to tell an unconditional write from a conditional one. */
  statement: ts.Node | undefined;
}

const maxPath = 64;

/** Every write to a named variable in the file, by variable name. Built once, on demand. */
export function indexAssignments(file: ts.SourceFile): Map<string, Assignment[]> {
  const index = new Map<string, Assignment[]>();
  const add = (assignment: Assignment | undefined): void => {
    if (!assignment) return;
    const list = index.get(assignment.root.text) ?? [];
    list.push(assignment);
    index.set(assignment.root.text, list);
  };
  for (const write of writesInRunOrder(file)) {
    if (isBinaryExpression(write)) add(targetOf(write.left, 'assign', [write.right], write));
    else if (isPropertyAccessExpression(write.expression) && isObjectAssign(write.expression)) {
      const [target, ...sources] = write.arguments;
      if (target && !sources.some(isSpreadElement)) add(targetOf(target, 'merge', sources, write));
    } else if (isPropertyAccessExpression(write.expression) && listMethods.has(write.expression.name.text)) add(listChange(write, write.expression));
    else if (!readsOnly(write.expression)) {
      for (const argument of write.arguments) if (isIdentifier(argument)) add(targetOf(argument, 'handed', [], write));
    }
  }
  return index;
}

/**
 * `x.push(a)`, `x.unshift(a)`: `a` added; `x.splice(i, 0, a)` too, and with
 * any other count it may remove what `x` held, as `x.pop()` and `x.shift()` do.
 */
function listChange(call: ts.CallExpression, callee: ts.PropertyAccessExpression): Assignment | undefined {
  const method = callee.name.text;
  if (method === 'pop' || method === 'shift') return targetOf(callee.expression, 'splice', [], call);
  if (method !== 'splice') return targetOf(callee.expression, 'append', [...call.arguments], call);
  const count = call.arguments[1] && unwrap(call.arguments[1]);
  const removesNothing = !!count && isNumericLiteral(count) && Number(count.text) === 0;
  return targetOf(callee.expression, removesNothing ? 'append' : 'splice', call.arguments.slice(2), call);
}

/** Calls that only read what they are handed: logging, `JSON.stringify`, conversions and tests. */
const readingCalls = new Set(['JSON.stringify', 'String', 'Boolean', 'Number', 'Array.isArray', 'Array.from', 'Object.freeze', 'Object.keys', 'Object.values', 'Object.entries', 'structuredClone']);
const loggingMethods = new Set(['log', 'debug', 'info', 'warn', 'error', 'trace']);

function readsOnly(callee: ts.Expression): boolean {
  const bare = unwrap(callee);
  if (isIdentifier(bare)) return readingCalls.has(bare.text);
  if (!isPropertyAccessExpression(bare)) return false;
  return loggingMethods.has(bare.name.text) || (isIdentifier(bare.expression) && readingCalls.has(`${bare.expression.text}.${bare.name.text}`));
}

function targetOf(
  target: ts.Expression,
  kind: Assignment['kind'],
  values: ts.Expression[],
  node: ts.Node,
): Assignment | undefined {
  const path: PathStep[] = [];
  let current = unwrap(target);
  while (isPropertyAccessExpression(current) || isElementAccessExpression(current)) {
    // No option sits this deep; a generated chain would only make the writes walk it key by key.
    if (path.length >= maxPath) return undefined;
    const name = isPropertyAccessExpression(current)
      ? current.name.text
      : isStringLiteralLike(unwrap(current.argumentExpression))
        ? (unwrap(current.argumentExpression) as ts.StringLiteralLike).text
        : undefined;
    if (name === undefined) return undefined;
    path.unshift({ key: name, span: spanOf(isPropertyAccessExpression(current) ? current.name : current.argumentExpression) });
    current = unwrap(current.expression);
  }
  if (!isIdentifier(current)) return undefined;
  return { root: current, path, kind, values, statement: enclosingStatement(node) };
}

function enclosingStatement(node: ts.Node): ts.Node | undefined {
  let current: ts.Node | undefined = node;
  while (current && !isExpressionStatement(current)) {
    if (isFunctionLike(current)) return undefined;
    current = current.parent;
  }
  return current;
}

/** True when the write always runs once its declaration has run: a statement in the same block. */
export function isUnconditional(assignment: Assignment, declaration: ts.Node): boolean {
  const declarationStatement = isVariableDeclaration(declaration) ? declaration.parent.parent : undefined;
  return !!assignment.statement && !!declarationStatement && assignment.statement.parent === declarationStatement.parent;
}

/**
 * `let reason; if (a) reason = 'x'; else reason = 'y';`: an if/else chain in
 * the declaration's own block whose every branch assigns the whole variable.
 * After it, the declaration's missing initial value is gone on every path.
 */
export function assignedOnEveryBranch(writes: readonly Assignment[], declaration: ts.VariableDeclaration): boolean {
  const block = declaration.parent.parent.parent;
  if (!isBlock(block) && !isSourceFile(block)) return false;
  const whole = new Set(writes.filter((write) => write.path.length === 0 && write.kind === 'assign').map((write) => write.statement));
  const assigns = (branch: ts.Statement): boolean =>
    whole.has(branch) || (isBlock(branch) && branch.statements.some((statement) => whole.has(statement)));
  return block.statements.some((statement) => {
    if (!isIfStatement(statement)) return false;
    for (let current: ts.Statement = statement; ; ) {
      if (!isIfStatement(current)) return assigns(current);
      if (!assigns(current.thenStatement) || !current.elseStatement) return false;
      current = current.elseStatement;
    }
  });
}

