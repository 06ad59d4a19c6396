import type { IdLookup, ValueFlow } from '../../model/types.js';
import type { Expression, NodeReader } from './lowered.js';
import { bare as bareOf, climb, isReturned, testsAbsence } from './node-reading.js';

/**
 * Random-value and tool-use-id flows, once for every language: per-attempt
 * values (random, time) and tool use ids are followed through one function
 * body in evaluation order, into variables, strings and simple wrappers, to
 * where they land (a key, a lookup). Each language reads its nodes into the
 * core's `Expression` form and resolves names; `N` is its node, `K` what
 * identifies a variable (a declaration, a name).
 */

export type Source = ValueFlow['source'];

/** Names under which the SDK hands over a tool use id. */
export const toolUseIdNames: ReadonlySet<string> = new Set(['tool_use_id', 'toolUseID', 'toolUseId']);

export interface FlowReader<N, K> extends NodeReader<N, K> {
  /** The per-attempt source a call reads (`randomUUID()`, `uuid.uuid4()`, `new Date()`), by its name as written. */
  randomSource(call: N): string | undefined;
  /** A name's variable; `initial` is what it holds before the body assigns it (a parameter named `tool_use_id`). */
  variable(name: N): { key: K; initial?: Source };
  /** The same-file function a called name is, with the values it returns. */
  helper(callee: N): { definition: unknown; returns: N[] } | undefined;
  /** The value a constant name is bound to, once. */
  constant(name: N): N | undefined;
}

export interface FlowFacts {
  flows: ValueFlow[];
  idLookups: IdLookup[];
}

/** Reads that find a record to correlate with: a test that only nothing is stored does not gate. */
const readOperations = new Set<IdLookup['operation']>(['get', 'index']);

/** Nodes a condition passes through on its way up to the statement it decides. */
const conditionParts = new Set(['operator', 'and', 'compare', 'not', 'group', 'await', 'call', 'member', 'fallback', 'assign', 'update', 'parts']);

