import type { PassedValue } from '../core/value-sources.js';
import { mentions } from '../core/value-sources.js';
import { qualifiedName } from './imports.js';
import { splatOf, type Scopes } from './scope.js';
import { field, namedChildren, textOf, walk, type PyModule, type PyNode } from './syntax.js';

/** How a function can be called: by its name in this module, and whether it may be called elsewhere. */
export interface Callers {
  owner?: string;
  /** What the calls name: the `def`, or for `__init__` its class. */
  callee?: PyNode;
  calls: PyNode[];
  /** Importable (module level, a public name), decorated, a method, or named other than by those calls. */
  calledElsewhere: boolean;
  /** Module level and a public name: modules that import it may call it (`ImportResolver.callsFromImporters`). */
  importable: boolean;
  /** Decorated, a method, bound twice, or named in the module other than by its calls. */
  namedOtherwise: boolean;
}

/** The calls of a module by the simple name they call, found in one walk. */
const callsByName = new WeakMap<PyModule, Map<string, PyNode[]>>();

function callsNamed(source: PyModule, name: string): PyNode[] {
  let index = callsByName.get(source);
  if (!index) {
    const found = new Map<string, PyNode[]>();
    walk(source.root, (node) => {
      const callee = node.type === 'call' ? field(node, 'function') : undefined;
      if (callee?.type === 'identifier') {
        const text = textOf(source, callee);
        const list = found.get(text);
        if (list) list.push(node);
        else found.set(text, [node]);
      }
      return true;
    });
    callsByName.set(source, found);
    index = found;
  }
  return index.get(name) ?? [];
}

/** Every call of a module, found in one walk. */
const allCalls = new WeakMap<PyModule, PyNode[]>();

export function callsOf(source: PyModule): PyNode[] {
  let calls = allCalls.get(source);
  if (!calls) {
    const found: PyNode[] = [];
    walk(source.root, (node) => {
      if (node.type === 'call') found.push(node);
      return true;
    });
    allCalls.set(source, found);
    calls = found;
  }
  return calls;
}

/** The calls of function `fn` (a `def`) in its module. */
export function callersOf(source: PyModule, scopes: Scopes, fn: PyNode): Callers {
  const nameNode = field(fn, 'name');
  if (fn.type !== 'function_definition' || !nameNode) return { calls: [], calledElsewhere: true, importable: false, namedOtherwise: true };
  const owner = textOf(source, nameNode);
  const scope = scopes.resolve(nameNode);
  const cls = scope?.kind === 'class' ? scope.node : undefined;
  // `__init__` is called by calling its class.
  if (cls && owner === '__init__' && keepsCallers(source, scopes, fn)) return classCallers(source, scopes, cls);
  if (!scope || scope.kind === 'class' || !keepsCallers(source, scopes, fn)) return { owner, calls: [], calledElsewhere: true, importable: false, namedOtherwise: true };
  return callersByName(source, scopes, fn, nameNode);
}

/** The calls of class `cls` (a `class_definition`): the calls of its constructor. */
export function classCallers(source: PyModule, scopes: Scopes, cls: PyNode): Callers {
  const nameNode = field(cls, 'name');
  return nameNode ? callersByName(source, scopes, cls, nameNode) : { calls: [], calledElsewhere: true, importable: false, namedOtherwise: true };
}

/** The calls of `callee` (a `def` or a class) by the name it is bound to. */
function callersByName(source: PyModule, scopes: Scopes, callee: PyNode, nameNode: PyNode): Callers {
  const owner = textOf(source, nameNode);
  const scope = scopes.resolve(nameNode);
  if (!scope || scope.kind === 'class') return { owner, calls: [], calledElsewhere: true, importable: false, namedOtherwise: true };
  // Bound once, by this `def` or `class`: every call by the name in reach is a call of it.
  const single = scope.bindings.get(owner)?.length === 1;
  const calls = single ? callsNamed(source, owner).filter((call) => scopes.resolve(field(call, 'function')!) === scope) : [];
  const importable = scope.kind === 'module' && !owner.startsWith('_');
  const namedOtherwise = !single || mentions(source.text, owner) > calls.length + 1;
  return { owner, callee, calls, calledElsewhere: importable || namedOtherwise, importable: importable && single, namedOtherwise };
}

/**
 * Decorators of the standard library that hand back a function called with
 * the same arguments: `@asynccontextmanager def build_client(**kw)` is still
 * called as `build_client(permission_mode=...)`, so its calls by name are its
 * callers. Any other decorator may call it with arguments of its own.
 */
