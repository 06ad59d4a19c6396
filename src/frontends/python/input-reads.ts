import type { InputRead } from '../core/input-reads.js';
import type { Scopes } from './scope.js';
import { field, namedChildren, stringValue, textOf, unwrap, type PyModule, type PyNode } from './syntax.js';

/** How many names bound once a read is followed through: `tool_input = input_data["tool_input"]`. */
const aliasDepth = 3;

/** Where a read starts (a parameter's name), the keys below it, and whether the last is read with `.get` (None where missing). */
interface Path {
  root: string;
  keys: string[];
  get?: boolean;
}

/**
 * The reads of the input in one function: `input_data["tool_input"]["command"]`
 * and `.get("command")` without a default, from a parameter, through names
 * bound once; undefined for anything else. A read counts as tested when the
 * function tests the same key anywhere (`"command" in tool_input`), or, for
 * a `.get`, the value it gives (`if not command`, `command is None`,
 * `isinstance(command, str)`, a condition): testing `x["command"]` itself
 * already raises.
 */
export function inputReader(source: PyModule, scopes: Scopes, fn: PyNode): (expression: PyNode) => InputRead | undefined {
  const pathOf = (expression: PyNode, depth = 0): Path | undefined => {
    const node = unwrap(expression);
    if (node.type === 'subscript') return below(field(node, 'value'), field(node, 'subscript'), depth, false);
    if (node.type === 'call') {
      const callee = field(node, 'function');
      const args = field(node, 'arguments');
      const [key, ...rest] = args ? namedChildren(args) : [];
      const method = callee?.type === 'attribute' ? field(callee, 'attribute') : undefined;
      // `.get("command")` is None where the key is missing; with a default it is a fallback.
      return method && textOf(source, method) === 'get' && key && rest.length === 0 ? below(field(callee!, 'object'), key, depth, true) : undefined;
    }
    if (node.type !== 'identifier' || depth >= aliasDepth) return undefined;
    const sites = scopes.resolve(node)?.bindings.get(textOf(source, node)) ?? [];
    if (sites.length !== 1) return undefined;
    const [site] = sites;
    if (isParameter(site!)) return { root: textOf(source, node), keys: [] };
    const assigned = site!.parent?.type === 'assignment' && site!.field === 'left' ? field(site!.parent, 'right') : undefined;
    return assigned && pathOf(assigned, depth + 1);
  };
  const below = (holder: PyNode | undefined, key: PyNode | undefined, depth: number, get: boolean): Path | undefined => {
    const name = key && stringValue(source, key);
    const base = name === undefined || !holder ? undefined : pathOf(holder, depth);
    return base && { root: base.root, keys: [...base.keys, name!], get };
  };

  let tested: Tests | undefined;
  return (expression) => {
    const path = pathOf(expression);
    if (!path) return undefined;
    const isTested = (): boolean => {
      tested ??= testedReads(source, fn, pathOf);
      const key = keyOf(path);
      return tested.keys.has(key) || (!!path.get && tested.values.has(key));
    };
    return { path: path.keys, tested: isTested };
  };
}

function keyOf({ root, keys }: Path): string {
  return [root, ...keys].join('\0');
}

function isParameter(site: PyNode): boolean {
  for (let node: PyNode | null | undefined = site.parent, depth = 0; node && depth < 3; node = node.parent, depth++) {
    if (node.type === 'parameters' || node.type === 'lambda_parameters') return true;
  }
  return false;
}

/** Reads tested anywhere, by where they start and their keys: keys tested with `in`, values tested otherwise. */
interface Tests {
  keys: Set<string>;
  values: Set<string>;
}

function testedReads(source: PyModule, fn: PyNode, pathOf: (expression: PyNode) => Path | undefined): Tests {
  const tested: Tests = { keys: new Set(), values: new Set() };
  const add = (node: PyNode | undefined, extra?: string): void => {
    const path = node && pathOf(node);
    if (!path) return;
    if (extra === undefined) tested.values.add(keyOf(path));
    else tested.keys.add(keyOf({ root: path.root, keys: [...path.keys, extra] }));
  };
  const stack: PyNode[] = [fn];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'comparison_operator': {
        const [left, right] = namedChildren(node);
        const key = left && stringValue(source, left);
        // `"command" in tool_input` tests the key; any other comparison tests both sides.
        if (key !== undefined && node.children.some((child) => !child.named && /^(?:in|not in)$/.test(textOf(source, child)))) add(right, key);
        else namedChildren(node).forEach((operand) => add(operand));
        break;
      }
      case 'not_operator':
        add(field(node, 'argument'));
        break;
      case 'boolean_operator':
        add(field(node, 'left'));
        break;
      case 'if_statement':
      case 'elif_clause':
      case 'while_statement':
      case 'conditional_expression':
        add(field(node, 'condition') ?? namedChildren(node)[1]);
        break;
      case 'call': {
        const callee = field(node, 'function');
        const args = field(node, 'arguments');
        if (callee && textOf(source, callee) === 'isinstance' && args) add(namedChildren(args)[0]);
        break;
      }
    }
    for (const child of node.children) stack.push(child);
  }
  return tested;
}
