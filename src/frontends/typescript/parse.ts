import { ts } from 'ts-morph';
import type { Span } from '../../model/types.js';

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

/** Parse one file without a program or type checker: the hot path stays cheap. */
export function parseSource(text: string, path: string): ts.SourceFile {
  const extension = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase() ?? 'ts';
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKinds[extension] ?? ts.ScriptKind.TS);
}

/** Syntax errors the parser recovered from. */
export function syntaxErrorsOf(file: ts.SourceFile): Array<{ span: Span; message: string }> {
  // parseDiagnostics is not in the public typings, but it is how the compiler
  // exposes a lone file's syntax errors without building a program.
  const diagnostics = (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  return diagnostics.map((diagnostic) => ({
    span: { start: diagnostic.start, end: diagnostic.start + diagnostic.length },
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  }));
}

/** Where a node is written, in its own file: values followed across modules keep their file. */
export function spanOf(node: ts.Node): Span {
  return spanIn(node, node.getStart(undefined, false), node.getEnd());
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
      ts.isParenthesizedExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isTypeAssertionExpression(current) ||
      ts.isNonNullExpression(current)
    ) {
      current = current.expression;
    } else return current;
  }
}

/** The written name of a property or binding name, when it is static. */
export function staticName(name: ts.PropertyName | ts.BindingName | ts.MemberName): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) {
    const expression = unwrap(name.expression);
    if (ts.isStringLiteralLike(expression) || ts.isNumericLiteral(expression)) return expression.text;
  }
  return undefined;
}
