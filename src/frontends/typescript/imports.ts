import ts from './compiler.cjs';
import { isArrowFunction, isAwaitExpression, isBindingElement, isCallExpression, isExportDeclaration, isExternalModuleReference, isFunctionExpression, isIdentifier, isImportClause, isImportDeclaration, isImportEqualsDeclaration, isImportSpecifier, isNamedImports, isNamespaceImport, isObjectBindingPattern, isParameter, isParenthesizedExpression, isPropertyAccessExpression, isStringLiteralLike, isVariableDeclaration, SyntaxKind } from './syntax.js';
import { unwrap } from './parse.js';
import { walk } from './walk.js';

/** What an import binding names: a module, and an export of it. */
export interface ImportBinding {
  module: string;
  /** The export's name; `default` for a default import; `*` for the whole module (a namespace, `require(...)`). */
  name: string;
}

/**
 * The import a declaration binds, if it is one: ES imports, `import x =
 * require()`, and `require()` / `await import()` assigned to a variable or
 * destructured, or taken by the callback of `import('m').then(…)`.
 */
export function importOf(declaration: ts.Node): ImportBinding | undefined {
  if (isImportSpecifier(declaration)) {
    const module = textOf(declaration.parent.parent.parent.moduleSpecifier);
    return module === undefined ? undefined : { module, name: (declaration.propertyName ?? declaration.name).text };
  }
  if (isImportClause(declaration)) {
    const module = textOf(declaration.parent.moduleSpecifier);
    return module === undefined ? undefined : { module, name: 'default' };
  }
  if (isNamespaceImport(declaration)) {
    const module = textOf(declaration.parent.parent.moduleSpecifier);
    return module === undefined ? undefined : { module, name: '*' };
  }
  if (isImportEqualsDeclaration(declaration)) {
    const reference = declaration.moduleReference;
    const module = isExternalModuleReference(reference) ? textOf(reference.expression) : undefined;
    return module === undefined ? undefined : { module, name: '*' };
  }
  if (isVariableDeclaration(declaration) && isIdentifier(declaration.name)) {
    const module = requiredModule(declaration.initializer);
    return module === undefined ? undefined : { module, name: '*' };
  }
  if (isParameter(declaration) && isIdentifier(declaration.name)) {
    const module = thenModule(declaration);
    return module === undefined ? undefined : { module, name: '*' };
  }
  if (isBindingElement(declaration) && isObjectBindingPattern(declaration.parent)) {
    const holder = declaration.parent.parent;
    const module = isVariableDeclaration(holder) ? requiredModule(holder.initializer) : isParameter(holder) ? thenModule(holder) : undefined;
    const name = declaration.propertyName ?? declaration.name;
    return module !== undefined && isIdentifier(name) ? { module, name: name.text } : undefined;
  }
  return undefined;
}

/** `require('m')`, `await import('m')`. */
export function requiredModule(initializer: ts.Expression | undefined): string | undefined {
  if (!initializer) return undefined;
  let expression = unwrap(initializer);
  if (isAwaitExpression(expression)) expression = unwrap(expression.expression);
  if (!isCallExpression(expression) || expression.arguments.length !== 1) return undefined;
  const callee = expression.expression;
  const isRequire = isIdentifier(callee) && callee.text === 'require';
  const isImport = callee.kind === SyntaxKind.ImportKeyword;
  return isRequire || isImport ? textOf(expression.arguments[0]!) : undefined;
}

/** `import('m').then((sdk) => …)`: the module the callback's first parameter is given. */
function thenModule(parameter: ts.ParameterDeclaration): string | undefined {
  const callback = parameter.parent;
  if (!(isArrowFunction(callback) || isFunctionExpression(callback)) || callback.parameters[0] !== parameter) return undefined;
  const call = callback.parent;
  if (!isCallExpression(call) || call.arguments[0] !== callback) return undefined;
  const callee = unwrap(call.expression);
  if (!isPropertyAccessExpression(callee) || callee.name.text !== 'then') return undefined;
  const loaded = unwrap(callee.expression);
  return isCallExpression(loaded) && loaded.expression.kind === SyntaxKind.ImportKeyword ? requiredModule(loaded) : undefined;
}

