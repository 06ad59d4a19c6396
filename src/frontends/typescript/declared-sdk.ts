import ts from './compiler.cjs';
import { isArrowFunction, isAwaitExpression, isCallExpression, isClassLike, isConstructorDeclaration, isFunctionDeclaration, isFunctionLike, isIdentifier, isInterfaceDeclaration, isParameter, isPropertyAccessExpression, isPropertyDeclaration, isQualifiedName, isStringLiteralLike, isTypeAliasDeclaration, isVariableDeclaration, SyntaxKind } from './syntax.js';
import { importOf, type ImportBinding } from './imports.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/** How deep aliases of aliases are followed. */
const maxDepth = 8;

/**
 * The module a parameter or variable holds by its declared type: an SDK
 * handed in as a value (`sdk: typeof import('…')`, a local alias of that,
 * `typeof Sdk` of `import type * as Sdk`, a JSDoc `@param` type), or a
 * `const` set to what a call is declared to return (`await deps.getSDK()`
 * with `getSDK(): Promise<typeof import('…')>`). The type is what the code
 * says it is given; a value without one is not known to be the SDK.
 */
export function declaredImport(declaration: ts.Node, scopes: Scopes): ImportBinding | undefined {
  if (!isParameter(declaration) && !isVariableDeclaration(declaration)) return undefined;
  if (!isIdentifier(declaration.name)) return undefined;
  const type = declaredType(declaration);
  if (type) return moduleOfType(type, scopes, 0);
  // Only a `const` keeps what the call returned.
  if (!isVariableDeclaration(declaration) || !declaration.initializer || !(declaration.parent.flags & ts.NodeFlags.Const)) return undefined;
  const returned = returnTypeOf(declaration.initializer, scopes);
  return returned && moduleOfType(awaited(returned), scopes, 0);
}

/**
 * The module a field read through `this` holds by its declared type
 * (`this.sdk` with `sdk: typeof import('…')` declared in the class, or a
 * constructor parameter property `constructor(private sdk: Sdk)`).
 */
export function thisMemberImport(expression: ts.Expression, scopes: Scopes): ImportBinding | undefined {
  if (!isPropertyAccessExpression(expression) || expression.expression.kind !== SyntaxKind.ThisKeyword) return undefined;
  const name = expression.name.text;
  const owner = classOfThis(expression);
  if (!owner) return undefined;
  for (const member of owner.members) {
    if (isPropertyDeclaration(member) && isIdentifier(member.name) && member.name.text === name) {
      const type = member.type ?? (member.flags & ts.NodeFlags.JavaScriptFile ? ts.getJSDocType(member) : undefined);
      return type && moduleOfType(type, scopes, 0);
    }
    if (isConstructorDeclaration(member)) {
      const property = member.parameters.find((parameter) => ts.isParameterPropertyDeclaration(parameter, member) && isIdentifier(parameter.name) && parameter.name.text === name);
      if (property?.type) return moduleOfType(property.type, scopes, 0);
    }
  }
  return undefined;
}

/** The class `this` is an instance of where it is read: through arrow functions, up to the method, accessor, constructor or field it is in. */
function classOfThis(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (isArrowFunction(current)) continue;
    if (isClassLike(current)) return current;
    // A function of its own binds a `this` of its own; a method's parent is the class.
    if (isFunctionLike(current) && !isClassLike(current.parent)) return undefined;
  }
  return undefined;
}

/**
 * `import('m').Name` (a type of module `m`), `typeof import('m')` (the module,
 * name `*`) or `typeof import('m').name` (an export's value): `typeOf` tells.
 */
export function importTypeOf(type: ts.ImportTypeNode): { module: string; name: string; typeOf: boolean } | undefined {
  const { isTypeOf, argument, qualifier } = type;
  const literal = argument.kind === SyntaxKind.LiteralType ? (argument as ts.LiteralTypeNode).literal : undefined;
  if (!literal || !isStringLiteralLike(literal)) return undefined;
  if (!qualifier) return isTypeOf ? { module: literal.text, name: '*', typeOf: true } : undefined;
  return isIdentifier(qualifier) ? { module: literal.text, name: qualifier.text, typeOf: isTypeOf } : undefined;
}

/** A parameter's or variable's declared type, in JavaScript its JSDoc type. */
export function declaredType(declaration: ts.ParameterDeclaration | ts.VariableDeclaration): ts.TypeNode | undefined {
  // JavaScript declares types in JSDoc (`@param {typeof import('…')} sdk`); TypeScript ignores those.
  return declaration.type ?? (declaration.flags & ts.NodeFlags.JavaScriptFile ? ts.getJSDocType(declaration) : undefined);
}

/** The module, or the module's export, a type names: `typeof import('m')`, `typeof import('m').query`, `typeof Ns`, an alias of one. */
function moduleOfType(type: ts.TypeNode, scopes: Scopes, depth: number): ImportBinding | undefined {
  if (depth > maxDepth) return undefined;
  if (type.kind === SyntaxKind.ParenthesizedType) return moduleOfType((type as ts.ParenthesizedTypeNode).type, scopes, depth + 1);
  if (type.kind === SyntaxKind.ImportType) {
    const imported = importTypeOf(type as ts.ImportTypeNode);
    return imported?.typeOf ? { module: imported.module, name: imported.name } : undefined;
  }
  if (type.kind === SyntaxKind.TypeQuery) {
    const name = (type as ts.TypeQueryNode).exprName;
    if (isIdentifier(name)) return importedAs(name, scopes);
    const namespace = isQualifiedName(name) && isIdentifier(name.left) ? importedAs(name.left, scopes) : undefined;
    return namespace?.name === '*' && isQualifiedName(name) ? { module: namespace.module, name: name.right.text } : undefined;
  }
  const aliased = type.kind === SyntaxKind.TypeReference ? aliasedType(localType(type as ts.TypeReferenceNode)) : undefined;
  return aliased && moduleOfType(aliased, scopes, depth + 1);
}

