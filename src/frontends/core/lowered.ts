import type { Span } from '../../model/types.js';

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
