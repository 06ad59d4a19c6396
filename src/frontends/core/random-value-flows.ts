import type { IdLookup, Span, ValueFlow } from '../../model/types.js';

/**
 * Random-value and tool-use-id flows, once for every language: per-attempt
 * values (random, time) and tool use ids are followed through one function
 * body in evaluation order, into variables, strings and simple wrappers, to
 * where they land (a key, a lookup). Each language reads its own syntax into
 * the shapes below; `N` is its node, `K` what identifies a variable (a
 * declaration, a name).
 */

export type Source = ValueFlow['source'];

/** Names under which the SDK hands over a tool use id. */
export const toolUseIdNames: ReadonlySet<string> = new Set(['tool_use_id', 'toolUseID', 'toolUseId']);

/** What an expression carries, as far as the flows read it. */
export type SourceShape<N, K> =
  /** A per-attempt value or a tool use id itself: `randomUUID()`, `input.tool_use_id`. */
  | { kind: 'source'; source: Source }
  /** A variable; `initial` is what it holds before the body assigns it (a parameter named `tool_use_id`). */
  | { kind: 'name'; key: K; initial?: Source }
  /** A call of a same-file helper: it carries the first per-attempt value it returns. */
  | { kind: 'helper'; name: string; definition: unknown; returns: N[]; span: Span }
  /** Carries the first source of its parts, left to right: `` `k-${x}` ``, `a + b`, `String(x)`, `x.hex`. */
  | { kind: 'parts'; parts: N[] }
  | { kind: 'none' };

/** Where an assignment or a sink writes. */
export type Target<K> = { kind: 'name'; key: K; name: string } | { kind: 'property'; name: string };

/** What one node does, as the flows read it. */
export type FlowStep<N, K> =
  /** The value lands on a property or an argument named `name`: `{ idempotencyKey: v }`, `headers.set('Idempotency-Key', v)`. */
  | { kind: 'sink'; sink: 'property' | 'argument'; name: string; value: N; at: N }
  /** `target = value`; `source` instead of a value for a destructured tool use id (`const { tool_use_id } = input`). */
  | { kind: 'assign'; target: Target<K>; value?: N; source?: Source; at: N }
  /** A test, read or insert keyed by `key` in `collection`; `holder` is the variable its result is kept in. */
  | { kind: 'lookup'; operation: IdLookup['operation']; key: N; collection?: N; at: N; holder?: K }
  /** A variable is read: `if (seen)` after `const seen = ids.has(id)`. */
  | { kind: 'read'; key: K; at: N };

/** A node: the steps it takes before its children, the children to visit (in order), the steps once they are done. */
export interface FlowNode<N, K> {
  before?: Array<FlowStep<N, K>>;
  children: N[];
  after?: Array<FlowStep<N, K>>;
}

export interface FlowSyntax<N, K> {
  span(node: N): Span;
  shape(expression: N): SourceShape<N, K>;
  /** `watching`: some lookup result is held in a variable, so reads of variables matter. */
  node(node: N, watching: boolean): FlowNode<N, K>;
  /** Names of the object properties or keyword arguments around a sink, outermost first: `updatedInput.key`. */
  path(at: N): string[];
  /** The node is part of a condition that decides whether the call goes on (a branch that leaves, a returned ternary). */
  decidesBranch(node: N): boolean;
  /** The condition around the node asks whether nothing is there: `!x`, `x is None`. */
  testsAbsence(node: N): boolean;
  /** The collection is written out as literals, and not empty: `['Write', 'Edit']`, `("A", "B")`, a string, or a constant bound to one. */
  isLiteralCollection(collection: N): boolean;
}

export interface FlowFacts {
  flows: ValueFlow[];
  idLookups: IdLookup[];
}

/** Reads that find a record to correlate with: a test that only nothing is stored does not gate. */
const readOperations = new Set<IdLookup['operation']>(['get', 'index']);