const signatureKeeping = new Set([
  'contextlib.contextmanager', 'contextlib.asynccontextmanager',
  'functools.cache', 'functools.lru_cache', 'functools.wraps',
]);

/** Undecorated, or decorated only by decorators that keep its callers' arguments. */
function keepsCallers(source: PyModule, scopes: Scopes, fn: PyNode): boolean {
  const holder = fn.parent?.type === 'decorated_definition' ? fn.parent : undefined;
  if (!holder) return true;
  return holder.children.filter((child) => child.type === 'decorator').every((decorator) => {
    const [expression] = namedChildren(decorator);
    // `@functools.lru_cache(maxsize=8)` and `@wraps(inner)` name the decorator in their call.
    const named = expression?.type === 'call' ? field(expression, 'function') : expression;
    const name = named && qualifiedName(source, scopes, named);
    return name !== undefined && signatureKeeping.has(name);
  });
}

/** The parameter a binding site names, with its list and its `def`: `x`, `x: T`, `x=1`. */
export function parameterOf(site: PyNode): { parameter: PyNode; list: PyNode; fn: PyNode } | undefined {
  const parameter = site.parent?.type === 'parameters' ? site : site.parent;
  const list = parameter?.parent;
  const fn = list?.parent;
  if (!parameter || list?.type !== 'parameters' || fn?.type !== 'function_definition' || splatOf(parameter)) return undefined;
  return { parameter, list, fn };
}

/** What the calls of its function in this module pass a parameter, by its binding site: each a node, or what a call leaves it. */
export function passedToParameter(source: PyModule, scopes: Scopes, site: PyNode): PyNode[] {
  const found = parameterOf(site);
  if (!found) return [];
  const { parameter, list, fn } = found;
  const index = callerIndex(source, list, parameterPlace(parameter, list).index);
  return callersOf(source, scopes, fn).calls.flatMap((call) => {
    const passed = passedTo(source, call, textOf(source, site), index);
    return 'kind' in passed ? [] : [passed];
  });
}

/**
 * A parameter's place: its position when it can be passed by position, its
 * name, whether it is `*args`/`**kwargs`, and for `*args` the position its
 * arguments start at.
 */
export function parameterPlace(parameter: PyNode, list: PyNode): { index?: number; splat: boolean; restAt?: number } {
  let index = 0;
  let positional = true;
  for (const each of namedChildren(list)) {
    const splat = splatOf(each) !== undefined;
    if (each === parameter) return { ...(positional && !splat ? { index } : {}), ...(splatOf(each) === 'args' ? { restAt: index } : {}), splat };
    if (each.type === 'keyword_separator' || splatOf(each) === 'args') positional = false;
    else if (each.type !== 'positional_separator') index++;
  }
  return { splat: false };
}

/**
 * The position a caller passes the parameter at: a method's `self` or `cls`
 * is bound by Python, not passed (`self.review` handed to the SDK is called
 * with the SDK's arguments only).
 */
export function callerIndex(source: PyModule, list: PyNode, index: number | undefined): number | undefined {
  if (index === undefined) return undefined;
  const [first] = namedChildren(list);
  const name = first?.type === 'identifier' ? textOf(source, first) : undefined;
  return name === 'self' || name === 'cls' ? index - 1 : index;
}

/** What `call` passes to the parameter `name` at `index` (by keyword, or by position). */
export function passedTo(source: PyModule, call: PyNode, name: string, index: number | undefined): PassedValue | PyNode {
  const list = field(call, 'arguments');
  const items = list && list.type === 'argument_list' ? namedChildren(list) : [];
  const keyword = items.find((item) => item.type === 'keyword_argument' && field(item, 'name') && textOf(source, field(item, 'name')!) === name);
  const value = keyword && field(keyword, 'value');
  if (value) return value;
  // `*args` or `**kwargs` in the call may hold it.
  if (items.some((item) => item.type === 'list_splat' || item.type === 'dictionary_splat')) return { kind: 'unknown' };
  const positional = items.filter((item) => item.type !== 'keyword_argument');
  const argument = index === undefined ? undefined : positional[index];
  return argument ?? { kind: 'omitted' };
}

/** What `call` passes to `*args` at `index`: its positional arguments from there on; undefined when a `*` argument before it hides where they start. */
export function restArgumentsOf(call: PyNode, index: number): PyNode[] | undefined {
  const list = field(call, 'arguments');
  if (!list || list.type !== 'argument_list') return undefined;
  const positional = namedChildren(list).filter((item) => item.type !== 'keyword_argument' && item.type !== 'dictionary_splat');
  return positional.slice(0, index).some((item) => item.type === 'list_splat') ? undefined : positional.slice(index);
}
