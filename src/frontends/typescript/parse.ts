import ts from './compiler.cjs';
import { isAsExpression, isComputedPropertyName, isIdentifier, isNonNullExpression, isNumericLiteral, isParenthesizedExpression, isPrivateIdentifier, isSatisfiesExpression, isStringLiteralLike, isTypeAssertionExpression } from './syntax.js';
import type { Span } from '../../model/types.js';
import { indexOf } from './file-index.js';

const scriptKinds: Record<string, ts.ScriptKind> = {
  ts: ts.ScriptKind.TS,
  mts: ts.ScriptKind.TS,
  cts: ts.ScriptKind.TS,
  tsx: ts.ScriptKind.TSX,
  js: ts.ScriptKind.JS,
  mjs: ts.ScriptKind.JS,
  cjs: ts.ScriptKind.JS,
  jsx: ts.ScriptKind.JSX,
};

/** Files toolgate does not analyse (too deep, or the parser gave up), with why: they stand in empty. */
const unparsed = new WeakMap<ts.SourceFile, string>();

/**
 * toolgate's own nesting limit, counted as `FileIndex.depth` counts. The
 * parser recurses once per level, and how deep its stack reaches grows once
 * V8 has optimised it (800 nested `[` overflow it in a fresh process, not
 * after 300 files): its overflow cannot be the limit, or a file's verdict
 * would depend on the files parsed before it. The parser overflows no
 * sooner than about 370 levels in a fresh process; the deepest file in the
 * packages toolgate depends on nests 84 levels.
 */
const maxDepth = 200;

const tooDeep = `The file cannot be analysed: it nests more than ${maxDepth} syntax levels deep.`;

/**
 * Parse one file without a program or type checker: the hot path stays cheap.
 * Never throws on the text: a file nested deeper than toolgate's limit, or
 * than the parser's stack allows, comes back empty, with that as its syntax
 * error (fail closed), worded alike.
 */
export function parseSource(text: string, path: string): ts.SourceFile {
  const extension = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase() ?? 'ts';
  const kind = scriptKinds[extension] ?? ts.ScriptKind.TS;
  let file: ts.SourceFile;
  try {
    // Without the compiler's parent pointers: indexing the file sets them in the same walk.
    file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    file = standIn(path, kind, /call stack/i.test(error.message) ? tooDeep : `The file cannot be parsed: ${error.message}.`);
  }
  if (indexOf(file).depth > maxDepth) file = standIn(path, kind, tooDeep);
  // The compiler normalises the name (`a\b.ts` becomes `a/b.ts`); spans must name the file as it is on disk.
  file.fileName = path;
  return file;
}

/** An empty file in place of one toolgate does not analyse, with why as its syntax error. */
function standIn(path: string, kind: ts.ScriptKind, failure: string): ts.SourceFile {
  const file = ts.createSourceFile(path, '', ts.ScriptTarget.Latest, false, kind);
  unparsed.set(file, failure);
  indexOf(file);
  return file;
}

/**
 * Diagnostics the parser reports on a complete tree for code that ECMAScript
 * allows and engines run: 18030, a private name after optional chaining
 * (`o?.c.#f`). Such a file is analysed, not failed as a syntax error.
 */
const validJavaScript = new Set([18030]);

/** Syntax errors the parser recovered from, or why it could not parse the file at all. */
export function syntaxErrorsOf(file: ts.SourceFile): Array<{ span: Span; message: string }> {
  const failure = unparsed.get(file);
  if (failure !== undefined) return [{ span: { start: 0, end: 0 }, message: failure }];
  // parseDiagnostics is not in the public typings, but it is how the compiler
  // exposes a lone file's syntax errors without building a program.
  const diagnostics = (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  return diagnostics.filter((diagnostic) => !validJavaScript.has(diagnostic.code)).map((diagnostic) => ({
    span: { start: diagnostic.start, end: diagnostic.start + diagnostic.length },
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  }));
}

/** Where a node is written, in its own file: values followed across modules keep their file. */
export function spanOf(node: ts.Node): Span {
  // Handing getStart the file saves it climbing the parents a second time.
  const file = node.getSourceFile();
  return { start: node.getStart(file, false), end: node.getEnd(), file: file.fileName };
}

/** A span in the file of `node`. */
export function spanIn(node: ts.Node, start: number, end: number): Span {
  return { start, end, file: node.getSourceFile().fileName };
}

/** Strip parentheses and type-only wrappers: `(x as const)`, `x satisfies T`, `x!`. */
export function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  for (;;) {
    if (
      isParenthesizedExpression(current) ||
      isAsExpression(current) ||
      isSatisfiesExpression(current) ||
      isTypeAssertionExpression(current) ||
      isNonNullExpression(current)
    ) {
      current = current.expression;
    } else return current;
  }
}

/** The written name of a property or binding name, when it is static. */
export function staticName(name: ts.PropertyName | ts.BindingName | ts.MemberName): string | undefined {
  if (isIdentifier(name) || isPrivateIdentifier(name)) return name.text;
  if (isStringLiteralLike(name) || isNumericLiteral(name)) return name.text;
  if (isComputedPropertyName(name)) {
    const expression = unwrap(name.expression);
    if (isStringLiteralLike(expression) || isNumericLiteral(expression)) return expression.text;
  }
  return undefined;
}