export function randomValueFlows<N, K>(reader: FlowReader<N, K>, roots: readonly N[]): FlowFacts {
  const { read, span } = reader;
  /** What each variable holds now; null once it is assigned something that carries nothing. */
  const held = new Map<K, Source | null>();
  const lookupResults = new Map<K, IdLookup>();
  const facts: FlowFacts = { flows: [], idLookups: [] };
  /** Helpers whose returns are being followed: a recursive one is followed once. */
  const following = new Set<unknown>();

  const bare = (node: N) => bareOf(reader, node);
  const toolUseId = (name: string, at: N): Source => ({ kind: 'toolUseId', name, span: span(at) });

  /** The first source an expression carries, left to right; `pure` follows no variable (a helper's returns). */
  const sourceOf = (expression: N, pure = false): Source | undefined => {
    // Depth first without recursion: `key + key + ...` can be deeper than the stack.
    const stack: N[] = [expression];
    while (stack.length > 0) {
      const { node, read: shape } = bare(stack.pop()!);
      let parts: ReadonlyArray<N | undefined> = [];
      switch (shape.kind) {
        case 'await':
          parts = [shape.operand];
          break;
        case 'name': {
          if (pure) break;
          const variable = reader.variable(node);
          const found = held.has(variable.key) ? held.get(variable.key) : variable.initial;
          if (found) return found;
          break;
        }
        case 'member':
          if (shape.name !== undefined && toolUseIdNames.has(shape.name)) return toolUseId(shape.name, node);
          // A part of a per-attempt value is one too; `o['other']` is a field of its own.
          if (!(shape.computed && shape.name !== undefined)) parts = [shape.object];
          break;
        case 'call': {
          const random = reader.randomSource(node);
          if (random) return { kind: 'random', name: random, span: span(node) };
          if (shape.construct) break;
          if (shape.field !== undefined && toolUseIdNames.has(shape.field)) return toolUseId(shape.field, node);
          const callee = bare(shape.callee);
          if (shape.carries) parts = shape.carries;
          else if (callee.read.kind === 'name') {
            const found = returnedRandom(callee.node, callee.read.text, node);
            if (found) return found;
          } else if (callee.read.kind === 'member' && !callee.read.computed) {
            // A method of a per-attempt value is one too: `Date.now().toString()`, `uuid4().hex.upper()`.
            parts = [callee.read.object];
          }
          break;
        }
        case 'parts':
          parts = shape.parts;
          break;
        // `stored ?? randomUUID()` mints a key once, when none is stored: only the stored side decides.
        case 'fallback':
          parts = [shape.value];
          break;
        // `a = b = value`: the value of an assignment is what it assigns.
        case 'assign':
          parts = [shape.value];
          break;
        case 'conditional':
          parts = [shape.whenTrue, shape.whenFalse];
          break;
      }
      for (let i = parts.length - 1; i >= 0; i--) if (parts[i] !== undefined) stack.push(parts[i]!);
    }
    return undefined;
  };

  /** A call of a same-file helper carries the first per-attempt value it returns. */
  const returnedRandom = (callee: N, name: string, call: N): Source | undefined => {
    const helper = reader.helper(callee);
    if (!helper || following.has(helper.definition)) return undefined;
    following.add(helper.definition);
    try {
      for (const returned of helper.returns) {
        const found = sourceOf(returned, true);
        if (found?.kind === 'random') return { kind: 'random', name: `${name}() (${found.name})`, span: span(call) };
      }
      return undefined;
    } finally {
      following.delete(helper.definition);
    }
  };

  /** The statement leaves the function or the loop on some path (return, throw, continue, break). */
  const leaves = (statement: N): boolean => {
    const stack = [statement];
    while (stack.length > 0) {
      const node = stack.pop()!;
      const kind = read(node).kind;
      if (kind === 'return' || kind === 'throw' || kind === 'jump') return true;
      if (kind !== 'function') stack.push(...reader.children(node));
    }
    return false;
  };

  /**
   * The node is part of a condition that decides whether the call goes on:
   * an `if` whose branch leaves, a loop's condition, an `assert`, or a
   * conditional whose value is returned. A condition that only picks what to
   * log does not gate anything.
   */
  const decidesBranch = (node: N): boolean => {
    const { child, read: shape, parent } = climb(reader, node, conditionParts);
    if (shape?.kind === 'if') return shape.test === child && shape.branches.some(leaves);
    if (shape?.kind === 'while') return shape.test === child;
    if (shape?.kind === 'conditional') return shape.test === child && isReturned(reader, parent!);
    return shape?.kind === 'assert';
  };

  /** `['Write', 'Edit']`, `new Set([...])`, `{ Write: 1 }`, a string, or a constant bound to one (through at most a few names). */
  const isLiteralCollection = (collection: N, depth = 0): boolean => {
    const { node, read: shape } = bare(collection);
    const isLiteral = (item: N | undefined): boolean => !!item && read(item).kind === 'literal';
    switch (shape.kind) {
      case 'literal':
        return shape.text !== undefined;
      // An empty one is where a record of earlier calls starts: `seen = {}`.
      case 'list':
        return shape.items.length > 0 && shape.items.every(isLiteral);
      case 'object':
        return shape.entries.length > 0 && shape.entries.every((entry) => {
          const property = read(entry);
          return property.kind === 'entry' && property.name !== undefined && isLiteral(property.value);
        });
      case 'call': {
        const callee = bare(shape.callee).read;
        return !!shape.construct && callee.kind === 'name' && callee.text === 'Set' && !!shape.arguments[0] && isLiteralCollection(shape.arguments[0], depth);
      }
      case 'name': {
        const constant = depth > 3 ? undefined : reader.constant(node);
        return constant !== undefined && isLiteralCollection(constant, depth + 1);
      }
      default:
        return false;
    }
  };

  /** Names of the object properties or keyword arguments around a sink, outermost first: `updatedInput.key`. */
  const path = (at: N): string[] => {
    const names: string[] = [];
    let node = reader.parent(at);
    // The sink's own property or keyword argument is its name, not part of the path.
    if (node !== undefined) {
      const own = read(node);
      if (own.kind === 'entry' && own.at === at) node = reader.parent(node);
    }
    for (; node !== undefined; node = reader.parent(node)) {
      const shape = read(node);
      if (shape.kind === 'entry' && shape.name !== undefined) names.unshift(shape.name);
      else if (!pathParts.has(shape.kind)) break;
    }
    return names;
  };

  /** `const seen = ids.has(id)`, `seen = await redis.set(...)`: the variable the lookup's result is kept in. */
  const holderOf = (at: N): K | undefined => {
    const { child, read: shape } = climb(reader, at, awaitOnly);
    if (shape?.kind === 'declare' && shape.value === child && shape.bindings.length === 1 && !shape.bindings[0]!.element) return shape.bindings[0]!.key;
    if (shape?.kind !== 'assign' || shape.value !== child) return undefined;
    const target = bare(shape.target);
    return target.read.kind === 'name' ? reader.variable(target.node).key : undefined;
  };

  const sink = (source: Source | undefined, kind: ValueFlow['sink']['kind'], name: string, at: N): void => {
    if (source) facts.flows.push({ source, sink: { kind, name, path: path(at), span: span(at) } });
  };

  /** A lookup decides the call when a condition on it leaves, unless a read only tests that nothing is stored. */
  const gates = (operation: IdLookup['operation'], node: N): boolean => decidesBranch(node) && !(readOperations.has(operation) && testsAbsence(reader, node));

  /** A test, read or insert keyed by `key` in `collection`, and the variable its result is kept in. */
  const lookup = (operation: IdLookup['operation'], key: N, collection: N | undefined, at: N): void => {
    if (sourceOf(key)?.kind !== 'toolUseId') return;
    // A collection of literals holds no record of earlier calls: testing the id against it recognises no retry.
    if (collection !== undefined && isLiteralCollection(collection)) return;
    const fact: IdLookup = { operation, span: span(at), gatesCall: gates(operation, at) };
    facts.idLookups.push(fact);
    const holder = holderOf(at);
    if (holder !== undefined) lookupResults.set(holder, fact);
  };

  /** `name = value` (`source` instead of a value for a destructured tool use id); a property written out is a sink. */
  const assign = (target: { key: K; name: string } | { property: string }, at: N, value: N | undefined, source = value === undefined ? undefined : sourceOf(value)): void => {
    if ('key' in target) held.set(target.key, source ?? null);
    sink(source, 'key' in target ? 'variable' : 'property', 'key' in target ? target.name : target.property, at);
  };

  /** Does what a node does before its children are visited; returns the children to visit and what to do once they are. */
  const visit = (node: N, shape: Expression<N, K>): { children?: readonly N[]; after?: () => void } => {
    switch (shape.kind) {
      case 'name': {
        // Without a looked-up result so far, no name can hold one: no need to resolve it.
        const fact = lookupResults.size > 0 ? lookupResults.get(reader.variable(node).key) : undefined;
        if (fact && !fact.gatesCall && gates(fact.operation, node)) fact.gatesCall = true;
        return { children: [] };
      }
      case 'function':
        return shape.declared ? { children: [] } : {};
      case 'declare': {
        const after = () => {
          for (const { key, name, text, element, field } of shape.bindings) {
            const id = element && field !== undefined && toolUseIdNames.has(field) ? toolUseId(field, element) : undefined;
            assign({ key, name: text }, name, element ? undefined : shape.value, id);
          }
        };
        return { ...(shape.value === undefined ? {} : { children: [shape.value] }), after };
      }
      case 'assign': {
        // The value is worked out before it is assigned; an assigned name is not read.
        const target = bare(shape.target);
        const after = () => {
          if (target.read.kind === 'name') assign({ key: reader.variable(target.node).key, name: target.read.text }, target.node, shape.value);
          else if (target.read.kind === 'member' && target.read.name !== undefined) assign({ property: target.read.name }, target.read.at, shape.value);
        };
        return { children: target.read.kind === 'name' ? [shape.value] : [shape.target, shape.value], after };
      }
      case 'entry':
        if (shape.name !== undefined) sink(sourceOf(shape.value), shape.keyword ? 'argument' : 'property', shape.name, shape.at);
        return {};
      case 'call': {
        if (shape.construct) return {};
        if (shape.lookup) lookup(shape.lookup.operation, shape.lookup.key, shape.lookup.collection, node);
        // headers.set('Idempotency-Key', key), request.add_header("Idempotency-Key", key)
        const [first, second] = shape.arguments;
        const name = first === undefined ? undefined : bare(first).read;
        const callee = bare(shape.callee).read;
        if (callee.kind === 'member' && !callee.computed && name?.kind === 'literal' && name.text !== undefined && second !== undefined && read(second).kind !== 'entry') {
          sink(sourceOf(second), 'argument', name.text, first!);
        }
        return {};
      }
      case 'compare':
        if (shape.operator === 'in' || shape.operator === 'not in') lookup('in', shape.left, shape.right, node);
        return {};
      case 'member':
        if (shape.computed) lookup('index', shape.at, shape.object, node);
        return {};
      default:
        return {};
    }
  };

  // Depth first without recursion; an entry is a node to visit or what to do once a subtree is done.
  const pending: Array<{ node: N } | (() => void)> = [];
  for (let i = roots.length - 1; i >= 0; i--) pending.push({ node: roots[i]! });
  while (pending.length > 0) {
    const entry = pending.pop()!;
    if (typeof entry === 'function') {
      entry();
      continue;
    }
    const { children = reader.children(entry.node), after } = visit(entry.node, read(entry.node));
    if (after) pending.push(after);
    for (let i = children.length - 1; i >= 0; i--) pending.push({ node: children[i]! });
  }
  return facts;
}

const awaitOnly: ReadonlySet<string> = new Set(['await']);
/** What a sink's path passes through: objects, a call's arguments, parentheses (`dict(updatedInput=dict(key=...))`). */
const pathParts: ReadonlySet<string> = new Set(['object', 'entry', 'operator', 'and', 'update', 'call', 'group']);
