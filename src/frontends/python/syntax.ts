import type { Span } from '../../model/types.js';

/**
 * A node of a parsed Python module: tree-sitter-python's tree copied into
 * plain objects once, so the analysis never crosses into WebAssembly and the
 * parser's memory is freed right after the parse. Comments are kept apart.
 */
export interface PyNode {
  /** tree-sitter-python's node type: `call`, `identifier`, `(`, ... */
  type: string;
  /** UTF-16 offsets into the module text, as JavaScript strings index it. */
  start: number;
  end: number;
  /** The field this node fills in its parent (`function`, `arguments`, ...). */
  field: string | undefined;
  /** False for punctuation and keywords. */
  named: boolean;
  parent: PyNode | undefined;
  children: PyNode[];
}

export interface PyModule {
  /** The file as the front end was given it; every span names it. */
  path: string;
  text: string;
  root: PyNode;
  comments: PyNode[];
}

export function spanOf(module: PyModule, node: PyNode): Span {
  return { start: node.start, end: node.end, file: module.path };
}

export function textOf(module: PyModule, node: PyNode): string {
  return module.text.slice(node.start, node.end);
}

/** The child in field `name`, if any. */
export function field(node: PyNode, name: string): PyNode | undefined {
  return node.children.find((child) => child.field === name);
}

/** Every child in field `name`. */
export function fields(node: PyNode, name: string): PyNode[] {
  return node.children.filter((child) => child.field === name);
}

/** Named children: no punctuation or keywords. */
export function namedChildren(node: PyNode): PyNode[] {
  return node.children.filter((child) => child.named);
}

/** `(x)` is `x`. */
export function unwrap(node: PyNode): PyNode {
  let current = node;
  while (current.type === 'parenthesized_expression') {
    const [inner] = namedChildren(current);
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** The body statements of a block, a module, or a clause that holds a block. */
export function statementsOf(node: PyNode | undefined): PyNode[] {
  if (!node) return [];
  if (node.type === 'block' || node.type === 'module') return namedChildren(node);
  const block = node.children.find((child) => child.type === 'block');
  return block ? namedChildren(block) : [];
}

/** Function-like nodes: they open a scope and run later, not where they are written. */
export function isFunction(node: PyNode): boolean {
  return node.type === 'function_definition' || node.type === 'lambda';
}

/** Visit a subtree depth first, without recursion (the tree's depth is bounded, its breadth is not). */
export function walk(node: PyNode, enter: (node: PyNode) => boolean | void): void {
  const stack: PyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (enter(current) === false) continue;
    for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
  }
}

/** True when `inner` lies within `outer` (or is it). */
export function contains(outer: PyNode, inner: PyNode): boolean {
  for (let node: PyNode | undefined = inner; node; node = node.parent) if (node === outer) return true;
  return false;
}

/** The text of a string literal without prefix and quotes, when it has no interpolation. */
export function stringValue(module: PyModule, node: PyNode): string | undefined {
  if (node.type === 'concatenated_string') {
    let text = '';
    for (const part of namedChildren(node)) {
      const value = stringValue(module, part);
      if (value === undefined) return undefined;
      text += value;
    }
    return text;
  }
  if (node.type !== 'string') return undefined;
  const start = node.children.find((child) => child.type === 'string_start');
  const prefix = start ? textOf(module, start).toLowerCase() : '';
  if (prefix.includes('b')) return undefined;
  let text = '';
  for (const child of node.children) {
    if (child.type === 'interpolation') return undefined;
    if (child.type !== 'string_content') continue;
    const raw = textOf(module, child);
    const content = prefix.includes('f') ? raw.replace(/\{\{/g, '{').replace(/\}\}/g, '}') : raw;
    text += prefix.includes('r') ? content : unescape(content);
  }
  return text;
}

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', '\n': '' };

/** Python's common escape sequences; enough for option values and tool names. */
function unescape(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.|\n)/g, (whole, code: string) => {
    if (/^[xuU]/.test(code)) return String.fromCodePoint(parseInt(code.slice(1), 16));
    return escapes[code] ?? whole;
  });
}
