import ts from './compiler.cjs';
import { isExpression, isIdentifier, isPropertyAccessExpression, isQualifiedName, isTypeReferenceNode } from './syntax.js';
import { isTypeScriptSdkModule } from '../../model/sdk-modules.js';
import { importOf } from './imports.js';
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

/** The SDK export a declaration binds, if it is an import or require of the SDK. */
export function sdkBindingOf(declaration: ts.Node): SdkBinding | undefined {
  const binding = importOf(declaration);
  if (!binding || !isSdkModule(binding.module)) return undefined;
  // A default import of the SDK is its CommonJS namespace.
  return binding.name === '*' || binding.name === 'default' ? { module: binding.module } : { module: binding.module, exported: binding.name };
}

export function isSdkModule(specifier: string): boolean {
  return isTypeScriptSdkModule(specifier);
}

/** The SDK function or type an expression names: `query`, `sdk.query`, `q` (aliased). */
export function sdkReferenceOf(expression: ts.Node, scopes: Scopes): SdkReference | undefined {
  const node = isExpression(expression) ? unwrap(expression) : expression;
  if (isIdentifier(node)) {
    const declaration = scopes.resolve(node);
    const binding = declaration && sdkBindingOf(declaration);
    return binding?.exported ? { module: binding.module, name: binding.exported } : undefined;
  }
  const [object, name] = isPropertyAccessExpression(node)
    ? [node.expression, node.name]
    : isQualifiedName(node)
      ? [node.left, node.right]
      : [undefined, undefined];
  if (!object || !name || !isIdentifier(object) || !isIdentifier(name)) return undefined;
  const declaration = scopes.resolve(object);
  const binding = declaration && sdkBindingOf(declaration);
  return binding && binding.exported === undefined ? { module: binding.module, name: name.text } : undefined;
}

/** True when a type annotation names one of the SDK's types, e.g. `Options` or `sdk.Options`. */
export function isSdkType(type: ts.TypeNode | undefined, names: readonly string[], scopes: Scopes): boolean {
  if (!type || !isTypeReferenceNode(type)) return false;
  const reference = sdkReferenceOf(type.typeName, scopes);
  return !!reference && names.includes(reference.name);
}

export function isBrowserEntry(reference: SdkReference): boolean {
  return reference.module.endsWith('/browser');
}
