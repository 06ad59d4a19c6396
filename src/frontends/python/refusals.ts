import type { Property } from '../../model/types.js';
import { NodeIds } from '../core/refusals.js';
import { parameterOf } from './parameters.js';
import type { Scopes } from './scope.js';
import { boundOnce } from './switches.js';
import { field, namedChildren, textOf, type PyModule, type PyNode } from './syntax.js';

/**
 * The guards before `call` in its function that stop when their condition
 * holds (`if a and b: raise …`, or `return`), each as the reads it ANDs
 * (`readKey`); a guard with any other kind of test is left out.
 */
export function guardsBefore(module: PyModule, scopes: Scopes, call: PyNode): string[][] {
  const guards: string[][] = [];
  for (let child = call, parent = call.parent; parent && child.type !== 'function_definition'; child = parent, parent = parent.parent) {
    if (parent.type !== 'block' && parent.type !== 'module') continue;
    for (const statement of namedChildren(parent)) {
      if (statement === child) break;
      const consequence = statement.type === 'if_statement' ? field(statement, 'consequence') : undefined;
      const condition = consequence && stops(consequence) ? field(statement, 'condition') : undefined;
      const reads = condition ? conjuncts(module, condition).map((read) => readKey(module, scopes, read)) : [];
      if (reads.length > 0 && reads.every((read) => read !== undefined)) guards.push(reads as string[]);
    }
  }
  return guards;
}

/** What an option property was read from (`can_use_tool=self.can_use_tool`), when its key is written in `module`. */
export function readOfProperty(property: Property, module: PyModule, scopes: Scopes): string | undefined {
  if (property.keySpan.file !== undefined && property.keySpan.file !== module.path) return undefined;
  const key = nodeAt(module.root, property.keySpan.start, property.keySpan.end);
  const holder = key?.parent;
  const value = holder && (holder.type === 'keyword_argument' || holder.type === 'pair') && field(holder, holder.type === 'pair' ? 'key' : 'name') === key ? field(holder, 'value') : undefined;
  return value && readKey(module, scopes, value);
}

/** Always leaves the function: a block whose last statement is a `raise` or `return`. */
function stops(block: PyNode): boolean {
  const last = namedChildren(block).at(-1);
  return last?.type === 'raise_statement' || last?.type === 'return_statement';
}

function conjuncts(module: PyModule, node: PyNode): PyNode[] {
  const test = unparenthesised(node);
  const operator = test.type === 'boolean_operator' ? field(test, 'operator') : undefined;
  if (operator && textOf(module, operator) === 'and') return [...conjuncts(module, field(test, 'left')!), ...conjuncts(module, field(test, 'right')!)];
  return [test];
}

function unparenthesised(node: PyNode): PyNode {
  let current = node;
  while (current.type === 'parenthesized_expression' && namedChildren(current).length === 1) current = namedChildren(current)[0]!;
  return current;
}

const roots = new NodeIds<PyNode>();

/**
 * A read as a key that is the same where the same value is read: the one
 * binding a name has, or the class whose method's `self` it is, then the
 * attribute path (`3.settings.can_use_tool`).
 */
function readKey(module: PyModule, scopes: Scopes, node: PyNode): string | undefined {
  const path: string[] = [];
  let current = unparenthesised(node);
  while (current.type === 'attribute') {
    const name = field(current, 'attribute');
    const object = field(current, 'object');
    if (!name || !object) return undefined;
    path.unshift(textOf(module, name));
    current = unparenthesised(object);
  }
  const bound = current.type === 'identifier' ? boundOnce(scopes, module, current) : undefined;
  const root = bound && (classOfSelf(bound) ?? bound);
  return root ? [roots.of(root), ...path].join('.') : undefined;
}

/** The class a method's first parameter (`self`) is an instance of. */
function classOfSelf(site: PyNode): PyNode | undefined {
  const found = parameterOf(site);
  if (!found || namedChildren(found.list)[0] !== found.parameter) return undefined;
  const holder = found.fn.parent?.type === 'decorated_definition' ? found.fn.parent : found.fn;
  const body = holder.parent;
  return body?.type === 'block' && body.parent?.type === 'class_definition' ? body.parent : undefined;
}

/** The named node that spans exactly `start` to `end`. */
function nodeAt(root: PyNode, start: number, end: number): PyNode | undefined {
  let node: PyNode | undefined = root;
  while (node && !(node.start === start && node.end === end)) node = node.children.find((child) => child.start <= start && end <= child.end);
  return node;
}
