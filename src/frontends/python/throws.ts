import { isPythonSdkModule } from '../../model/sdk-modules.js';
import type { FunctionFacts } from '../../model/types.js';
import { firstThrowOutsideTry as coreFirstThrow } from '../core/first-throw.js';
import { nodeReader } from './expressions.js';
import { qualifiedName } from './imports.js';
import { inputReader } from './input-reads.js';
import type { Scopes } from './scope.js';
import { field, textOf, type PyModule, type PyNode } from './syntax.js';

/** Builtins that do not raise on the values they are usually given. */
const safeFunctions = new Set(['str', 'repr', 'bool', 'len', 'isinstance', 'print', 'dict', 'list', 'set', 'tuple', 'sorted', 'any', 'all', 'min', 'max', 'format', 'id', 'hash', 'type', 'os.getcwd']);

/** Methods of strings, lists, sets and dicts that do not raise on ordinary input. */
const safeMethods = new Set([
  'get', 'startswith', 'endswith', 'lower', 'upper', 'strip', 'lstrip', 'rstrip', 'split', 'join', 'format', 'replace',
  'items', 'keys', 'values', 'append', 'add', 'update', 'setdefault', 'copy', 'extend', 'count', 'discard',
  'debug', 'info', 'warning', 'error', 'exception', 'critical',
]);

/** `os.path` functions that compute a path or test one, never raising on a string (unlike `getsize`, `getmtime`). */
const safePathFunctions = new Set(
  ['join', 'basename', 'dirname', 'split', 'splitext', 'normpath', 'abspath', 'isabs', 'exists', 'isfile', 'isdir', 'expanduser'].map((name) => `os.path.${name}`),
);

/** Modules whose functions are safe to call: logging. */
const safeModules = new Set(['logging']);

/** SDK constructors of results and matchers: plain data. */
const safeConstructors = new Set(['HookMatcher', 'PermissionResultAllow', 'PermissionResultDeny']);

/**
 * The first place in a body, outside any `try` with handlers, where an
 * exception can escape (the core's search, `core/first-throw.ts`): a read of
 * the input that can find nothing raises too, its subscript `KeyError`, an
 * attribute of `.get(...)`'s None an `AttributeError`. `callThrows` answers
 * for functions of the project.
 */
export function firstThrowOutsideTry(
  source: PyModule,
  scopes: Scopes,
  fn: PyNode,
  callThrows: (call: PyNode) => boolean | undefined,
): FunctionFacts['mayThrow'] {
  const body = field(fn, 'body');
  if (!body) return undefined;
  const syntax = { callMayThrow: (call: PyNode) => mayThrow(source, scopes, call, callThrows), inputRead: inputReader(source, scopes, fn), subscriptRaises: true };
  return coreFirstThrow(nodeReader(source), syntax, body);
}

function mayThrow(source: PyModule, scopes: Scopes, call: PyNode, callThrows: (call: PyNode) => boolean | undefined): boolean {
  const local = callThrows(call);
  if (local !== undefined) return local;
  const callee = field(call, 'function');
  if (!callee) return true;
  const name = qualifiedName(source, scopes, callee);
  if (name) {
    if (['sys.exit', 'os._exit'].includes(name)) return false;
    if (safeFunctions.has(name) || safeModules.has(name.split('.')[0]!) || safePathFunctions.has(name)) return false;
    if (safeConstructors.has(name.split('.').pop()!) && isPythonSdkModule(name.slice(0, name.lastIndexOf('.')))) return false;
  }
  if (callee.type === 'attribute') {
    const method = field(callee, 'attribute');
    return !(method && safeMethods.has(textOf(source, method)));
  }
  return true;
}
