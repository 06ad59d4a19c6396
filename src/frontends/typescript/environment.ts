import ts from './compiler.cjs';
import { isElementAccessExpression, isPropertyAccessExpression, isStringLiteralLike } from './syntax.js';
import type { EnvironmentRead } from '../core/value-sources.js';
import { calleeName } from './call-sites.js';
import { spanOf, unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/** The names `process.env` goes by: the global, and the `process` module imported under any name. */
const environments = new Set(['process.env', 'node:process.env']);

/** `process.env.MODE`, `process.env['MODE']` (and `env.MODE` of `import { env } from 'node:process'`). */
export function environmentRead(expression: ts.Expression, scopes: Scopes): EnvironmentRead | undefined {
  const node = unwrap(expression);
  if (!isPropertyAccessExpression(node) && !isElementAccessExpression(node)) return undefined;
  const holder = calleeName(node.expression, scopes);
  if (!holder || !environments.has(holder)) return undefined;
  const key = isPropertyAccessExpression(node) ? undefined : unwrap(node.argumentExpression);
  const name = isPropertyAccessExpression(node) ? node.name.text : key && isStringLiteralLike(key) ? key.text : '';
  return { name, span: spanOf(node) };
}
