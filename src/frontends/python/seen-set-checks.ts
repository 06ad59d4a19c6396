import { conditionPolarity, SeenSetChecks, type ConditionShape } from '../core/seen-set-checks.js';
import type { SeenTest, ValueSet } from '../../model/types.js';
import { isReturned } from './expressions.js';
import { field, isFunction, namedChildren, spanOf, statementsOf, textOf, unwrap, walk, type PyModule, type PyNode } from './syntax.js';

/** Methods that put a key into a set, dict or list. */
const insertMethods = new Set(['add', 'append', 'setdefault', 'update', '__setitem__']);

/** Methods that test for a key: `cache.get(key)`, `seen.__contains__(key)`. */
const testMethods = new Set(['get', '__contains__']);

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
  const checks = new SeenSetChecks<PyNode>();
  const polarityOf = (condition: PyNode | undefined) => condition && conditionPolarity(condition, (node) => conditionShape(source, node, collections));
  walkOwn(body, (node) => {
    if (node.type === 'if_statement' || node.type === 'elif_clause') {
      const polarity = polarityOf(field(node, 'condition'));
      const consequence = field(node, 'consequence');
      if (polarity?.seen) checks.guard(polarity, directReturns(consequence));
      else if (polarity && node.type === 'if_statement') {
        // With an `elif`, the other branches have conditions of their own.
        const alternatives = node.children.filter((child) => child.field === 'alternative');
        if (alternatives.some((clause) => clause.type !== 'else_clause')) return;
        checks.guard(polarity, [...directReturns(alternatives[0]), ...(endsByLeaving(consequence) ? followingReturn(node) : [])]);
      }
    } else if (node.type === 'conditional_expression' && isReturned(node)) {
      const [whenTrue, condition, whenFalse] = namedChildren(node);
      const polarity = polarityOf(condition);
      if (polarity) checks.guard(polarity, [polarity.seen ? whenTrue : whenFalse]);
    }
  });
  return checks.facts((node) => spanOf(source, node), evaluate);
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
function membershipTest(source: PyModule, node: PyNode, collections: ReadonlySet<string>): { seen: boolean } | undefined {
  if (node.type === 'comparison_operator') {
    const operands = namedChildren(node);
    const operators = node.children.filter((child) => !child.named).map((child) => textOf(source, child).replace(/\s+/g, ' '));
    if (operands.length !== 2 || !collections.has(collectionName(source, operands[1]!))) return undefined;
    if (operators.includes('not in') || (operators.includes('not') && operators.includes('in'))) return { seen: false };
    return operators.includes('in') ? { seen: true } : undefined;
  }
  if (node.type !== 'call') return undefined;
  const callee = field(node, 'function');
  const method = callee?.type === 'attribute' ? field(callee, 'attribute') : undefined;
  const object = callee && field(callee, 'object');
  if (!method || !object || !testMethods.has(textOf(source, method))) return undefined;
  return collections.has(collectionName(source, object)) ? { seen: true } : undefined;
}

/** A condition as the core's seen-set checks read it. */
function conditionShape(source: PyModule, condition: PyNode, collections: ReadonlySet<string>): ConditionShape<PyNode> {
  const node = unwrap(condition);
  if (node.type === 'await') {
    const [operand] = namedChildren(node);
    return operand ? { node, kind: 'await', operand } : { node, kind: 'other' };
  }
  const test = membershipTest(source, node, collections);
  if (test) return { node, kind: 'test', seen: test.seen };
  const argument = node.type === 'not_operator' ? field(node, 'argument') : undefined;
  if (argument) return { node, kind: 'not', operand: argument };
  const operator = node.type === 'boolean_operator' ? field(node, 'operator') : undefined;
  if (operator && textOf(source, operator) === 'and') {
    const sides = [field(node, 'left'), field(node, 'right')].filter((side) => side !== undefined);
    return { node, kind: 'and', sides };
  }
  return { node, kind: 'other' };
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
