import ts from './compiler.cjs';
import { isBinaryExpression, isClassDeclaration, isExportAssignment, isExportDeclaration, isExpressionStatement, isFunctionDeclaration, isIdentifier, isNamespaceExport, isPropertyAccessExpression, isStringLiteralLike, isVariableStatement, SyntaxKind } from './syntax.js';
import { staticName, unwrap } from './parse.js';

/** Where a module's export comes from. */
export type ExportSource =
  /** A value written in this module: a declaration's name, an identifier, or an expression. */
  | { kind: 'value'; node: ts.Expression | ts.Identifier }
  | { kind: 'function'; node: ts.FunctionDeclaration }
  /** `export { a as b } from './m'`, `export * as ns from './m'` (name `*`). */
  | { kind: 'reexport'; module: string; name: string }
  /** The named property of a value: `module.exports = { options }`. */
  | { kind: 'property'; of: ts.Expression; name: string };

/**
 * How a module exports `name` (`default`, or `*` for the module itself as
 * CommonJS hands it over). Modules that `export * from` others are listed in
 * `stars`, to search when nothing here matches. With `types`, type-only
 * re-exports count too (`export type { Options } from '…'`): what the SDK's
 * types are looked up through, never a value.
 */
export function findExport(file: ts.SourceFile, name: string, types = false): { source?: ExportSource; stars: string[] } {
  const stars: string[] = [];
  let commonJs: ExportSource | undefined;
  for (const statement of file.statements) {
    const found = exportIn(statement, name, stars, types);
    if (found) return { source: found, stars };
    commonJs = commonJsExport(statement, name) ?? commonJs;
  }
  return { source: commonJs, stars };
}

function exportIn(statement: ts.Statement, name: string, stars: string[], types: boolean): ExportSource | undefined {
  const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
  const exported = !!modifiers?.some((modifier) => modifier.kind === SyntaxKind.ExportKeyword);
  const isDefault = !!modifiers?.some((modifier) => modifier.kind === SyntaxKind.DefaultKeyword);
  if (exported && isVariableStatement(statement)) {
    const declaration = statement.declarationList.declarations.find((candidate) => isIdentifier(candidate.name) && candidate.name.text === name);
    return declaration ? { kind: 'value', node: declaration.name as ts.Identifier } : undefined;
  }
  if (exported && isFunctionDeclaration(statement)) {
    const matches = isDefault ? name === 'default' : statement.name?.text === name;
    return matches ? { kind: 'function', node: statement } : undefined;
  }
  if (isExportAssignment(statement)) {
    // `export default expr`, and TypeScript's `export = expr` (CommonJS).
    const matches = statement.isExportEquals ? name === '*' || name === 'default' : name === 'default';
    return matches ? { kind: 'value', node: statement.expression } : undefined;
  }
  if (!isExportDeclaration(statement) || (statement.isTypeOnly && !types)) return undefined;
  const module = statement.moduleSpecifier && isStringLiteralLike(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
  const clause = statement.exportClause;
  if (!clause) {
    if (module !== undefined) stars.push(module);
    return undefined;
  }
  if (isNamespaceExport(clause)) {
    return clause.name.text === name && module !== undefined ? { kind: 'reexport', module, name: '*' } : undefined;
  }
  const element = clause.elements.find((candidate) => candidate.name.text === name);
  if (!element) return undefined;
  const local = element.propertyName ?? element.name;
  if (module !== undefined) return { kind: 'reexport', module, name: staticName(local) ?? name };
  return isIdentifier(local) ? { kind: 'value', node: local } : undefined;
}

/** `module.exports = value`, `module.exports.name = value`, `exports.name = value`. */
function commonJsExport(statement: ts.Statement, name: string): ExportSource | undefined {
  if (!isExpressionStatement(statement)) return undefined;
  const expression = unwrap(statement.expression);
  if (!isBinaryExpression(expression) || expression.operatorToken.kind !== SyntaxKind.EqualsToken) return undefined;
  const target = unwrap(expression.left);
  if (isModuleExports(target)) {
    return name === '*' || name === 'default' ? { kind: 'value', node: expression.right } : { kind: 'property', of: expression.right, name };
  }
  if (isPropertyAccessExpression(target) && target.name.text === name) {
    const object = unwrap(target.expression);
    if (isModuleExports(object) || (isIdentifier(object) && object.text === 'exports')) return { kind: 'value', node: expression.right };
  }
  return undefined;
}

function isModuleExports(node: ts.Expression): boolean {
  return (
    isPropertyAccessExpression(node) &&
    node.name.text === 'exports' &&
    isIdentifier(node.expression) &&
    node.expression.text === 'module'
  );
}

/** `export class Settings {}` (`default`: `export default class`), declared in `file` itself. */
export function exportedClass(file: ts.SourceFile, name: string): ts.ClassDeclaration | undefined {
  for (const statement of file.statements) {
    if (!isClassDeclaration(statement)) continue;
    const modifiers = ts.getModifiers(statement);
    if (!modifiers?.some((modifier) => modifier.kind === SyntaxKind.ExportKeyword)) continue;
    const isDefault = modifiers.some((modifier) => modifier.kind === SyntaxKind.DefaultKeyword);
    if (isDefault ? name === 'default' : statement.name?.text === name) return statement;
  }
  return undefined;
}
