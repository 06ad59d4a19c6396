import ts from './compiler.cjs';
import { isBindingElement, isBlock, isCaseBlock, isCatchClause, isClassDeclaration, isClassExpression, isEnumDeclaration, isForInStatement, isForOfStatement, isForStatement, isFunctionDeclaration, isFunctionExpression, isFunctionLike, isIdentifier, isImportDeclaration, isImportEqualsDeclaration, isModuleBlock, isNamedImports, isNamespaceImport, isSourceFile, isVariableDeclarationList, isVariableStatement } from './syntax.js';

/**
 * Resolves identifiers to their declarations within one file, without a
 * type checker: lexical scopes of blocks, functions, loops and catch clauses.
 */
export class Scopes {
  private readonly declared = new Map<ts.Node, Map<string, ts.Node>>();
  /** For nodes already walked past: the nearest scope above them. */
  private readonly enclosing = new Map<ts.Node, ts.Node | undefined>();
  /** Identifiers already resolved: the tree does not change, and most are asked about several times. */
  private readonly resolved = new Map<ts.Identifier, ts.Node | undefined>();

  /** The node that declares `identifier` (a variable declaration, binding element, function, import, ...). */
  resolve(identifier: ts.Identifier): ts.Node | undefined {
    if (this.resolved.has(identifier)) return this.resolved.get(identifier);
    const declaration = this.lookUp(identifier);
    this.resolved.set(identifier, declaration);
    return declaration;
  }

  private lookUp(identifier: ts.Identifier): ts.Node | undefined {
    const name = identifier.text;
    for (let scope = this.scopeAbove(identifier); scope; scope = this.scopeAbove(scope)) {
      const declaration = this.declarationsOf(scope).get(name);
      if (declaration) return declaration;
    }
    return undefined;
  }

  /**
   * The nearest scope above `node`. After a long climb the nodes walked past
   * remember it, so the identifiers of a long expression (`a + b + ...`) do
   * not each climb it; a short climb costs less than remembering.
   */
  private scopeAbove(node: ts.Node): ts.Node | undefined {
    let scope: ts.Node | undefined;
    let steps = 0;
    let current = node.parent;
    for (; current; current = current.parent, steps++) {
      if (isScope(current)) {
        scope = current;
        break;
      }
      if (steps >= shortClimb && this.enclosing.has(current)) {
        scope = this.enclosing.get(current);
        break;
      }
    }
    if (steps > shortClimb) {
      for (let walked = node.parent; walked !== current; walked = walked.parent) this.enclosing.set(walked, scope);
    }
    return scope;
  }

  private declarationsOf(scope: ts.Node): Map<string, ts.Node> {
    let names = this.declared.get(scope);
    if (!names) {
      names = collectDeclarations(scope);
      this.declared.set(scope, names);
    }
    return names;
  }
}

/** Climbs up to this long are not remembered. */
const shortClimb = 8;

/** Whether nodes of a kind open a scope, by kind: `opensScope` looks at nothing else. */
const scopeKinds: Array<boolean | undefined> = [];

function isScope(node: ts.Node): boolean {
  return (scopeKinds[node.kind] ??= opensScope(node));
}

function opensScope(node: ts.Node): boolean {
  return (
    isSourceFile(node) ||
    isBlock(node) ||
    isModuleBlock(node) ||
    isCaseBlock(node) ||
    isFunctionLike(node) ||
    isForStatement(node) ||
    isForInStatement(node) ||
    isForOfStatement(node) ||
    isCatchClause(node) ||
    isClassExpression(node)
  );
}

function collectDeclarations(scope: ts.Node): Map<string, ts.Node> {
  const names = new Map<string, ts.Node>();
  const add = (name: ts.BindingName | undefined, declaration: ts.Node): void => {
    if (!name) return;
    if (isIdentifier(name)) {
      if (!names.has(name.text)) names.set(name.text, declaration);
      return;
    }
    for (const element of name.elements) {
      if (isBindingElement(element)) add(element.name, isIdentifier(element.name) ? element : declaration);
    }
  };
  const addList = (list: ts.VariableDeclarationList): void => {
    for (const declaration of list.declarations) add(declaration.name, declaration);
  };

  if (isFunctionLike(scope)) {
    if ((isFunctionExpression(scope) || isClassExpression(scope)) && scope.name) add(scope.name, scope);
    for (const parameter of scope.parameters) add(parameter.name, parameter);
    return names;
  }
  if (isClassExpression(scope)) {
    if (scope.name) add(scope.name, scope);
    return names;
  }
  if (isForStatement(scope) || isForInStatement(scope) || isForOfStatement(scope)) {
    if (scope.initializer && isVariableDeclarationList(scope.initializer)) addList(scope.initializer);
    return names;
  }
  if (isCatchClause(scope)) {
    if (scope.variableDeclaration) add(scope.variableDeclaration.name, scope.variableDeclaration);
    return names;
  }
  const lists = isCaseBlock(scope)
    ? scope.clauses.map((clause) => clause.statements)
    : [(scope as ts.Block | ts.SourceFile | ts.ModuleBlock).statements];
  for (const list of lists) for (const statement of list) {
    if (isVariableStatement(statement)) addList(statement.declarationList);
    else if (
      (isFunctionDeclaration(statement) || isClassDeclaration(statement) || isEnumDeclaration(statement)) &&
      statement.name
    ) {
      add(statement.name, statement);
    } else if (isImportDeclaration(statement) && statement.importClause) {
      const clause = statement.importClause;
      if (clause.name) add(clause.name, clause);
      const bindings = clause.namedBindings;
      if (bindings && isNamespaceImport(bindings)) add(bindings.name, bindings);
      if (bindings && isNamedImports(bindings)) for (const element of bindings.elements) add(element.name, element);
    } else if (isImportEqualsDeclaration(statement)) {
      add(statement.name, statement);
    }
  }
  return names;
}
