import ts from './compiler.cjs';
import { isBinaryExpression, isConditionalExpression, isExpression, isIdentifier, isPropertyAccessExpression, isQualifiedName, isTypeReferenceNode, isVariableDeclaration, SyntaxKind } from './syntax.js';
import { isTypeScriptProviderModule, isTypeScriptSdkModule } from '../../model/sdk-modules.js';
import { declaredImport, importTypeOf, thisMemberImport } from './declared-sdk.js';
import { importOf, requiredModule, type ImportBinding } from './imports.js';
import { passedImport } from './passed-sdk.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

export { mentionsSdk } from './prefilter.js';

export interface SdkBinding {
  module: string;
  /** The exported name; undefined for a namespace (`import * as sdk`, `require(...)`). */
  exported?: string;
}

/** What an SDK name refers to, e.g. `query` from the browser entry. */
export interface SdkReference {
  module: string;
  name: string;
}

/** What a local module hands over as `name`, when it re-exports it from the SDK. */
export type ReExports = (module: string, name: string) => SdkBinding | undefined;

/** Per parsed file: how its imports of local modules are followed to the SDK (the project sets it). */
const reExportsOf = new WeakMap<ts.SourceFile, ReExports>();

/** Follow `file`'s imports of local modules that re-export the SDK (`export { query } from '…'`) with `through`. */
export function followReExports(file: ts.SourceFile, through: ReExports): void {
  reExportsOf.set(file, through);
}

/**
 * The SDK export a declaration binds, if it is an import or require of the
 * SDK, directly or through a local module that re-exports it; with `scopes`,
 * also a parameter or `const` whose declared type is the SDK's module
 * (`declaredImport`), or a parameter a call of this file hands the SDK
 * (`passedImport`).
 */
export function sdkBindingOf(declaration: ts.Node, scopes?: Scopes): SdkBinding | undefined {
  const binding = importOf(declaration) ?? (scopes && (declaredImport(declaration, scopes) ?? passedImport(declaration, scopes)));
  return binding && sdkBindingOfImport(declaration.getSourceFile(), binding);
}

function sdkBindingOfImport(file: ts.SourceFile, binding: ImportBinding): SdkBinding | undefined {
  if (!isSdkModule(binding.module)) return reExportsOf.get(file)?.(binding.module, binding.name);
  return sdkExport(binding.module, binding.name);
}

/** `name` of the SDK module `module`; a default import or a namespace is the module itself (its CommonJS namespace). */
export function sdkExport(module: string, name: string): SdkBinding {
  return name === '*' || name === 'default' ? { module } : { module, exported: name };
}

/**
 * The SDK, or a package whose exports are SDK entry points: the AI SDK
 * provider's own (`createClaudeCode`, `claudeCode`) and the SDK's that it
 * exports again under the same names (`startup`, `tool`).
 */
export function isSdkModule(specifier: string): boolean {
  return isTypeScriptSdkModule(specifier) || isTypeScriptProviderModule(specifier);
}

/** The SDK function or type an expression names: `query`, `sdk.query`, `q` (aliased). */
export function sdkReferenceOf(expression: ts.Node, scopes: Scopes): SdkReference | undefined {
  const node = isExpression(expression) ? unwrap(expression) : expression;
  if (isIdentifier(node)) {
    const declaration = scopes.resolve(node);
    const binding = declaration && sdkBindingOf(declaration, scopes);
    if (binding?.exported) return { module: binding.module, name: binding.exported };
    return declaration && aliasOf(declaration, scopes);
  }
  const [object, name] = isPropertyAccessExpression(node)
    ? [node.expression, node.name]
    : isQualifiedName(node)
      ? [node.left, node.right]
      : [undefined, undefined];
  if (!object || !name || !isIdentifier(name)) return undefined;
  const declaration = isIdentifier(object) ? scopes.resolve(object) : undefined;
  const held = !isIdentifier(object) && isExpression(object) ? heldModule(unwrap(object), scopes) : undefined;
  const binding = held ? sdkBindingOfImport(node.getSourceFile(), held) : declaration && sdkBindingOf(declaration, scopes);
  return binding && binding.exported === undefined ? { module: binding.module, name: name.text } : undefined;
}

/** A module an expression other than a name holds: `(await import('…'))`, loaded in place, or a typed field `this.sdk`. */
function heldModule(object: ts.Expression, scopes: Scopes): ImportBinding | undefined {
  const loaded = requiredModule(object);
  return loaded !== undefined ? { module: loaded, name: '*' } : thisMemberImport(object, scopes);
}

/**
 * `const run = useSdk ? query : ownQuery`, `const q = query`: a constant
 * that may hold the SDK function. What reaches it on the SDK's branch is
 * the SDK's options, so a call of it is checked as the SDK call.
 */
function aliasOf(declaration: ts.Node, scopes: Scopes, depth = 0): SdkReference | undefined {
  if (depth > 3 || !isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  if (!(declaration.parent.flags & ts.NodeFlags.Const)) return undefined;
  const branches = (expression: ts.Expression): ts.Expression[] => {
    const node = unwrap(expression);
    if (isConditionalExpression(node)) return [...branches(node.whenTrue), ...branches(node.whenFalse)];
    const operator = isBinaryExpression(node) ? node.operatorToken.kind : undefined;
    if (isBinaryExpression(node) && (operator === SyntaxKind.BarBarToken || operator === SyntaxKind.QuestionQuestionToken)) return [...branches(node.left), ...branches(node.right)];
    return [node];
  };
  for (const branch of branches(declaration.initializer)) {
    const inner = isIdentifier(branch) ? scopes.resolve(branch) : undefined;
    const binding = inner && sdkBindingOf(inner, scopes);
    const reference = binding?.exported
      ? { module: binding.module, name: binding.exported }
      : inner
        ? aliasOf(inner, scopes, depth + 1)
        : isPropertyAccessExpression(branch)
          ? sdkReferenceOf(branch, scopes)
          : undefined;
    if (reference) return reference;
  }
  return undefined;
}

/** True when a type annotation names one of the SDK's types, e.g. `Options`, `sdk.Options` or `import('…').Options`. */
export function isSdkType(type: ts.TypeNode | undefined, names: readonly string[], scopes: Scopes): boolean {
  if (type?.kind === SyntaxKind.ImportType) {
    const imported = importTypeOf(type as ts.ImportTypeNode);
    return !!imported && !imported.typeOf && isSdkModule(imported.module) && names.includes(imported.name);
  }
  if (!type || !isTypeReferenceNode(type)) return false;
  const reference = sdkReferenceOf(type.typeName, scopes);
  return !!reference && names.includes(reference.name);
}

export function isBrowserEntry(reference: SdkReference): boolean {
  return reference.module.endsWith('/browser');
}
