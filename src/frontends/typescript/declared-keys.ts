import ts from './compiler.cjs';
import { isIdentifier, isInterfaceDeclaration, isTypeAliasDeclaration, SyntaxKind } from './syntax.js';
import { staticName } from './parse.js';

/** Wrappers that keep the keys of the type they take. */
const keyPreserving = new Set(['Partial', 'Readonly', 'Required']);

/** How deep aliases of aliases are followed. */
const maxDepth = 8;

/**
 * The property keys a value of this declared type can hold, when the type
 * names them all: a type literal, or an interface or type alias declared at
 * the top of the same module (`Partial<...>`, `Readonly<...>` and
 * `| undefined` keep its keys). Undefined when it may hold others: an index
 * signature, `extends`, an imported or generic type, `any`.
 */
export function declaredKeys(type: ts.TypeNode | undefined): string[] | undefined {
  return type ? keysOf(type, 0) : undefined;
}

function keysOf(type: ts.TypeNode, depth: number): string[] | undefined {
  if (depth > maxDepth) return undefined;
  switch (type.kind) {
    case SyntaxKind.ParenthesizedType:
      return keysOf((type as ts.ParenthesizedTypeNode).type, depth + 1);
    case SyntaxKind.TypeLiteral:
      return membersKeys((type as ts.TypeLiteralNode).members);
    case SyntaxKind.UnionType: {
      const keys = new Set<string>();
      for (const member of (type as ts.UnionTypeNode).types) {
        if (isNothing(member)) continue;
        const own = keysOf(member, depth + 1);
        if (!own) return undefined;
        own.forEach((key) => keys.add(key));
      }
      return [...keys];
    }
    case SyntaxKind.TypeReference:
      return referenceKeys(type as ts.TypeReferenceNode, depth);
    default:
      return undefined;
  }
}

function referenceKeys(type: ts.TypeReferenceNode, depth: number): string[] | undefined {
  if (!isIdentifier(type.typeName)) return undefined;
  const name = type.typeName.text;
  const [argument, ...more] = type.typeArguments ?? [];
  if (keyPreserving.has(name)) return argument && more.length === 0 ? keysOf(argument, depth + 1) : undefined;
  if (argument) return undefined;
  const declarations = type.getSourceFile().statements.filter(
    (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (isInterfaceDeclaration(statement) || isTypeAliasDeclaration(statement)) && statement.name.text === name,
  );
  // Interfaces of one name merge; one declaration is what can be read whole.
  if (declarations.length !== 1) return undefined;
  const declaration = declarations[0]!;
  if (declaration.typeParameters) return undefined;
  if (isTypeAliasDeclaration(declaration)) return keysOf(declaration.type, depth + 1);
  return declaration.heritageClauses ? undefined : membersKeys(declaration.members);
}

/** The keys of properties and methods; undefined if an index, call or computed member may add others. */
function membersKeys(members: ts.NodeArray<ts.TypeElement>): string[] | undefined {
  const keys: string[] = [];
  for (const member of members) {
    if (member.kind !== SyntaxKind.PropertySignature && member.kind !== SyntaxKind.MethodSignature) return undefined;
    const key = member.name && staticName(member.name);
    if (key === undefined) return undefined;
    keys.push(key);
  }
  return keys;
}

function isNothing(type: ts.TypeNode): boolean {
  if (type.kind === SyntaxKind.UndefinedKeyword || type.kind === SyntaxKind.NullKeyword || type.kind === SyntaxKind.VoidKeyword) return true;
  return type.kind === SyntaxKind.LiteralType && (type as ts.LiteralTypeNode).literal.kind === SyntaxKind.NullKeyword;
}
