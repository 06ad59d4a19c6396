import ts from './compiler.cjs';
import { isArrowFunction, isBinaryExpression, isClassLike, isConstructorDeclaration, isElementAccessExpression, isExpressionStatement, isFunctionLike, isPropertyAccessExpression, isStringLiteralLike, SyntaxKind } from './syntax.js';
import type { FieldWrite } from '../core/fields.js';
import { writesInRunOrder } from './file-index.js';
import { spanOf, staticName, unwrap } from './parse.js';

/** A write to a field of `this` in a class's own code, without its value evaluated. */
export type ThisWrite = Omit<FieldWrite, 'value'> & { value: ts.Expression };

const known = new WeakMap<ts.Node, Map<string, ThisWrite[]>>();

/** The writes `this.key = value` in the methods, constructor and field initialisers of a class, by key, in run order. */
export function thisWritesOf(cls: ts.ClassLikeDeclaration): Map<string, ThisWrite[]> {
  let writes = known.get(cls);
  if (!writes) {
    writes = findThisWrites(cls);
    known.set(cls, writes);
  }
  return writes;
}

function findThisWrites(cls: ts.ClassLikeDeclaration): Map<string, ThisWrite[]> {
  const found = new Map<string, ThisWrite[]>();
  for (const write of writesInRunOrder(cls.getSourceFile())) {
    if (write.pos < cls.pos || write.end > cls.end || !isBinaryExpression(write)) continue;
    const target = unwrap(write.left);
    if (!isPropertyAccessExpression(target) && !isElementAccessExpression(target)) continue;
    if (unwrap(target.expression).kind !== SyntaxKind.ThisKeyword) continue;
    const key = isPropertyAccessExpression(target)
      ? target.name.text
      : isStringLiteralLike(unwrap(target.argumentExpression))
        ? (unwrap(target.argumentExpression) as ts.StringLiteralLike).text
        : undefined;
    const place = placeOf(write, cls);
    if (key === undefined || !place) continue;
    const list = found.get(key) ?? [];
    list.push({ ...place, name: `this.${key}`, value: write.right, span: spanOf(write) });
    found.set(key, list);
  }
  return found;
}

/**
 * Which member of the class a write runs in, and when. `this` is the
 * instance in the class's members and in arrow functions inside them; in a
 * nested `function` or class it is something else, and the write is left out.
 */
function placeOf(write: ts.Node, cls: ts.ClassLikeDeclaration): Pick<FieldWrite, 'place' | 'owner'> | undefined {
  let inArrow = false;
  for (let current: ts.Node = write.parent; current !== cls; current = current.parent) {
    if (isArrowFunction(current)) inArrow = true;
    else if (isClassLike(current)) return undefined;
    else if (isFunctionLike(current) || current.kind === SyntaxKind.PropertyDeclaration) {
      if (current.parent !== cls) return undefined;
      if (isConstructorDeclaration(current)) {
        // An arrow in the constructor is a callback: it runs later, like a method.
        if (inArrow) return { place: 'method', owner: 'constructor' };
        const statement = write.parent;
        return { place: isExpressionStatement(statement) && statement.parent === current.body ? 'setup' : 'constructor' };
      }
      const name = (current as ts.ClassElement).name;
      const owner = name && staticName(name);
      return { place: 'method', ...(owner ? { owner } : {}) };
    }
  }
  return undefined;
}
