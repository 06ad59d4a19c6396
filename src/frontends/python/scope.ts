import { field, fields, isFunction, namedChildren, textOf, type PyModule, type PyNode } from './syntax.js';

export type ScopeKind = 'module' | 'function' | 'class' | 'comprehension';

/** A Python scope: the module, a function or lambda, a class body, a comprehension. */
export interface PyScope {
  kind: ScopeKind;
  node: PyNode;
  parent: PyScope | undefined;
  /** Names bound in this scope, with the identifiers that bind them, in source order. */
  bindings: Map<string, PyNode[]>;
  /** Names declared `global` or `nonlocal` here: bound elsewhere. */
  declaredOutside: Set<string>;
  globals: Set<string>;
}

const comprehensions = new Set(['list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression']);

/**
 * Name resolution within one module, by Python's rules: a name bound
 * anywhere in a function is local to all of it; class bodies are not
 * visible from the functions inside them; `global` and `nonlocal` send a
 * name outwards. Names bound nowhere are builtins (unresolved).
 */
export class Scopes {
  private readonly scopes = new Map<PyNode, PyScope>();
  private readonly scopesOf = new Map<PyNode, PyScope>();
  readonly module: PyScope;

  constructor(private readonly source: PyModule) {
    this.module = this.create('module', source.root, undefined);
  }

  /** The scope code at `node` runs in: asked again for the same identifiers as values are followed. */
  scopeOf(node: PyNode): PyScope {
    let scope = this.scopesOf.get(node);
    if (!scope) {
      scope = this.enclosingScope(node);
      this.scopesOf.set(node, scope);
    }
    return scope;
  }

  private enclosingScope(node: PyNode): PyScope {
    let grandchild: PyNode | undefined;
    let child = node;
    // Parameter defaults and annotations run where the function is defined.
    let outside = false;
    for (let current = node.parent; current; grandchild = child, child = current, current = current.parent) {
      if (child.field === 'value' && (current.type === 'default_parameter' || current.type === 'typed_default_parameter')) outside = true;
      if (child.field === 'type' || child.field === 'return_type') outside = true;
      if (isFunction(current)) {
        if (child.field === 'body' || (child.field === 'parameters' && !outside)) return this.scopeFor(current);
        outside = false;
      } else if (current.type === 'class_definition') {
        if (child.field === 'body') return this.scopeFor(current);
      } else if (comprehensions.has(current.type)) {
        // The first iterable is evaluated outside the comprehension.
        const first = current.children.find((candidate) => candidate.type === 'for_in_clause');
        if (!(child === first && grandchild?.field === 'right')) return this.scopeFor(current);
      }
    }
    return this.module;
  }

  /** The scope an identifier's name is bound in, if any. */
  resolve(identifier: PyNode): PyScope | undefined {
    return this.lookup(textOf(this.source, identifier), this.scopeOf(identifier));
  }

  lookup(name: string, from: PyScope): PyScope | undefined {
    if (from.globals.has(name)) return this.module.bindings.has(name) ? this.module : undefined;
    if (from.bindings.has(name) && !from.declaredOutside.has(name)) return from;
    for (let scope = from.parent; scope; scope = scope.parent) {
      // A class body is visible only to code written directly in it.
      if (scope.kind === 'class') continue;
      if (scope.bindings.has(name) && !scope.declaredOutside.has(name)) return scope;
    }
    return undefined;
  }

  /** The scope a function, lambda, class or comprehension node opens. */
  scopeFor(node: PyNode): PyScope {
    const existing = this.scopes.get(node);
    if (existing) return existing;
    const kind: ScopeKind = isFunction(node) ? 'function' : node.type === 'class_definition' ? 'class' : 'comprehension';
    return this.create(kind, node, this.scopeOf(node));
  }

  private create(kind: ScopeKind, node: PyNode, parent: PyScope | undefined): PyScope {
    const scope: PyScope = { kind, node, parent, bindings: new Map(), declaredOutside: new Set(), globals: new Set() };
    this.scopes.set(node, scope);
    collectBindings(this.source, scope);
    return scope;
  }
}

