import type { SeenTest, ValueSet } from '../../model/types.js';
import { budget } from './budget.js';
import type { Expression, NodeReader } from './lowered.js';
import { bare, endsByLeaving, isReturned, ownNodes, statementsOf } from './node-reading.js';

/** The methods of a language's collections, by what they do to a key. */
export interface SeenSetMethods {
  /** Methods that put a key in: `seen.add(key)`, `seen.append(key)`. */
  inserts: ReadonlySet<string>;
  /** Methods that test for a key: `seen.has(key)`, `cache.get(key)`; a lookup of kind `has` is one too. */
  tests: ReadonlySet<string>;
  /** `seen[key]` tests for the key (TypeScript: it is undefined when absent), rather than failing (Python). */
  subscriptTests: boolean;
}

/** What a condition says about the key when it holds: the membership test, and whether the key was seen. */
interface Polarity<N> {
  test: N;
  seen: boolean;
}

/**
 * Membership tests on collections the function also inserts into, with what
 * the function returns right after a test found the key: the returns directly
 * in the branch taken when it was seen (an `if`, its `else` for a negated
 * test, or the first return after `if (!seen.has(key)) { ...; return }`), or
 * that branch of a returned conditional. A return under a further condition
 * is that condition's, not the test's.
 */
export function seenSetChecks<N, K>(reader: NodeReader<N, K>, methods: SeenSetMethods, body: N, evaluate: (expression: N) => ValueSet): SeenTest[] {
  const nodes = ownNodes(reader, body);
  const name = (node: N): string => reader.text(bare(reader, node).node).replace(/\s+/g, '');
  const collections = new Set<string>();
  for (const { read } of nodes) {
    const method = read.kind === 'call' ? methodOf(reader, read) : undefined;
    if (method && methods.inserts.has(method.name)) collections.add(name(method.object));
    const target = read.kind === 'assign' || read.kind === 'update' ? bare(reader, read.target).read : undefined;
    if (target?.kind === 'member' && target.computed) collections.add(name(target.object));
  }
  if (collections.size === 0) return [];

  /** `seen.has(k)`, `k in seen`, `k not in seen`, `seen[k]`, `Object.hasOwn(seen, k)` on a collection the function inserts into. */
  const membership = (read: Expression<N, K>): { seen: boolean } | undefined => {
    if (read.kind === 'call') {
      const method = methodOf(reader, read);
      if (method && methods.tests.has(method.name) && collections.has(name(method.object))) return { seen: true };
      const lookup = read.lookup;
      return lookup?.operation === 'has' && lookup.collection !== undefined && collections.has(name(lookup.collection)) ? { seen: true } : undefined;
    }
    if (read.kind === 'compare' && (read.operator === 'in' || read.operator === 'not in')) return collections.has(name(read.right)) ? { seen: read.operator === 'in' } : undefined;
    return read.kind === 'member' && read.computed && methods.subscriptTests && collections.has(name(read.object)) ? { seen: true } : undefined;
  };

  /** `seen.has(k)`, `!seen.has(k)`, `seen.has(k) && recent`, `await cache.get(k)`. */
  const polarity = (condition: N, depth = 0): Polarity<N> | undefined => {
    if (depth > budget.conditionDepth) return undefined;
    const { node, read } = bare(reader, condition);
    const test = membership(read);
    if (test) return { test: node, seen: test.seen };
    if (read.kind === 'await') return polarity(read.operand, depth + 1);
    if (read.kind === 'not') {
      const inner = polarity(read.operand, depth + 1);
      return inner && { test: inner.test, seen: !inner.seen };
    }
    // Both sides hold: a test that says "seen" still does; one that says "not seen" leaves the other branch open.
    if (read.kind === 'and') return [read.left, read.right].map((side) => polarity(side, depth + 1)).find((side) => side?.seen);
    return undefined;
  };

  const found = new Map<N, N[]>();
  const guard = (test: Polarity<N> | undefined, returned: Array<N | undefined>): void => {
    if (!test) return;
    const list = found.get(test.test) ?? [];
    for (const expression of returned) if (expression !== undefined) list.push(expression);
    found.set(test.test, list);
  };
  /** The values of the return statements a branch runs directly (not under a further condition); a bare `return` decides nothing. */
  const directReturns = (branch: N | undefined): Array<N | undefined> => statementsOf(reader, branch).flatMap((statement) => returnValue(reader, statement));
  for (const { node, read } of nodes) {
    if (read.kind === 'if') {
      const test = polarity(read.test);
      const [then, orElse] = read.branches;
      if (test?.seen) guard(test, directReturns(then));
      // In an `else if` chain, the other branches have conditions of their own.
      else if (test && !isElseIf(reader, node) && !read.branches.slice(1).some((branch) => reader.read(branch).kind === 'if')) {
        guard(test, [...directReturns(orElse), ...(endsByLeaving(reader, then) ? followingReturn(reader, node) : [])]);
      }
    } else if (read.kind === 'conditional' && isReturned(reader, node)) {
      const test = polarity(read.test);
      if (test) guard(test, [test.seen ? read.whenTrue : read.whenFalse]);
    }
  }
  return [...found].map(([test, returned]) => ({ span: reader.span(test), returnsWhenSeen: returned.map((expression) => evaluate(expression)) }));
}

/** `seen.add(k)`: the method's name and the collection it is called on. */
function methodOf<N, K>(reader: NodeReader<N, K>, call: Extract<Expression<N, K>, { kind: 'call' }>): { name: string; object: N } | undefined {
  const callee = bare(reader, call.callee).read;
  return callee.kind === 'member' && !callee.computed && callee.name !== undefined ? { name: callee.name, object: callee.object } : undefined;
}

/** `[value]` for a return statement (`[undefined]` for a bare one), `[]` for any other statement. */
function returnValue<N, K>(reader: NodeReader<N, K>, statement: N): Array<N | undefined> {
  const read = reader.read(statement);
  return read.kind === 'return' ? [read.value] : [];
}

/** `else if`, `elif`: the `if` is a later branch of another. */
function isElseIf<N, K>(reader: NodeReader<N, K>, node: N): boolean {
  const parent = reader.parent(node);
  const read = parent === undefined ? undefined : reader.read(parent);
  return read?.kind === 'if' && read.branches.indexOf(node) > 0;
}

/** The first return statement after an `if` in its block: where the function goes when the `if` is skipped. */
function followingReturn<N, K>(reader: NodeReader<N, K>, node: N): Array<N | undefined> {
  const parent = reader.parent(node);
  const statements = parent === undefined ? [] : statementsOf(reader, parent);
  const block = parent === undefined ? undefined : reader.read(parent);
  if (block?.kind !== 'block') return [];
  for (const statement of statements.slice(statements.indexOf(node) + 1)) {
    const read = reader.read(statement);
    if (read.kind === 'return') return [read.value];
  }
  return [];
}
