import ts from './compiler.cjs';
import { isCallExpression, isIdentifier, isPropertyAccessExpression, isVariableDeclaration } from './syntax.js';
import { defaultProviders, modelMethods, providerFactories } from '../../model/providers.js';
import { isTypeScriptProviderModule } from '../../model/sdk-modules.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';
import { sdkReferenceOf } from './sdk.js';

/** A provider a model comes from: the factory call that made it, none for the package's default `claudeCode`. */
export interface Provider {
  factory?: ts.CallExpression;
}

/** `createClaudeCode(...)` of the AI SDK provider package. */
export function isProviderFactoryCall(node: ts.CallExpression, scopes: Scopes): boolean {
  const reference = sdkReferenceOf(node.expression, scopes);
  return !!reference && isTypeScriptProviderModule(reference.module) && providerFactories.includes(reference.name);
}

/**
 * The provider a call makes a model of: `claudeCode('sonnet', settings)`,
 * `provider('opus', settings)` where `const provider = createClaudeCode(...)`,
 * and either's `languageModel` or `chat` method.
 */
export function modelCallProvider(call: ts.CallExpression, scopes: Scopes): Provider | undefined {
  let callee = unwrap(call.expression);
  if (isPropertyAccessExpression(callee) && modelMethods.includes(callee.name.text)) callee = unwrap(callee.expression);
  const reference = sdkReferenceOf(callee, scopes);
  if (reference) return isTypeScriptProviderModule(reference.module) && defaultProviders.includes(reference.name) ? {} : undefined;
  const declaration = isIdentifier(callee) ? scopes.resolve(callee) : undefined;
  const made = declaration && isVariableDeclaration(declaration) && declaration.parent.flags & ts.NodeFlags.Const ? declaration.initializer && unwrap(declaration.initializer) : callee;
  return made && isCallExpression(made) && isProviderFactoryCall(made, scopes) ? { factory: made } : undefined;
}