function textOf(specifier: ts.Node): string | undefined {
  return isStringLiteralLike(specifier) ? specifier.text : undefined;
}

/** Every module a file imports, re-exports or requires, with the node that names it. */
export function moduleReferences(file: ts.SourceFile): Array<{ node: ts.Node; module: string }> {
  const references: Array<{ node: ts.Node; module: string }> = [];
  walk(file, (node) => {
    if ((isImportDeclaration(node) || isExportDeclaration(node)) && node.moduleSpecifier) {
      const module = textOf(node.moduleSpecifier);
      if (module !== undefined) references.push({ node, module });
      return false;
    }
    if (isCallExpression(node) && node.arguments.length === 1) {
      const callee = node.expression;
      const module = textOf(node.arguments[0]!);
      const loads = (isIdentifier(callee) && callee.text === 'require') || callee.kind === SyntaxKind.ImportKeyword;
      if (loads && module !== undefined) references.push({ node, module });
    }
    return true;
  });
  return references;
}

/**
 * The modules a file's text names, read by the compiler's scanner without a
 * syntax tree (`ts.preProcessFile`: imports, re-exports, `require`,
 * `import()`, `import x = require('m')`), for a file the project pass would
 * otherwise parse only to group by. The scanner skips `export * as ns from
 * 'm'`, so a text with that form is parsed.
 */
export function linkedModuleNamesOfText(text: string, path: string, parse: (text: string, path: string) => ts.SourceFile): string[] {
  if (/export\s*\*\s*as\b/.test(text)) return linkedModuleNames(parse(text, path));
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/**
 * Every module a file names in an import, re-export, `require`, `import()`
 * or `import x = require('m')`: the links the scan groups its project pass by.
 */
export function linkedModuleNames(file: ts.SourceFile): string[] {
  const names = moduleReferences(file).map(({ module }) => module);
  walk(file, (node) => {
    if (isImportEqualsDeclaration(node) && isExternalModuleReference(node.moduleReference)) {
      const module = textOf(node.moduleReference.expression);
      if (module !== undefined) names.push(module);
    }
    return true;
  });
  return names;
}

/**
 * The names a module reference binds or re-exports, each with the export it
 * names: `import a, { b as c } from 'm'` gives `a` (default) and `c` (b);
 * `const { d } = require('m')` gives `d`. Empty for `import 'm'` and `export * from 'm'`.
 */
export function bindingsOf(reference: ts.Node): Array<{ node: ts.Node; name: string }> {
  if (isImportDeclaration(reference)) {
    const clause = reference.importClause;
    if (!clause) return [];
    const named = clause.namedBindings;
    return [
      ...(clause.name ? [{ node: clause.name, name: 'default' }] : []),
      ...(named && isNamespaceImport(named) ? [{ node: named.name, name: '*' }] : []),
      ...(named && isNamedImports(named) ? named.elements.map((element) => ({ node: element.name, name: (element.propertyName ?? element.name).text })) : []),
    ];
  }
  if (isExportDeclaration(reference)) {
    const clause = reference.exportClause;
    if (!clause || !('elements' in clause)) return [];
    return clause.elements.map((element) => ({ node: element.name, name: (element.propertyName ?? element.name).text }));
  }
  let holder = reference.parent;
  while (holder && (isAwaitExpression(holder) || isParenthesizedExpression(holder))) holder = holder.parent;
  if (!holder || !isVariableDeclaration(holder)) return [];
  if (isIdentifier(holder.name)) return [{ node: holder.name, name: '*' }];
  if (!isObjectBindingPattern(holder.name)) return [];
  return holder.name.elements.flatMap((element) => {
    const name = element.propertyName ?? element.name;
    return isIdentifier(name) ? [{ node: element.name, name: name.text }] : [];
  });
}
