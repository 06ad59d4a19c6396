import ts from './compiler.cjs';
import { isIdentifier, isNewExpression, isPropertyAccessExpression } from './syntax.js';
import type { FunctionFacts } from '../../model/types.js';
import { firstThrowOutsideTry as coreFirstThrow } from '../core/first-throw.js';
import { nodeReader } from './expressions.js';
import { inputReader } from './input-reads.js';
import { isProcessExit } from './lower.js';
import { unwrap } from './parse.js';
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
 * escape (the core's search, `core/first-throw.ts`). `callThrows` answers for
 * functions of the same file.
 */
export function firstThrowOutsideTry(
  body: ts.Node,
  callThrows: (call: ts.CallExpression) => boolean | undefined,
  scopes: Scopes,
): FunctionFacts['mayThrow'] {
  const inputRead = inputReader(body, scopes);
  return coreFirstThrow(nodeReader(), {
    callMayThrow: (node) => (isNewExpression(node) ? !(isIdentifier(node.expression) && safeConstructors.has(node.expression.text)) : mayThrow(node as ts.CallExpression, callThrows)),
    inputRead: (expression) => inputRead(expression as ts.Expression),
    subscriptRaises: false,
  }, body);
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
