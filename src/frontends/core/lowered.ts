import type { IdLookup, Span } from '../../model/types.js';

/**
 * A function body in the small form the core's analyses read, produced by
 * each language's lowering. `E` is the language's own expression node: the
 * core never looks inside one, it hands it back to the language (to evaluate
 * it). Statements that cannot change where control goes (declarations,
 * plain expressions) are left out.
 */
export type Statement<E> =
  | { kind: 'return'; span: Span; value?: E; written?: Span }
  | { kind: 'throw'; span: Span }
  /** A call that stops the process: `process.exit()`, `sys.exit()`. */
  | { kind: 'exit'; span: Span }
  /** `if`/`else if`/`else` and `if`/`elif`/`else`: one body per branch; `exhaustive` when the last is an `else`. */
  | { kind: 'if'; branches: Array<Array<Statement<E>>>; exhaustive: boolean }
  /** `for`, `while`, `do`; Python's loop `else`; `forever` for `while True` and `for (;;)`. */
  | { kind: 'loop'; body: Array<Statement<E>>; orElse?: Array<Statement<E>>; forever: boolean }
  | { kind: 'break' }
  | { kind: 'continue' }
  | { kind: 'try'; body: Array<Statement<E>>; handlers: Handler<E>[]; orElse?: Array<Statement<E>>; finally?: Array<Statement<E>> }
  /** A block, `with`, a labelled statement: its body runs once, in place. */
  | { kind: 'block'; body: Array<Statement<E>> }
  /**
   * `switch` (`fallThrough`: a case runs into the next one until a `break`,
   * which leaves the switch) or `match` (each case on its own; a `break`
   * leaves the enclosing loop). `exhaustive` when a default case exists.
   */
  | { kind: 'switch'; cases: Array<Array<Statement<E>>>; fallThrough: boolean; exhaustive: boolean }
  /** Nested deeper than the budget allows: the function ends here in a way no analysis knows. */
  | { kind: 'opaque'; span: Span };

/** A `catch` or `except` clause: its head (`catch (error)`), the whole clause, and its body. */
export interface Handler<E> {
  head: Span;
  span: Span;
  body: Array<Statement<E>>;
}

/** A lowered function: its body, and where its end is (the closing brace, or the end of the last line). */
export interface LoweredFunction<E> {
  body: Array<Statement<E>>;
  end: Span;
}

/**
 * One node read shallowly for the core's walks over expressions (the value
 * flows): what it is, with its parts still the language's nodes `N` (read in
 * turn when needed); `K` is what identifies a variable. Each language reads
 * its own syntax into this and recognises what only it can (which call is a
 * per-attempt source, which method looks a key up); the walks' meaning is the
 * core's. `other` is any node the walks only pass through.
 */
export type Expression<N, K> =
  | { kind: 'name'; text: string }
  /** A string (`text`), a number, a boolean. */
  | { kind: 'literal'; text?: string }
  /** `null`, `undefined`, `None`. */
  | { kind: 'nothing' }
  /** `[a, b]`, `(a, b)`, `{a, b}`. */
  | { kind: 'list'; items: readonly N[] }
  /** `{ k: v }`, `{"k": v}`: its entries, spreads included. */
  | { kind: 'object'; entries: readonly N[] }
  /** A property, a dict pair (`name` when written out), or a keyword argument. */
  | { kind: 'entry'; name?: string; at: N; value: N; keyword?: boolean }
  /** `o.p` (`at` the name), `o['p']`, `o[k]` (`computed`, `at` the key; `name` for a string key); `o?.p` is `optional`. */
  | { kind: 'member'; object: N; at: N; name?: string; computed: boolean; optional?: boolean }
  | { kind: 'call'; callee: N; arguments: readonly N[]; construct?: boolean; lookup?: Lookup<N>; carries?: readonly N[]; field?: string }
  /** Carries the first source of its parts, left to right: `` `k-${x}` ``, `a + b`, an f-string. */
  | { kind: 'parts'; parts: readonly N[] }
  /** `a ?? b`, `a || b`, `a or b`: a fallback for when `value` holds nothing. */
  | { kind: 'fallback'; value: N; fallback: N }
  | { kind: 'conditional'; test: N; whenTrue: N; whenFalse: N }
  /** Parentheses, `await`, `!x`/`not x`: the operand's value, read through. */
  | { kind: 'group' | 'await' | 'not'; operand: N }
  /** `==`/`===`/`is` (`equals`), `in`, `not in`, and other two-sided tests. */
  | { kind: 'compare'; operator: 'equals' | 'in' | 'not in' | 'other'; left: N; right: N }
  | { kind: 'and'; left: N; right: N }
  /** Any other operator: `-x`, `a - b`; and a call's argument list. */
  | { kind: 'operator' }
  | { kind: 'assign'; target: N; value: N }
  /** An assignment that keeps what is there: `a[k] ??= v`, `a[k] += 1`. */
  | { kind: 'update'; target: N }
  /** `const x = v`, `const { a } = v`, a destructured parameter: the names it binds (`element` when destructured, read from `field`). */
  | { kind: 'declare'; value?: N; bindings: Array<{ key: K; name: N; text: string; element?: N; field?: string }> }
  /** `if`/`elif`: the condition and the branches (`else`, `elif` clauses). */
  | { kind: 'if'; test: N; branches: readonly N[] }
  | { kind: 'while' | 'assert'; test: N }
  /** A block of statements, a `case` clause, an `else:` clause. */
  | { kind: 'block'; statements: readonly N[] }
  | { kind: 'return'; value?: N }
  /** A `try` statement: its block, guarded when a handler catches what it throws, and the rest (handlers, `else`, `finally`). */
  | { kind: 'try'; body: N; guarded: boolean; rest: readonly N[] }
  /** `throw`, `raise`. */
  | { kind: 'throw' }
  /** `break`, `continue`. */
  | { kind: 'jump' }
  /** A function or class (`class`); `declared` when a statement declares it (not walked in place), `body` for an arrow's or lambda's expression. */
  | { kind: 'function'; declared: boolean; body?: N; class?: boolean }
  | { kind: 'other' };

/** The forms without parts, made once: a walk reads every node, and most read as one of these. */
export const plainForms = {
  other: { kind: 'other' },
  operator: { kind: 'operator' },
  nothing: { kind: 'nothing' },
  literal: { kind: 'literal' },
  throw: { kind: 'throw' },
  jump: { kind: 'jump' },
} as const;

/** A call that tests, reads or inserts `key` in `collection`: `ids.has(k)`, `cache.get(k)`. */
export interface Lookup<N> {
  operation: IdLookup['operation'];
  key: N;
  collection?: N;
}

/** How the core reads a language's nodes in the expression form. `K` is what identifies a variable. */
export interface NodeReader<N, K> {
  span(node: N): Span;
  read(node: N): Expression<N, K>;
  children(node: N): readonly N[];
  parent(node: N): N | undefined;
  /** The node as written. */
  text(node: N): string;
}
