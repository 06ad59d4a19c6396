import { createRequire } from 'node:module';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { Span } from '../../model/types.js';
import type { PyModule, PyNode } from './syntax.js';
import { withoutTypeParamDefaults } from './type-param-defaults.js';

/**
 * Deeper nodes are left out of the copy, and the file is reported as one
 * that cannot be analysed (never passed over in silence), so a generated or
 * hostile file cannot overflow the stack of the analysis. CPython stops at
 * 200 nested brackets and 100 indented blocks, and cannot compile an
 * expression a few thousand operators long.
 */
const maxDepth = 1500;

const tooDeep = `The file cannot be analysed: it nests more than ${maxDepth} syntax levels deep.`;

let parser: Parser | undefined;
let grammar: Language | undefined;
let loading: Promise<void> | undefined;

/**
 * Load tree-sitter and its Python grammar (WebAssembly shipped in the npm
 * packages `web-tree-sitter` and `tree-sitter-python`) once. Until it has
 * resolved, Python files cannot be analysed.
 */
export function loadPythonParser(): Promise<void> {
  loading ??= (async () => {
    await Parser.init();
    const wasm = createRequire(import.meta.url).resolve('tree-sitter-python/tree-sitter-python.wasm');
    const language = await Language.load(wasm);
    const instance = new Parser();
    instance.setLanguage(language);
    parser = instance;
    grammar = language;
  })();
  // A failed load may be retried.
  loading.catch(() => (loading = undefined));
  return loading;
}

export interface ParsedModule {
  module: PyModule;
  syntaxErrors: Array<{ span: Span; message: string }>;
}

/** Parse one Python file; syntax errors are recovered from and listed. */
export function parsePython(text: string, path: string): ParsedModule {
  if (!parser) throw new Error('The Python parser is not loaded: await loadPythonParser() before analysing Python files.');
  // Python ends a line at a lone CR too; tree-sitter does not, and would read the rest of
  // the file as one line (after `#`, all comment). Same length, so offsets stay.
  const parsed = parseText(text.replace(/\r(?!\n)/g, '\n'), text, path);
  if (parsed.syntaxErrors.length === 0) return parsed;
  const retry = withoutTypeParamDefaults(text);
  const again = retry === undefined ? undefined : parseText(retry.replace(/\r(?!\n)/g, '\n'), text, path);
  return again && again.syntaxErrors.length === 0 ? again : parsed;
}

function parseText(source: string, text: string, path: string): ParsedModule {
  const tree = parser!.parse(source);
  if (!tree) throw new Error('The Python parser returned no tree.');
  try {
    return copyTree(tree, text, path);
  } finally {
    tree.delete();
  }
}

/** Names by id, read once: each read through the cursor crosses into WebAssembly. */
const typeNames: Array<{ type: string; named: boolean }> = [];
const fieldNames: Array<string | undefined> = [];

function typeOf(id: number): { type: string; named: boolean } {
  return (typeNames[id] ??= { type: grammar!.nodeTypeForId(id) ?? 'ERROR', named: grammar!.nodeTypeIsNamed(id) });
}

function fieldOf(id: number): string | undefined {
  if (id === 0) return undefined;
  if (!(id in fieldNames)) fieldNames[id] = grammar!.fieldNameForId(id) ?? undefined;
  return fieldNames[id];
}

function copyTree(tree: Tree, text: string, path: string): ParsedModule {
  const cursor = tree.walk();
  const comments: PyNode[] = [];
  const syntaxErrors: ParsedModule['syntaxErrors'] = [];
  // Missing nodes exist only in a tree with errors; asking for them costs a call per node.
  const hasError = tree.rootNode.hasError;
  const make = (parent: PyNode | undefined): PyNode => {
    const { type, named } = typeOf(cursor.nodeTypeId);
    const node: PyNode = {
      type,
      start: cursor.startIndex,
      end: cursor.endIndex,
      field: fieldOf(cursor.currentFieldId),
      named,
      parent,
      children: [],
    };
    if (node.type === 'ERROR') {
      syntaxErrors.push({ span: { start: node.start, end: node.end, file: path }, message: `Invalid syntax at '${excerpt(text, node)}'.` });
    } else if (hasError && cursor.nodeIsMissing) {
      syntaxErrors.push({ span: { start: node.start, end: node.end, file: path }, message: `'${node.type}' expected.` });
    }
    if (node.type === 'comment') comments.push(node);
    else parent?.children.push(node);
    return node;
  };
  try {
    const root = make(undefined);
    let current = root;
    let depth = 0;
    let cutAt: PyNode | undefined;
    for (;;) {
      if (depth < maxDepth && cursor.gotoFirstChild()) {
        depth++;
        current = make(current);
        continue;
      }
      if (depth === maxDepth && !cutAt && cursor.gotoFirstChild()) {
        cursor.gotoParent();
        cutAt = current;
      }
      let moved = cursor.gotoNextSibling();
      while (!moved) {
        if (!cursor.gotoParent()) {
          if (cutAt) syntaxErrors.unshift({ span: { start: cutAt.start, end: cutAt.end, file: path }, message: tooDeep });
          else if (syntaxErrors.length === 0 && hasError) {
            syntaxErrors.push({ span: { start: 0, end: 0, file: path }, message: 'Invalid syntax (nested too deep to show where).' });
          }
          return { module: { path, text, root, comments }, syntaxErrors };
        }
        depth--;
        current = current.parent!;
        moved = cursor.gotoNextSibling();
      }
      current = make(current.parent);
    }
  } finally {
    cursor.delete();
  }
}

/** The start of the text an error node covers, on one line, short. */
function excerpt(text: string, node: PyNode): string {
  const line = text.slice(node.start, Math.min(node.end, node.start + 40)).split(/\r\n|\r|\n/)[0]!.trim();
  return line === '' ? text.slice(node.start, node.start + 1) : line;
}
