import type { SeenTest, Span, ValueSet } from '../../model/types.js';
import { budget } from './budget.js';

/**
 * What a condition is, as far as the seen-set checks read it; the language
 * reads its own syntax (`!x`, `not x`, `a && b`, `a and b`, `key in seen`,
 * `seen.has(key)`) into this. `node` is the condition without parentheses.
 */
export type ConditionShape<N> = { node: N } & (
  | { kind: 'test'; seen: boolean }
  | { kind: 'not' | 'await'; operand: N }
  | { kind: 'and'; sides: N[] }
  | { kind: 'other' }
);

/** What a condition says about the key when it holds: the membership test, and whether the key was seen. */
export interface Polarity<N> {
  test: N;
  seen: boolean;
}

/** `seen.has(k)`, `!seen.has(k)`, `seen.has(k) && recent`, `await cache.get(k)`. */
export function conditionPolarity<N>(condition: N, shapeOf: (condition: N) => ConditionShape<N>, depth = 0): Polarity<N> | undefined {
  if (depth > budget.conditionDepth) return undefined;
  const shape = shapeOf(condition);
  switch (shape.kind) {
    case 'test':
      return { test: shape.node, seen: shape.seen };
    case 'await':
      return conditionPolarity(shape.operand, shapeOf, depth + 1);
    case 'not': {
      const inner = conditionPolarity(shape.operand, shapeOf, depth + 1);
      return inner && { test: inner.test, seen: !inner.seen };
    }
    case 'and':
      // Both sides hold: a test that says "seen" still does; one that says "not seen" leaves the other branch open.
      return shape.sides.map((side) => conditionPolarity(side, shapeOf, depth + 1)).find((side) => side?.seen);
    default:
      return undefined;
  }
}

/**
 * Collects, for each membership test, what the function returns right after
 * the test found the key, and hands them over as the model's facts.
 */
export class SeenSetChecks<N> {
  private readonly found = new Map<N, N[]>();

  guard(polarity: Polarity<N> | undefined, returned: Array<N | undefined>): void {
    if (!polarity) return;
    const list = this.found.get(polarity.test) ?? [];
    for (const expression of returned) if (expression) list.push(expression);
    this.found.set(polarity.test, list);
  }

  facts(spanOf: (node: N) => Span, evaluate: (expression: N) => ValueSet): SeenTest[] {
    return [...this.found].map(([test, returned]) => ({ span: spanOf(test), returnsWhenSeen: returned.map((expression) => evaluate(expression)) }));
  }
}
