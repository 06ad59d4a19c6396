import { isPythonSdkModule, packagePattern, pythonSdkPackages } from '../../model/sdk-modules.js';
import { passedToParameter } from './parameters.js';
import type { Scopes } from './scope.js';
import { field, namedChildren, stringValue, textOf, unwrap, walk, type PyModule, type PyNode } from './syntax.js';

/** What an import binds a name to: a module (`name` `*`), or a name in a module. */
export interface ImportBinding {
  /** Dotted module path; relative imports keep their leading dots (`.hooks`, `..`). */
  module: string;
  name: string;
}

/** What a local module hands over for an import of it, when it re-exports the SDK's: the SDK import. */
export type ReExports = (binding: ImportBinding) => ImportBinding | undefined;

/** Per module: how its imports of local modules are followed to the SDK (the project sets it). */
const reExportsOf = new WeakMap<PyModule, ReExports>();

/** Follow `module`'s imports of local modules that re-export the SDK (`from .sdk import query`) with `through`. */
export function followReExports(module: PyModule, through: ReExports): void {
  reExportsOf.set(module, through);
}

/** `from claude_agent_sdk import *` at the top of `module`: the modules imported so. */
export function starImports(module: PyModule): string[] {
  return module.root.children
    .filter((statement) => statement.type === 'import_from_statement' && statement.children.some((child) => child.type === 'wildcard_import'))
    .map((statement) => dotted(module, field(statement, 'module_name')));
}

/** The import that binds identifier `site` (a binding site from the scope), if it is one. */
export function importBindingOf(source: PyModule, site: PyNode): ImportBinding | undefined {
  const loaded = site.parent?.type === 'assignment' && site.field === 'left' ? loadedModule(source, field(site.parent, 'right')) : undefined;
  if (loaded !== undefined) return { module: loaded, name: '*' };
  const holder = site.parent?.type === 'aliased_import' ? site.parent : site.parent?.type === 'dotted_name' ? site.parent : undefined;
  const statement = holder?.parent;
  if (!holder || !statement) return undefined;
  if (statement.type === 'import_statement') {
    // `import a.b` binds `a`, the top package; `import a.b as c` binds `c`, the module a.b.
    if (holder.type === 'aliased_import') return { module: dotted(source, field(holder, 'name')), name: '*' };
    return { module: textOf(source, site), name: '*' };
  }
  if (statement.type === 'import_from_statement') {
    const module = field(statement, 'module_name');
    const imported = holder.type === 'aliased_import' ? field(holder, 'name') : holder;
    return module && imported ? { module: textOf(source, module).replace(/\s+/g, ''), name: dotted(source, imported) } : undefined;
  }
  return undefined;
}

/**
 * `importlib.import_module("m")`, `__import__("m")` with a literal name: the
 * module `m`; also `import_module` imported from `importlib`, under any name.
 */
function loadedModule(source: PyModule, value: PyNode | undefined): string | undefined {
  const callee = value?.type === 'call' ? field(value, 'function') : undefined;
  const named = callee && textOf(source, callee).replace(/\s+/g, '');
  if (!named || !loadersOf(source).has(named)) return undefined;
  const list = field(value!, 'arguments');
  const [first, ...rest] = list ? namedChildren(list) : [];
  const name = first && rest.length === 0 ? stringValue(source, first) : undefined;
  // A relative name needs the `package` argument: not followed.
  return name && !name.startsWith('.') ? name : undefined;
}

/** Per module: how its code spells a call of `importlib.import_module` or `__import__`. */
const loaders = new WeakMap<PyModule, Set<string>>();

/** The spellings the module's top-level imports give `importlib.import_module` (`import_module`, `il.import_module`). */
function loadersOf(source: PyModule): Set<string> {
  let names = loaders.get(source);
  if (names) return names;
  names = new Set(['importlib.import_module', '__import__']);
  for (const statement of source.root.children) {
    if (statement.type === 'import_statement') {
      // `import importlib as il`
      for (const item of namedChildren(statement)) {
        if (item.type === 'aliased_import' && dotted(source, field(item, 'name')) === 'importlib') names.add(`${dotted(source, field(item, 'alias'))}.import_module`);
      }
    } else if (statement.type === 'import_from_statement' && dotted(source, field(statement, 'module_name')) === 'importlib') {
      // `from importlib import import_module [as load]`
      for (const item of namedChildren(statement).slice(1)) {
        const imported = item.type === 'aliased_import' ? field(item, 'name') : item;
        const bound = item.type === 'aliased_import' ? field(item, 'alias') : item;
        if (dotted(source, imported) === 'import_module') names.add(dotted(source, bound));
      }
    }
    // A module that binds `__import__` itself (`def __import__(name):`, an assignment, an import) calls its own.
    if (bindsName(source, statement, '__import__')) names.delete('__import__');
  }
  loaders.set(source, names);
  return names;
}

/** Whether a top-level statement binds `name`: a def or class of that name, an assignment to it, or an import of it. */
function bindsName(source: PyModule, statement: PyNode, name: string): boolean {
  const definition = statement.type === 'decorated_definition' ? field(statement, 'definition') : statement;
  if (definition?.type === 'function_definition' || definition?.type === 'class_definition') return dotted(source, field(definition, 'name')) === name;
  const assignment = statement.type === 'expression_statement' ? namedChildren(statement)[0] : undefined;
  if (assignment?.type === 'assignment') return dotted(source, field(assignment, 'left')) === name;
  if (statement.type !== 'import_from_statement') return false;
  return namedChildren(statement)
    .slice(1)
    .some((item) => dotted(source, item.type === 'aliased_import' ? field(item, 'alias') : item) === name);
}