function collectBindings(source: PyModule, scope: PyScope): void {
  const bind = (identifier: PyNode): void => {
    const name = textOf(source, identifier);
    const list = scope.bindings.get(name) ?? [];
    list.push(identifier);
    scope.bindings.set(name, list);
  };
  const bindTarget = (target: PyNode | undefined): void => {
    if (!target) return;
    switch (target.type) {
      case 'identifier':
        bind(target);
        return;
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'expression_list':
      case 'tuple':
      case 'list':
      case 'list_splat_pattern':
      case 'list_splat':
      case 'as_pattern_target':
      case 'parenthesized_expression':
        namedChildren(target).forEach(bindTarget);
        return;
      default:
        return;
    }
  };

  const node = scope.node;
  if (scope.kind === 'function') {
    const parameters = field(node, 'parameters');
    for (const parameter of parameters ? namedChildren(parameters) : []) bindTarget(parameterName(parameter));
  }
  const roots =
    scope.kind === 'module' ? [node] : scope.kind === 'comprehension' ? namedChildren(node) : fields(node, 'body');
  const stack = [...roots];
  while (stack.length > 0) {
    const current = stack.pop()!;
    switch (current.type) {
      case 'function_definition':
      case 'class_definition': {
        const name = field(current, 'name');
        if (name) bind(name);
        // Decorators, defaults and base classes run here; the body does not.
        for (const child of current.children) if (child.field !== 'body' && child.field !== 'name') stack.push(child);
        continue;
      }
      case 'lambda':
        pushDefaults(current, stack);
        continue;
      case 'list_comprehension':
      case 'set_comprehension':
      case 'dictionary_comprehension':
      case 'generator_expression':
        if (current !== node) {
          const first = current.children.find((child) => child.type === 'for_in_clause');
          const iterable = first && field(first, 'right');
          if (iterable) stack.push(iterable);
          // A walrus in a comprehension binds in the enclosing function.
          walrusTargets(current).forEach(bind);
          continue;
        }
        break;
      case 'assignment':
        bindTarget(field(current, 'left'));
        break;
      case 'augmented_assignment':
        bindTarget(field(current, 'left'));
        break;
      case 'for_statement':
      case 'for_in_clause':
        bindTarget(field(current, 'left'));
        break;
      case 'as_pattern':
        bindTarget(field(current, 'alias'));
        break;
      case 'except_clause':
        bindTarget(field(current, 'alias'));
        break;
      case 'named_expression':
        bindTarget(field(current, 'name'));
        break;
      case 'import_statement':
        for (const name of fields(current, 'name')) bindTarget(importedName(name, true));
        continue;
      case 'import_from_statement':
        for (const name of fields(current, 'name')) bindTarget(importedName(name, false));
        continue;
      case 'global_statement':
      case 'nonlocal_statement':
        for (const name of namedChildren(current)) {
          const text = textOf(source, name);
          scope.declaredOutside.add(text);
          if (current.type === 'global_statement') scope.globals.add(text);
        }
        continue;
      default:
        break;
    }
    for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
  }
}

function pushDefaults(fn: PyNode, stack: PyNode[]): void {
  const parameters = field(fn, 'parameters');
  for (const parameter of parameters ? namedChildren(parameters) : []) {
    const value = field(parameter, 'value');
    if (value) stack.push(value);
  }
}

function walrusTargets(node: PyNode): PyNode[] {
  const found: PyNode[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current !== node && (isFunction(current) || current.type === 'class_definition')) continue;
    if (current.type === 'named_expression') {
      const name = field(current, 'name');
      if (name) found.push(name);
    }
    for (const child of current.children) stack.push(child);
  }
  return found;
}

/** The identifier a parameter binds: `x`, `x=1`, `x: int`, `*args`, `**kwargs`. */
/** `*args` or `**kwargs`, typed or not (`**kwargs: object` is a typed parameter around the splat). */
export function splatOf(parameter: PyNode): 'args' | 'kwargs' | undefined {
  const pattern = parameter.type === 'typed_parameter' ? namedChildren(parameter).find((child) => child.type.endsWith('_splat_pattern')) : parameter;
  return pattern?.type === 'list_splat_pattern' ? 'args' : pattern?.type === 'dictionary_splat_pattern' ? 'kwargs' : undefined;
}

export function parameterName(parameter: PyNode): PyNode | undefined {
  if (parameter.type === 'identifier') return parameter;
  const name = field(parameter, 'name');
  if (name?.type === 'identifier') return name;
  const inner = namedChildren(parameter).find((child) => child.type === 'identifier' || child.type === 'list_splat_pattern' || child.type === 'dictionary_splat_pattern');
  if (!inner) return undefined;
  return inner.type === 'identifier' ? inner : namedChildren(inner).find((child) => child.type === 'identifier');
}

/** The identifier an import binds: `import a.b` binds `a`; `import a.b as c` and `from m import x as c` bind `c`. */
function importedName(name: PyNode, isImport: boolean): PyNode | undefined {
  if (name.type === 'aliased_import') return field(name, 'alias');
  if (name.type !== 'dotted_name') return undefined;
  const parts = namedChildren(name);
  return isImport ? parts[0] : parts[parts.length - 1];
}
