import ts from './compiler.cjs';
import { isIdentifier, isPropertyAccessExpression } from './syntax.js';
import { importOf } from './imports.js';
import { unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/**
 * A callee's name resolved through imports (see `CallSite.callee`): `axios.post`
 * for `import axios from 'axios'`, `undici.request` for `import { request }
 * from 'undici'`, `fetch` for the global. Undefined for a name bound in the
 * file (a parameter, a local) and for anything but a chain of names.
 */
export function calleeName(expression: ts.Expression, scopes: Scopes): string | undefined {
  const members: string[] = [];
  let node = unwrap(expression);
  while (isPropertyAccessExpression(node) && isIdentifier(node.name)) {
    members.unshift(node.name.text);
    node = unwrap(node.expression);
  }
  if (!isIdentifier(node)) return undefined;
  const declaration = scopes.resolve(node);
  const binding = declaration && importOf(declaration);
  if (declaration && !binding) return undefined;
  const root = !binding ? node.text : binding.name === '*' || binding.name === 'default' ? binding.module : `${binding.module}.${binding.name}`;
  return [root, ...members].join('.');
}