function dotted(source: PyModule, node: PyNode | undefined): string {
  return node ? textOf(source, node).replace(/\s+/g, '') : '';
}

/**
 * Every module `source` may load, anywhere in it: each import's module, its
 * parent packages and `module.name` for each name imported from it (a name
 * can be a submodule), and the literal names given to `import_module` or
 * `__import__`. A superset, for the scan's grouping of its project pass.
 */
export function importedModuleNames(source: PyModule): string[] {
  const names: string[] = [];
  walk(source.root, (node) => {
    if (node.type === 'import_statement') {
      for (const item of namedChildren(node)) names.push(...withParents(dotted(source, item.type === 'aliased_import' ? field(item, 'name') : item)));
    } else if (node.type === 'import_from_statement') {
      const module = dotted(source, field(node, 'module_name'));
      names.push(...withParents(module));
      for (const item of namedChildren(node).slice(1)) {
        const name = dotted(source, item.type === 'aliased_import' ? field(item, 'name') : item);
        if (name !== '' && item.type !== 'wildcard_import') names.push(joinModule(module, name));
      }
    } else if (node.type === 'call') {
      const callee = field(node, 'function');
      const list = field(node, 'arguments');
      const first = list && namedChildren(list)[0];
      const named = callee && dotted(source, callee);
      const loaded = first && (named === '__import__' || named?.endsWith('import_module')) ? stringValue(source, first) : undefined;
      if (loaded) names.push(...withParents(loaded));
    }
    return true;
  });
  return names;
}

/** `..a.b` and the packages it lies in: `..`, `..a`, `..a.b`. */
function withParents(module: string): string[] {
  const dots = /^\.*/.exec(module)![0];
  const parts = module.slice(dots.length).split('.').filter((part) => part !== '');
  return [...(dots ? [dots] : []), ...parts.map((_, i) => dots + parts.slice(0, i + 1).join('.'))];
}

/** `module` + `.name`, keeping relative prefixes: `.` + `hooks` is `.hooks`. */
export function joinModule(module: string, name: string): string {
  return module.endsWith('.') ? `${module}${name}` : `${module}.${name}`;
}

/**
 * The dotted name an expression refers to through imports: `uuid.uuid4`
 * for `uuid.uuid4` or for `uuid4` imported from `uuid`; a builtin's own
 * name (`str`, `dict`); undefined for anything bound otherwise.
 */
export function qualifiedName(source: PyModule, scopes: Scopes, node: PyNode): string | undefined {
  const expression = unwrap(node);
  if (expression.type === 'attribute') {
    const object = field(expression, 'object');
    const attribute = field(expression, 'attribute');
    const base = object && qualifiedName(source, scopes, object);
    return base && attribute ? `${base}.${textOf(source, attribute)}` : undefined;
  }
  if (expression.type !== 'identifier') return undefined;
  const binding = importOfName(source, scopes, expression);
  if (binding === null) return undefined;
  if (!binding) return textOf(source, expression);
  // `query` from a local module that re-exports the SDK's is the SDK's.
  const imported = reExportsOf.get(source)?.(binding) ?? binding;
  return imported.name === '*' ? imported.module : joinModule(imported.module, imported.name);
}

/**
 * The SDK module a parameter is handed by a call of its function in this
 * module (`drive(agent_sdk)` with `import claude_agent_sdk as agent_sdk`),
 * the way Python hands a module in. One such call is enough: on its path the
 * options reach the SDK. Only an import passed as it is counts, so this never
 * follows parameters into parameters.
 */
function passedSdk(source: PyModule, scopes: Scopes, site: PyNode): ImportBinding | undefined {
  if (!bindsSdkModule(source)) return undefined;
  if (passedSdks.has(site)) return passedSdks.get(site);
  let found: ImportBinding | undefined;
  for (const passed of passedToParameter(source, scopes, site)) {
    const bound = passed.type === 'identifier' ? scopes.resolve(passed)?.bindings.get(textOf(source, passed)) : undefined;
    const binding = bound?.length === 1 ? importBindingOf(source, bound[0]!) : undefined;
    if (binding?.name === '*' && isPythonSdkModule(binding.module)) {
      found = binding;
      break;
    }
  }
  passedSdks.set(site, found);
  return found;
}

/** Per parameter site: names are looked up many times, and finding a function's calls reads the module's text. */
const passedSdks = new WeakMap<PyNode, ImportBinding | undefined>();

const wholeSdk = new RegExp(String.raw`\bimport[ \t]+${packagePattern(pythonSdkPackages)}\b|\bimport_module\b|\b__import__\b`);

/** Whether the module may bind an SDK module whole (`import claude_agent_sdk as sdk`, `import_module(...)`): else no parameter can be handed one. */
function bindsSdkModule(source: PyModule): boolean {
  let binds = bindsWhole.get(source);
  if (binds === undefined) bindsWhole.set(source, (binds = wholeSdk.test(source.text)));
  return binds;
}

const bindsWhole = new WeakMap<PyModule, boolean>();

/**
 * The import an identifier's name comes from: undefined for a builtin (bound
 * nowhere), null for a name bound by anything but one import.
 */
export function importOfName(source: PyModule, scopes: Scopes, identifier: PyNode): ImportBinding | undefined | null {
  const scope = scopes.resolve(identifier);
  if (!scope) return undefined;
  const sites = scope.bindings.get(textOf(source, identifier)) ?? [];
  const bindings = sites.map((site) => importBindingOf(source, site) ?? passedSdk(source, scopes, site));
  const [first] = bindings;
  if (!first || bindings.some((binding) => !binding || binding.module !== first.module || binding.name !== first.name)) return null;
  return first;
}
