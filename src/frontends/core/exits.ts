import { unknown } from '../../model/build.js';
import type { CatchFacts, Exit, ValueSet } from '../../model/types.js';
import type { LoweredFunction, Statement } from './lowered.js';

type Continuation = () => Exit[];

interface Jumps {
  break?: Continuation;
  continue?: Continuation;
}

/**
 * Every way a function can end, following branches, loops, switch/match and
 * try/catch/else/finally; and for each catch handler, every way the function
 * can end once the handler has started (including what runs after the try
 * statement). A handler counts only when control can reach its statement.
 */
export class ExitWalker<E> {
  readonly catches: CatchFacts[] = [];
  private readonly returns = new Map<Statement<E>, Exit>();
  /** Where catch handlers are collected: held back until control is known to reach their statement. */
  private found: CatchFacts[] = this.catches;

  constructor(private readonly evaluate: (expression: E) => ValueSet) {}

  functionExits(fn: LoweredFunction<E>): Exit[] {
    return unique(this.list(fn.body, () => [{ kind: 'end', span: fn.end }], {}));
  }

  /**
   * The exits of a statement list, worked out from the last statement back so
   * that a long body does not nest one call per statement; what follows a
   * `return`, `throw`, `break` or `continue` is dead and skipped.
   */
  private list(statements: ReadonlyArray<Statement<E>>, next: Continuation, jumps: Jumps): Exit[] {
    let end = statements.findIndex((statement) => terminators.has(statement.kind));
    end = end < 0 ? statements.length : end + 1;
    const handlers: CatchFacts[][] = [];
    const continues: boolean[] = [];
    let rest = next;
    for (let i = end - 1; i >= 0; i--) {
      const following = rest;
      const continuation = (): Exit[] => {
        continues[i] = true;
        return following();
      };
      const exits = this.collecting((handlers[i] = []), () => this.statement(statements[i]!, continuation, jumps));
      rest = () => exits;
    }
    for (let i = 0; i < end; i++) {
      for (const handler of handlers[i]!) this.found.push(handler);
      if (!continues[i]) break;
    }
    return rest();
  }

  private collecting(into: CatchFacts[], work: () => Exit[]): Exit[] {
    const outer = this.found;
    this.found = into;
    try {
      return work();
    } finally {
      this.found = outer;
    }
  }

  private statement(statement: Statement<E>, next: Continuation, jumps: Jumps): Exit[] {
    switch (statement.kind) {
      case 'return':
        return [this.returnExit(statement)];
      case 'throw':
      case 'exit':
        return [{ kind: statement.kind, span: statement.span }];
      case 'opaque':
        return [{ kind: 'return', value: unknown(statement.span), span: statement.span }];
      case 'break':
        return (jumps.break ?? next)();
      case 'continue':
        return (jumps.continue ?? next)();
      case 'block':
        return this.list(statement.body, next, jumps);
      case 'if': {
        const skipped = statement.exhaustive ? [] : next();
        return unique(...statement.branches.map((branch) => this.list(branch, next, jumps)), skipped);
      }
      case 'loop': {
        const after = statement.orElse ? once(() => this.list(statement.orElse!, next, jumps)) : next;
        const body = this.list(statement.body, after, { break: next, continue: after });
        return statement.forever ? body : unique(body, after());
      }
      case 'switch':
        return this.switchStatement(statement, next, jumps);
      case 'try':
        return this.tryStatement(statement, next, jumps);
    }
  }

  /** A C-style switch enters at each case and falls through into the next until a break: worked out from the last case back. */
  private switchStatement(statement: Extract<Statement<E>, { kind: 'switch' }>, next: Continuation, jumps: Jumps): Exit[] {
    const skipped = statement.exhaustive ? [] : next();
    if (!statement.fallThrough) return unique(...statement.cases.map((body) => this.list(body, next, jumps)), skipped);
    const inside = { ...jumps, break: next };
    const entries: Exit[][] = [];
    const handlers: CatchFacts[][] = [];
    let fall = next;
    for (let i = statement.cases.length - 1; i >= 0; i--) {
      const entered = this.collecting((handlers[i] = []), () => this.list(statement.cases[i]!, fall, inside));
      entries[i] = entered;
      fall = () => entered;
    }
    // Handlers in source order, as every other statement gives them.
    for (const found of handlers) this.found.push(...found);
    return unique(...entries, skipped);
  }

  private tryStatement(statement: Extract<Statement<E>, { kind: 'try' }>, next: Continuation, jumps: Jumps): Exit[] {
    const after = statement.finally ? once(() => this.list(statement.finally!, next, jumps)) : next;
    const afterBody = statement.orElse ? once(() => this.list(statement.orElse!, after, jumps)) : after;
    const tried = this.list(statement.body, afterBody, jumps);
    if (statement.handlers.length === 0) return tried;
    // A throw inside the try block lands in a handler.
    const completed = unique(tried.filter((exit) => exit.kind !== 'throw'));
    const handled = statement.handlers.map((handler) => {
      const exits = unique(this.list(handler.body, after, jumps));
      this.found.push({ span: handler.head, body: handler.span, exits, tried: completed });
      return exits;
    });
    return unique(completed, ...handled);
  }

  private returnExit(statement: Extract<Statement<E>, { kind: 'return' }>): Exit {
    let exit = this.returns.get(statement);
    if (!exit) {
      const { span, value, written } = statement;
      exit = value
        ? { kind: 'return', value: this.evaluate(value), span, ...(written ? { written } : {}) }
        : { kind: 'return', value: { alternatives: [{ kind: 'undefined', span }] }, span };
      this.returns.set(statement, exit);
    }
    return exit;
  }
}

const terminators = new Set<string>(['return', 'throw', 'exit', 'break', 'continue']);

/** Run a continuation at most once, however many paths reach it. */
function once(continuation: Continuation): Continuation {
  let exits: Exit[] | undefined;
  return () => (exits ??= continuation());
}

/** The exits of several paths, each once: paths that meet again must not multiply them. */
function unique(...lists: ReadonlyArray<readonly Exit[]>): Exit[] {
  const seen = new Set<string>();
  const exits: Exit[] = [];
  for (const list of lists) {
    for (const exit of list) {
      const key = `${exit.kind}:${exit.span.start}:${exit.span.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      exits.push(exit);
    }
  }
  return exits;
}
