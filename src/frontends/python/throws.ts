import { isPythonSdkModule } from '../../model/sdk-modules.js';
import type { FunctionFacts } from '../../model/types.js';
import { missingField, ThrowSearch } from '../core/input-reads.js';
import { qualifiedName } from './imports.js';
import { inputReader } from './input-reads.js';
import type { Scopes } from './scope.js';
import { field, isFunction, spanOf, textOf, type PyModule, type PyNode } from './syntax.js';

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
 * exception can escape: a `raise`, an `await`, a call of something not
 * known to be safe, or a read of the input that can find nothing: its
 * subscript raises `KeyError`, an attribute of `.get(...)`'s None an
 * `AttributeError`. `callThrows` answers for functions of the project.
 */
export function firstThrowOutsideTry(
  source: PyModule,
  scopes: Scopes,
  fn: PyNode,
  callThrows: (call: PyNode) => boolean | undefined,
): FunctionFacts['mayThrow'] {
  const body = field(fn, 'body');
  if (!body) return undefined;
  const readOf = inputReader(source, scopes, fn);
  const missing = (read: PyNode | undefined): string | undefined => {
    const found = read && readOf(read);
    return found ? missingField(found) : undefined;
  };
  const search = new ThrowSearch();
  const stack: PyNode[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== body && (isFunction(node) || node.type === 'class_definition')) continue;
    const guarded = node.type === 'try_statement' && node.children.some((child) => child.type === 'except_clause');
    if (node.type === 'raise_statement' || node.type === 'await' || (node.type === 'call' && mayThrow(source, scopes, node, callThrows))) {
      return { span: spanOf(source, node), description: describe(source, node) };
    }
    const absent = node.type === 'subscript' ? missing(node) : node.type === 'attribute' ? missing(field(node, 'object')) : undefined;
    if (absent !== undefined) {
      // `command.strip()` reads as the call it makes.
      const access = node.parent?.type === 'call' && node.field === 'function' ? node.parent : node;
      search.field(absent, () => ({ span: spanOf(source, access), description: describe(source, access) }));
    }
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i]!;
      // The try block is guarded when there is a handler; the handlers, else and finally are not.
      if (!(guarded && child.field === 'body')) stack.push(child);
    }
  }
  return search.result();
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

function describe(source: PyModule, node: PyNode): string {
  const text = textOf(source, node).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
