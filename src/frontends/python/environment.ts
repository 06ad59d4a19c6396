import type { EnvironmentRead } from '../core/value-sources.js';
import { qualifiedName } from './imports.js';
import type { Scopes } from './scope.js';
import { field, namedChildren, spanOf, stringValue, textOf, unwrap, type PyModule, type PyNode } from './syntax.js';

/** The calls that read an environment variable, with an optional fallback as their second argument or `default=`. */
const readers = new Set(['os.getenv', 'os.environ.get']);

/**
 * `os.getenv("MODE")`, `os.environ.get("MODE", "default")`, `os.environ["MODE"]`:
 * the variable read and the fallback the call gives, if any.
 */
export function environmentRead(source: PyModule, scopes: Scopes, node: PyNode): { read: EnvironmentRead; fallback?: PyNode } | undefined {
  const expression = unwrap(node);
  if (expression.type === 'subscript') {
    const holder = field(expression, 'value');
    const key = field(expression, 'subscript');
    if (!holder || !key || qualifiedName(source, scopes, holder) !== 'os.environ') return undefined;
    return { read: { name: stringValue(source, key) ?? '', span: spanOf(source, expression) } };
  }
  if (expression.type !== 'call') return undefined;
  const callee = field(expression, 'function');
  if (!callee || !readers.has(qualifiedName(source, scopes, callee) ?? '')) return undefined;
  const list = field(expression, 'arguments');
  const items = list && list.type === 'argument_list' ? namedChildren(list) : [];
  const positional = items.filter((item) => item.type !== 'keyword_argument');
  const keyword = items.find((item) => item.type === 'keyword_argument' && textOf(source, field(item, 'name') ?? item) === 'default');
  const [key, second] = positional;
  const name = key && key.type !== 'list_splat' && key.type !== 'dictionary_splat' ? (stringValue(source, key) ?? '') : '';
  const fallback = second ?? (keyword && field(keyword, 'value'));
  return { read: { name, span: spanOf(source, expression) }, ...(fallback ? { fallback } : {}) };
}
