import type { Property } from '../../model/types.js';
import { guardsBefore as coreGuardsBefore, readKey } from '../core/refusals.js';
import { nodeReader } from './expressions.js';
import { parameterOf } from './parameters.js';
import type { Scopes } from './scope.js';
import { boundOnce } from './switches.js';
import { field, namedChildren, type PyModule, type PyNode } from './syntax.js';

/** The guards before `call` in its function that stop when their condition holds: the core's, over Python nodes. */
export function guardsBefore(module: PyModule, scopes: Scopes, call: PyNode): string[][] {
  return coreGuardsBefore(nodeReader(module), (root) => rootOf(module, scopes, root), call);
}

/** What an option property was read from (`can_use_tool=self.can_use_tool`), when its key is written in `module`. */
export function readOfProperty(property: Property, module: PyModule, scopes: Scopes): string | undefined {
  if (property.keySpan.file !== undefined && property.keySpan.file !== module.path) return undefined;
  const key = nodeAt(module.root, property.keySpan.start, property.keySpan.end);
  const holder = key?.parent;
  const value = holder && (holder.type === 'keyword_argument' || holder.type === 'pair') && field(holder, holder.type === 'pair' ? 'key' : 'name') === key ? field(holder, 'value') : undefined;
  return value && readKey(nodeReader(module), (root) => rootOf(module, scopes, root), value);
}

/** What a read starts from: the one binding a name has, or the class whose method's `self` it is. */
function rootOf(module: PyModule, scopes: Scopes, node: PyNode): PyNode | undefined {
  const bound = node.type === 'identifier' ? boundOnce(scopes, module, node) : undefined;
  return bound && (classOfSelf(bound) ?? bound);
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
