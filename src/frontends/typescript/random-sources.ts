import ts from './compiler.cjs';
import { isBindingElement, isCallExpression, isIdentifier, isImportClause, isImportSpecifier, isNamespaceImport, isNewExpression, isPropertyAccessExpression, isStringLiteralLike, isVariableDeclaration } from './syntax.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/**
 * Per-attempt sources: every call gives a new value, so a retry of the same
 * action gets a different one. Keyed by module, then by export name.
 */
const importedSources: Record<string, readonly string[]> = {
  crypto: ['randomUUID', 'randomBytes', 'randomInt', 'getRandomValues'],
  'node:crypto': ['randomUUID', 'randomBytes', 'randomInt', 'getRandomValues'],
  uuid: ['v1', 'v4', 'v6', 'v7', 'default'],
  nanoid: ['nanoid', 'default'],
  ulid: ['ulid', 'default'],
  ulidx: ['ulid'],
  cuid: ['default'],
  '@paralleldrive/cuid2': ['createId', 'default'],
  'node:perf_hooks': ['performance'],
};

/** Global members that are per-attempt sources: `Math.random()`, `Date.now()`, ... */
const globalMembers: Record<string, readonly string[]> = {
  Math: ['random'],
  Date: ['now'],
  performance: ['now'],
  crypto: ['randomUUID', 'randomBytes', 'randomInt', 'getRandomValues'],
  process: ['hrtime'],
};

/** The name of the per-attempt source a call or `new` expression reads, if any. */
export function randomSourceOf(node: ts.Expression, scopes: Scopes): string | undefined {
  const expression = unwrap(node);
  if (isNewExpression(expression)) {
    const callee = unwrap(expression.expression);
    const noArguments = !expression.arguments || expression.arguments.length === 0;
    return isIdentifier(callee) && callee.text === 'Date' && noArguments && !scopes.resolve(callee) ? 'new Date()' : undefined;
  }
  if (!isCallExpression(expression)) return undefined;
  const callee = unwrap(expression.expression);
  // Read the callee's text only once it names a source: most calls do not.
  const name = (): string => `${callee.getText()}()`;
  if (isIdentifier(callee)) return importedExport(callee, scopes) ? name() : undefined;
  if (!isPropertyAccessExpression(callee)) return undefined;
  // process.hrtime.bigint()
  const target = callee.name.text === 'bigint' && isPropertyAccessExpression(callee.expression) ? callee.expression : callee;
  const receiver = unwrap(target.expression);
  const member = isPropertyAccessExpression(target) ? target.name.text : '';
  if (!isIdentifier(receiver)) return undefined;
  const declaration = scopes.resolve(receiver);
  if (!declaration) return globalMembers[receiver.text]?.includes(member) ? name() : undefined;
  // `import * as uuid from 'uuid'`, `import crypto from 'node:crypto'`
  const module = moduleOfImport(declaration);
  return module && importedSources[module]?.includes(member) ? name() : undefined;
}

function importedExport(identifier: ts.Identifier, scopes: Scopes): boolean {
  const declaration = scopes.resolve(identifier);
  if (!declaration) return false;
  const module = moduleOfImport(declaration);
  if (!module) return false;
  const exported = isImportSpecifier(declaration)
    ? (declaration.propertyName ?? declaration.name).text
    : isImportClause(declaration)
      ? 'default'
      : isBindingElement(declaration)
        ? ((declaration.propertyName ?? declaration.name) as ts.Identifier).text
        : undefined;
  return exported !== undefined && !!importedSources[module]?.includes(exported);
}

function moduleOfImport(declaration: ts.Node): string | undefined {
  let specifier: ts.Expression | undefined;
  if (isImportSpecifier(declaration)) specifier = declaration.parent.parent.parent.moduleSpecifier;
  else if (isImportClause(declaration)) specifier = declaration.parent.moduleSpecifier;
  else if (isNamespaceImport(declaration)) specifier = declaration.parent.parent.moduleSpecifier;
  else if (isVariableDeclaration(declaration) || isBindingElement(declaration)) {
    const holder = isBindingElement(declaration) ? declaration.parent.parent : declaration;
    const initializer = isVariableDeclaration(holder) && holder.initializer ? unwrap(holder.initializer) : undefined;
    if (initializer && isCallExpression(initializer) && isIdentifier(initializer.expression) && initializer.expression.text === 'require') {
      specifier = initializer.arguments[0];
    }
  }
  return specifier && isStringLiteralLike(specifier) ? specifier.text : undefined;
}