export function randomValueFlows<N, K>(syntax: FlowSyntax<N, K>, roots: readonly N[]): FlowFacts {
  /** What each variable holds now; null once it is assigned something that carries nothing. */
  const held = new Map<K, Source | null>();
  const lookupResults = new Map<K, IdLookup>();
  const facts: FlowFacts = { flows: [], idLookups: [] };
  /** Helpers whose returns are being followed: a recursive one is followed once. */
  const following = new Set<unknown>();

  /** The first source an expression carries, left to right; `pure` follows no variable (a helper's returns). */
  const sourceOf = (expression: N, pure = false): Source | undefined => {
    // Depth first without recursion: `key + key + ...` can be deeper than the stack.
    const stack: N[] = [expression];
    while (stack.length > 0) {
      const shape = syntax.shape(stack.pop()!);
      if (shape.kind === 'source') return shape.source;
      if (shape.kind === 'name' && !pure) {
        const found = held.has(shape.key) ? held.get(shape.key) : shape.initial;
        if (found) return found;
      } else if (shape.kind === 'helper') {
        const found = returnedRandom(shape);
        if (found) return found;
      } else if (shape.kind === 'parts') {
        for (let i = shape.parts.length - 1; i >= 0; i--) stack.push(shape.parts[i]!);
      }
    }
    return undefined;
  };

  const returnedRandom = (helper: Extract<SourceShape<N, K>, { kind: 'helper' }>): Source | undefined => {
    if (following.has(helper.definition)) return undefined;
    following.add(helper.definition);
    try {
      for (const returned of helper.returns) {
        const found = sourceOf(returned, true);
        if (found?.kind === 'random') return { kind: 'random', name: `${helper.name}() (${found.name})`, span: helper.span };
      }
      return undefined;
    } finally {
      following.delete(helper.definition);
    }
  };

  const sink = (source: Source | undefined, kind: ValueFlow['sink']['kind'], name: string, at: N): void => {
    if (source) facts.flows.push({ source, sink: { kind, name, path: syntax.path(at), span: syntax.span(at) } });
  };

  /** A lookup decides the call when a condition on it leaves, unless a read only tests that nothing is stored. */
  const gates = (operation: IdLookup['operation'], node: N): boolean =>
    syntax.decidesBranch(node) && !(readOperations.has(operation) && syntax.testsAbsence(node));

  const take = (step: FlowStep<N, K>): void => {
    switch (step.kind) {
      case 'sink':
        sink(sourceOf(step.value), step.sink, step.name, step.at);
        return;
      case 'assign': {
        const source = step.source ?? (step.value === undefined ? undefined : sourceOf(step.value));
        if (step.target.kind === 'name') held.set(step.target.key, source ?? null);
        sink(source, step.target.kind === 'name' ? 'variable' : 'property', step.target.name, step.at);
        return;
      }
      case 'lookup': {
        if (sourceOf(step.key)?.kind !== 'toolUseId') return;
        // A collection of literals holds no record of earlier calls: testing the id against it recognises no retry.
        if (step.collection !== undefined && syntax.isLiteralCollection(step.collection)) return;
        const fact: IdLookup = { operation: step.operation, span: syntax.span(step.at), gatesCall: gates(step.operation, step.at) };
        facts.idLookups.push(fact);
        if (step.holder !== undefined) lookupResults.set(step.holder, fact);
        return;
      }
      case 'read': {
        const fact = lookupResults.get(step.key);
        if (fact && !fact.gatesCall && gates(fact.operation, step.at)) fact.gatesCall = true;
        return;
      }
    }
  };

  // Depth first without recursion; an entry is a node to visit or a step to take once a subtree is done.
  const pending: Array<{ node: N } | { step: FlowStep<N, K> }> = [];
  for (let i = roots.length - 1; i >= 0; i--) pending.push({ node: roots[i]! });
  while (pending.length > 0) {
    const entry = pending.pop()!;
    if ('step' in entry) {
      take(entry.step);
      continue;
    }
    const { before = [], children, after = [] } = syntax.node(entry.node, lookupResults.size > 0);
    for (const step of before) take(step);
    for (let i = after.length - 1; i >= 0; i--) pending.push({ step: after[i]! });
    for (let i = children.length - 1; i >= 0; i--) pending.push({ node: children[i]! });
  }
  return facts;
}
