import ts from './compiler.cjs';
import { isAwaitExpression, isCallExpression, isClassLike, isElementAccessExpression, isFunctionLike, isIdentifier, isNewExpression, isPropertyAccessExpression, isThrowStatement, isTryStatement } from './syntax.js';
import type { FunctionFacts } from '../../model/types.js';
import { missingField, ThrowSearch } from '../core/input-reads.js';
import { inputReader } from './input-reads.js';
import { isProcessExit } from './lower.js';
import { spanOf, unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/** Receivers whose methods do not throw on ordinary input; `path` is Node's path module (extname, basename, join, ...). */
const safeReceivers = new Set(['console', 'Math', 'Object', 'Array', 'Number', 'String', 'Boolean', 'Date', 'crypto', 'performance', 'path']);

/** Methods of strings, numbers, arrays, Sets and Maps: they do not throw on the values they are given. */
const safeMethods = new Set([
  'includes', 'startsWith', 'endsWith', 'some', 'every', 'map', 'filter', 'find', 'findIndex', 'forEach',
  'join', 'split', 'toLowerCase', 'toUpperCase', 'trim', 'test', 'match', 'replace', 'replaceAll', 'slice',
  'indexOf', 'has', 'get', 'set', 'add', 'delete', 'push', 'concat', 'keys', 'values', 'entries', 'toString',
  'pop', 'shift', 'unshift', 'at', 'lastIndexOf', 'substring', 'charAt', 'trimStart', 'trimEnd', 'padStart', 'padEnd',
  'charCodeAt', 'codePointAt', 'search', 'localeCompare', 'flat', 'flatMap', 'reverse', 'sort', 'findLast', 'findLastIndex',
  // Number methods: toFixed and toPrecision throw only for a digit count out of range.
  'toFixed', 'toPrecision', 'toLocaleString', 'valueOf',
]);

/** `process` methods that read the process's own state. */
const safeProcessMethods = new Set(['cwd', 'uptime', 'hrtime', 'memoryUsage', 'emitWarning']);

const safeFunctions = new Set(['String', 'Number', 'Boolean', 'isNaN', 'parseInt', 'parseFloat', 'randomUUID']);

/** Constructors that do not throw on the arguments they are usually given. */
const safeConstructors = new Set(['Error', 'TypeError', 'RangeError', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Date', 'Array', 'Object', 'Headers', 'AbortController']);

/**
 * The first place in a body, outside any try block, where an exception can
 * escape: a `throw`, an `await`, a call of something not known to be safe, or
 * a member access on a read of the input that can find nothing.
 * `callThrows` answers for functions of the same file.
 */
export function firstThrowOutsideTry(
  body: ts.Node,
  callThrows: (call: ts.CallExpression) => boolean | undefined,
  scopes: Scopes,
): FunctionFacts['mayThrow'] {
  const readOf = inputReader(body, scopes);
  const onMissing = (node: ts.Node): string | undefined => {
    if (!(isPropertyAccessExpression(node) || isElementAccessExpression(node)) || node.questionDotToken) return undefined;
    const read = readOf(node.expression);
    return read && missingField(read);
  };
  const search = new ThrowSearch();
  // Depth first in source order, without recursion: a long `a + b + ...` chain is deeper than the stack.
  const stack: ts.Node[] = [body];
  const children: ts.Node[] = [];
  const collect = (child: ts.Node): void => {
    children.push(child);
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isFunctionLike(node) || isClassLike(node)) continue;
    children.length = 0;
    if (isTryStatement(node)) {
      // The try block is guarded when there is a catch; the handler itself is not.
      if (!node.catchClause) children.push(node.tryBlock);
      if (node.catchClause) children.push(node.catchClause.block);
      if (node.finallyBlock) children.push(node.finallyBlock);
    } else {
      const field = onMissing(node);
      if (field !== undefined) {
        // `x.trim()` reads as the call it makes.
        const access = isCallExpression(node.parent) && node.parent.expression === node ? node.parent : node;
        search.field(field, () => ({ span: spanOf(access), description: describe(access) }));
      }
      const throws =
        isThrowStatement(node) ||
        isAwaitExpression(node) ||
        (isCallExpression(node) && mayThrow(node, callThrows)) ||
        (isNewExpression(node) && !(isIdentifier(node.expression) && safeConstructors.has(node.expression.text)));
      if (throws) return { span: spanOf(node), description: describe(node) };
      node.forEachChild(collect);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return search.result();
}

function mayThrow(call: ts.CallExpression, callThrows: (call: ts.CallExpression) => boolean | undefined): boolean {
  if (isProcessExit(call)) return false;
  const local = callThrows(call);
  if (local !== undefined) return local;
  const callee = unwrap(call.expression);
  if (isIdentifier(callee)) return !safeFunctions.has(callee.text);
  if (isPropertyAccessExpression(callee)) {
    const receiver = unwrap(callee.expression);
    if (isIdentifier(receiver) && safeReceivers.has(receiver.text)) return false;
    if (isIdentifier(receiver) && receiver.text === 'process') return !safeProcessMethods.has(callee.name.text);
    // JSON.parse throws on bad input; JSON.stringify does not on plain data.
    if (isIdentifier(receiver) && receiver.text === 'JSON') return callee.name.text !== 'stringify';
    return !safeMethods.has(callee.name.text);
  }
  return true;
}

function describe(node: ts.Node): string {
  const text = node.getText().replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
