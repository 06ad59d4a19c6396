import { budget } from '../core/budget.js';
import type { SeenTest, ValueSet } from '../../model/types.js';
import { isReturned } from './random-value-flows.js';
import { field, isFunction, namedChildren, spanOf, statementsOf, textOf, unwrap, walk, type PyModule, type PyNode } from './syntax.js';

/** Methods that put a key into a set, dict or list. */
const insertMethods = new Set(['add', 'append', 'setdefault', 'update', '__setitem__']);

/** Methods that test for a key: `cache.get(key)`, `seen.__contains__(key)`. */
const testMethods = new Set(['get', '__contains__']);

/** What a condition says about the key when it holds: the test, and whether the key was seen. */
interface Polarity {
  test: PyNode;
  seen: boolean;
}

/**
 * Membership tests on collections the function also inserts into, with what
 * the function returns right after a test found the key: the returns directly
 * in the branch taken when it was seen (an `if`, its `else` for a negated
 * test, or the first return after `if key not in seen: ...; return`), or that
 * branch of a returned conditional expression. A return under a further
 * condition is that condition's, not the test's.
 */
export function seenSetChecks(source: PyModule, fn: PyNode, evaluate: (node: PyNode) => ValueSet): SeenTest[] {
  const body = field(fn, 'body');
  if (!body || fn.type === 'lambda') return [];
  const collections = insertedCollections(source, body);
  if (collections.size === 0) return [];
  const found = new Map<PyNode, PyNode[]>();
  const guard = (polarity: Polarity | undefined, returned: Array<PyNode | undefined>): void => {
    if (!polarity) return;
    const list = found.get(polarity.test) ?? [];
    for (const node of returned) if (node) list.push(node);
    found.set(polarity.test, list);
  };
  const polarityOf = (condition: PyNode | undefined): Polarity | undefined => condition && conditionPolarity(source, condition, collections);
  walkOwn(body, (node) => {
    if (node.type === 'if_statement' || node.type === 'elif_clause') {
      const polarity = polarityOf(field(node, 'condition'));
      const consequence = field(node, 'consequence');
      if (polarity?.seen) guard(polarity, directReturns(consequence));
      else if (polarity && node.type === 'if_statement') {
        // With an `elif`, the other branches have conditions of their own.
        const alternatives = node.children.filter((child) => child.field === 'alternative');
        if (alternatives.some((clause) => clause.type !== 'else_clause')) return;
        guard(polarity, [...directReturns(alternatives[0]), ...(endsByLeaving(consequence) ? followingReturn(node) : [])]);
      }
    } else if (node.type === 'conditional_expression' && isReturned(node)) {
      const [whenTrue, condition, whenFalse] = namedChildren(node);
      const polarity = polarityOf(condition);
      if (polarity) guard(polarity, [polarity.seen ? whenTrue : whenFalse]);
    }
  });
  return [...found].map(([test, returned]) => ({ span: spanOf(source, test), returnsWhenSeen: returned.map((node) => evaluate(node)) }));
}

/** The function's own nodes: not those of functions and classes nested in it. */
function walkOwn(body: PyNode, visit: (node: PyNode) => void): void {
  walk(body, (node) => {
    if (isFunction(node) || node.type === 'class_definition') return false;
    visit(node);
    return true;
  });
}

/** The collections the function puts keys into, by their text: `seen`, `self.seen`. */
function insertedCollections(source: PyModule, body: PyNode): Set<string> {
  const names = new Set<string>();
  walkOwn(body, (node) => {
    if (node.type === 'call') {
      const callee = field(node, 'function');
      const method = callee?.type === 'attribute' ? field(callee, 'attribute') : undefined;
      const object = callee && field(callee, 'object');
      if (method && object && insertMethods.has(textOf(source, method))) names.add(collectionName(source, object));
    } else if (node.type === 'assignment' || node.type === 'augmented_assignment') {
      const target = field(node, 'left');
      const object = target && unwrap(target).type === 'subscript' ? field(unwrap(target), 'value') : undefined;
      if (object) names.add(collectionName(source, object));
    }
  });
  return names;
}

function collectionName(source: PyModule, node: PyNode): string {
  return textOf(source, unwrap(node)).replace(/\s+/g, '');
}

/** `key in seen`, `key not in seen` (not seen), `cache.get(key)` on a collection the function inserts into. */
function membershipTest(source: PyModule, node: PyNode, collections: ReadonlySet<string>): Polarity | undefined {
  if (node.type === 'comparison_operator') {
    const operands = namedChildren(node);
    const operators = node.children.filter((child) => !child.named).map((child) => textOf(source, child).replace(/\s+/g, ' '));
    if (operands.length !== 2 || !collections.has(collectionName(source, operands[1]!))) return undefined;
    if (operators.includes('not in') || (operators.includes('not') && operators.includes('in'))) return { test: node, seen: false };
    return operators.includes('in') ? { test: node, seen: true } : undefined;
  }
  if (node.type !== 'call') return undefined;
  const callee = field(node, 'function');
  const method = callee?.type === 'attribute' ? field(callee, 'attribute') : undefined;
  const object = callee && field(callee, 'object');
  if (!method || !object || !testMethods.has(textOf(source, method))) return undefined;
  return collections.has(collectionName(source, object)) ? { test: node, seen: true } : undefined;
}

/** What a condition says about a membership test when it holds: `key in seen`, `not cache.get(key)`, `key in seen and recent`. */
function conditionPolarity(source: PyModule, condition: PyNode, collections: ReadonlySet<string>, depth = 0): Polarity | undefined {
  if (depth > budget.conditionDepth) return undefined;
  const node = unwrap(condition);
  if (node.type === 'await') {
    const [inner] = namedChildren(node);
    return inner && conditionPolarity(source, inner, collections, depth + 1);
  }
  const test = membershipTest(source, node, collections);
  if (test) return test;
  if (node.type === 'not_operator') {
    const inner = field(node, 'argument');
    const polarity = inner && conditionPolarity(source, inner, collections, depth + 1);
    return polarity && { test: polarity.test, seen: !polarity.seen };
  }
  const operator = node.type === 'boolean_operator' ? field(node, 'operator') : undefined;
  if (operator && textOf(source, operator) === 'and') {
    // Both sides hold: a test that says "seen" still does; one that says "not seen" leaves the other branch open.
    const sides = [field(node, 'left'), field(node, 'right')].map((side) => side && conditionPolarity(source, side, collections, depth + 1));
    return sides.find((side) => side?.seen);
  }
  return undefined;
}

/** The values of the return statements a block runs directly (not under a further condition); a bare `return` decides nothing. */
function directReturns(block: PyNode | undefined): Array<PyNode | undefined> {
  return statementsOf(block).filter((statement) => statement.type === 'return_statement').map((statement) => namedChildren(statement)[0]);
}

/** The first return statement after an `if` in its block: where the function goes when the `if` is skipped. */
function followingReturn(node: PyNode): Array<PyNode | undefined> {
  const siblings = node.parent ? namedChildren(node.parent) : [];
  const after = siblings.slice(siblings.indexOf(node) + 1);
  const next = after.find((statement) => statement.type === 'return_statement');
  return next ? [namedChildren(next)[0]] : [];
}

/** The block ends in a return or raise. */
function endsByLeaving(block: PyNode | undefined): boolean {
  const last = statementsOf(block).at(-1);
  return !!last && (last.type === 'return_statement' || last.type === 'raise_statement');
}
