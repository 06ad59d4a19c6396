import type { FieldWrite } from '../core/fields.js';
import { field, isFunction, namedChildren, spanOf, statementsOf, textOf, walk, type PyModule, type PyNode } from './syntax.js';

/** A write to an attribute of `self` in a class's methods, without its value evaluated. */
export type SelfWrite = Omit<FieldWrite, 'value'> & { value: PyNode };

export interface ClassFields {
  /** Class attributes assigned in the class body (`permission_mode = "default"`), by name: the initial values. */
  initial: Map<string, PyNode>;
  /**
   * Those declared with a type (`permission_mode: str = "default"`): the
   * fields of a dataclass, pydantic or attrs model, whose constructor call
   * may pass another value.
   */
  declared: Set<string>;
  /** `self.x = value` in the methods, by attribute, in source order. */
  writes: Map<string, SelfWrite[]>;
  /** The methods the class body defines, by name: an attribute of that name is a method, not a field. */
  methods: Map<string, PyNode>;
}

const known = new WeakMap<PyNode, ClassFields>();

/**
 * The class whose instance `identifier` is: the first parameter of a method
 * defined directly in a class body (`self`), used in that method.
 */
export function selfClassOf(source: PyModule, identifier: PyNode): PyNode | undefined {
  const name = textOf(source, identifier);
  let method: PyNode | undefined = identifier.parent;
  while (method && method.type !== 'function_definition') method = method.parent;
  const holder = method?.parent?.type === 'decorated_definition' ? method.parent.parent : method?.parent;
  const cls = holder?.type === 'block' ? holder.parent : undefined;
  if (!method || cls?.type !== 'class_definition') return undefined;
  const first = firstParameterOf(source, method);
  return first === name ? cls : undefined;
}

export function fieldsOf(source: PyModule, cls: PyNode): ClassFields {
  let fields = known.get(cls);
  if (!fields) {
    fields = findFields(source, cls);
    known.set(cls, fields);
  }
  return fields;
}

function findFields(source: PyModule, cls: PyNode): ClassFields {
  const fields: ClassFields = { initial: new Map(), declared: new Set(), writes: new Map(), methods: new Map() };
  for (const statement of statementsOf(field(cls, 'body'))) {
    const definition = statement.type === 'decorated_definition' ? field(statement, 'definition') : statement;
    if (definition?.type === 'function_definition') {
      const name = field(definition, 'name');
      if (name) fields.methods.set(textOf(source, name), statement);
      addWrites(source, definition, fields);
      continue;
    }
    const [assignment] = statement.type === 'expression_statement' ? namedChildren(statement) : [];
    const left = assignment?.type === 'assignment' ? field(assignment, 'left') : undefined;
    const right = assignment && field(assignment, 'right');
    if (left?.type !== 'identifier' || !right) continue;
    fields.initial.set(textOf(source, left), right);
    if (field(assignment!, 'type')) fields.declared.add(textOf(source, left));
  }
  return fields;
}

/** The `self.x = value` writes of one method; those in nested functions run later, as a method's do. */
function addWrites(source: PyModule, method: PyNode, fields: ClassFields): void {
  const self = firstParameterOf(source, method);
  if (!self) return;
  const owner = textOf(source, field(method, 'name')!);
  const body = field(method, 'body');
  walk(method, (node) => {
    if (node !== method && node.type === 'class_definition') return false;
    if (node.type !== 'assignment') return true;
    const left = field(node, 'left');
    const right = field(node, 'right');
    const object = left?.type === 'attribute' ? field(left, 'object') : undefined;
    const attribute = left && field(left, 'attribute');
    if (!right || !attribute || object?.type !== 'identifier' || textOf(source, object) !== self) return true;
    const nested = enclosingFunctionOf(node) !== method;
    const place: FieldWrite['place'] = owner !== '__init__' || nested ? 'method' : node.parent?.type === 'expression_statement' && node.parent.parent === body ? 'setup' : 'constructor';
    const key = textOf(source, attribute);
    const write: SelfWrite = { place, name: `self.${key}`, ...(place === 'method' ? { owner } : {}), value: right, span: spanOf(source, node) };
    const list = fields.writes.get(key);
    if (list) list.push(write);
    else fields.writes.set(key, [write]);
    return true;
  });
}

function enclosingFunctionOf(node: PyNode): PyNode | undefined {
  let current = node.parent;
  while (current && !isFunction(current)) current = current.parent;
  return current;
}

function firstParameterOf(source: PyModule, method: PyNode): string | undefined {
  const parameters = field(method, 'parameters');
  const [first] = parameters ? namedChildren(parameters) : [];
  return first?.type === 'identifier' ? textOf(source, first) : undefined;
}

/** A method that Python binds to its instance or class: its first parameter (`self`, `cls`) is not one the caller passes. */
export function isBoundMethod(source: PyModule, fn: PyNode): boolean {
  const decorated = fn.parent?.type === 'decorated_definition' ? fn.parent : undefined;
  const holder = decorated ? decorated.parent : fn.parent;
  if (fn.type !== 'function_definition' || holder?.type !== 'block' || holder.parent?.type !== 'class_definition') return false;
  const decorators = decorated ? decorated.children.filter((child) => child.type === 'decorator').map((child) => textOf(source, child)) : [];
  return !decorators.some((decorator) => /^@(\w+\.)?staticmethod\b/.test(decorator));
}