/** What an alias stands for: `type Sdk = …`, or in JavaScript `@typedef {…} Sdk`; undefined for an interface. */
function aliasedType(local: LocalType | undefined): ts.TypeNode | undefined {
  if (!local || isInterfaceDeclaration(local)) return undefined;
  if (isTypeAliasDeclaration(local)) return local.type;
  const expression = local.typeExpression;
  return expression?.kind === SyntaxKind.JSDocTypeExpression ? expression.type : undefined;
}

/** The import an identifier names; a default import is the module's namespace, as `import()` gives it. */
function importedAs(name: ts.Identifier, scopes: Scopes): ImportBinding | undefined {
  const declaration = scopes.resolve(name);
  const binding = declaration && importOf(declaration);
  return binding?.name === 'default' ? { module: binding.module, name: '*' } : binding;
}

type LocalType = ts.TypeAliasDeclaration | ts.InterfaceDeclaration | ts.JSDocTypedefTag;

/**
 * A type alias or interface of the module's top level that a reference names,
 * without type arguments; in JavaScript also a `@typedef` in a JSDoc comment
 * of a top-level statement.
 */
function localType(type: ts.TypeReferenceNode): LocalType | undefined {
  if (!isIdentifier(type.typeName) || type.typeArguments) return undefined;
  const name = type.typeName.text;
  const file = type.getSourceFile();
  const found: LocalType[] = file.statements.filter(
    (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (isInterfaceDeclaration(statement) || isTypeAliasDeclaration(statement)) && statement.name.text === name && !statement.typeParameters,
  );
  if (file.flags & ts.NodeFlags.JavaScriptFile) {
    // ts.getJSDocTags leaves out typedefs (they declare no part of their host), so the comments are read whole.
    for (const holder of [...file.statements, file.endOfFileToken] as Array<ts.Node & { jsDoc?: ts.JSDoc[] }>) {
      for (const tag of (holder.jsDoc ?? []).flatMap((doc) => doc.tags ?? [])) {
        if (tag.kind === SyntaxKind.JSDocTypedefTag && (tag as ts.JSDocTypedefTag).name?.text === name) found.push(tag as ts.JSDocTypedefTag);
      }
    }
  }
  return found.length === 1 ? found[0] : undefined;
}

/** `T` of `Promise<T>`: what `await` gives. */
function awaited(type: ts.TypeNode): ts.TypeNode {
  const reference = type.kind === SyntaxKind.TypeReference ? (type as ts.TypeReferenceNode) : undefined;
  const [argument, ...more] = reference?.typeArguments ?? [];
  const wraps = reference && isIdentifier(reference.typeName) && (reference.typeName.text === 'Promise' || reference.typeName.text === 'PromiseLike');
  return wraps && argument && more.length === 0 ? argument : type;
}

/** The declared return type of the function a call names: a local function, or a method of a typed parameter or variable (`deps.getSDK()`). */
function returnTypeOf(initializer: ts.Expression, scopes: Scopes): ts.TypeNode | undefined {
  let expression = unwrap(initializer);
  if (isAwaitExpression(expression)) expression = unwrap(expression.expression);
  if (!isCallExpression(expression)) return undefined;
  const callee = unwrap(expression.expression);
  if (isIdentifier(callee)) {
    const declaration = scopes.resolve(callee);
    if (!declaration || !isFunctionDeclaration(declaration)) return undefined;
    // JavaScript declares it in JSDoc (`@returns {Promise<typeof import('…')>}`).
    return declaration.type ?? (declaration.flags & ts.NodeFlags.JavaScriptFile ? ts.getJSDocReturnType(declaration) : undefined);
  }
  if (!isPropertyAccessExpression(callee) || !isIdentifier(callee.expression)) return undefined;
  const holder = scopes.resolve(callee.expression);
  const type = holder && (isParameter(holder) || isVariableDeclaration(holder)) ? declaredType(holder) : undefined;
  return type && memberReturnType(type, callee.name.text);
}

/** What method `name` of a type literal or a local interface or alias returns: `getSDK(): T` or `getSDK: () => T`. */
function memberReturnType(type: ts.TypeNode, name: string, depth = 0): ts.TypeNode | undefined {
  if (depth > maxDepth) return undefined;
  let members: ts.NodeArray<ts.TypeElement> | undefined;
  if (type.kind === SyntaxKind.TypeLiteral) members = (type as ts.TypeLiteralNode).members;
  else if (type.kind === SyntaxKind.TypeReference) {
    const local = localType(type as ts.TypeReferenceNode);
    const aliased = aliasedType(local);
    if (aliased) return memberReturnType(aliased, name, depth + 1);
    members = local && isInterfaceDeclaration(local) ? local.members : undefined;
  }
  const member = members?.find((each) => each.name && isIdentifier(each.name) && each.name.text === name);
  if (member?.kind === SyntaxKind.MethodSignature) return (member as ts.MethodSignature).type;
  const property = member?.kind === SyntaxKind.PropertySignature ? (member as ts.PropertySignature).type : undefined;
  return property?.kind === SyntaxKind.FunctionType ? (property as ts.FunctionTypeNode).type : undefined;
}
