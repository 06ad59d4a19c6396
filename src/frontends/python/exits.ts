import type { CatchFacts, Exit, ValueSet } from '../../model/types.js';
import { qualifiedName } from './imports.js';
import type { Scopes } from './scope.js';
import { field, fields, namedChildren, spanOf, statementsOf, textOf, type PyModule, type PyNode } from './syntax.js';

type Continuation = () => Exit[];

interface Jumps {
  break?: Continuation;
  continue?: Continuation;
}

/** Calls that stop the process: nothing goes ahead after them. */
const processExits = new Set(['sys.exit', 'os._exit', 'os.abort', 'exit', 'quit']);

/** Run a continuation at most once, however many paths reach it. */
function once(continuation: Continuation): Continuation {
  let exits: Exit[] | undefined;
  return () => (exits ??= continuation());
}

/**
 * Every way a Python function can end, following if/elif/else, loops,
 * `with`, `match` and try/except/else/finally; and for each `except`
 * clause, every way the function can end once the handler has started
 * (including what runs after the try statement).
 */
export class ExitWalker {
  readonly catches: CatchFacts[] = [];
  private readonly returns = new Map<PyNode, Exit>();

  constructor(
    private readonly source: PyModule,
    private readonly scopes: Scopes,
    private readonly evaluate: (node: PyNode) => ValueSet,
  ) {}

  functionExits(fn: PyNode): Exit[] {
    const body = field(fn, 'body');
    if (!body) return [];
    if (fn.type === 'lambda') return [this.returnExit(body, body)];
    const end = { start: fn.end, end: fn.end, file: this.source.path };
    return unique(this.list(statementsOf(body), 0, () => [{ kind: 'end', span: end }], {}));
  }

  /**
   * The exits of `statements` from `index` on. Worked out from the last
   * statement back, so a long body does not nest one call per statement;
   * statements after a `return`, `raise`, `break` or `continue` are dead and
   * skipped.
   */
  private list(statements: readonly PyNode[], index: number, next: Continuation, jumps: Jumps): Exit[] {
    let end = statements.length;
    for (let i = index; i < statements.length; i++) {
      if (terminators.has(statements[i]!.type)) {
        end = i + 1;
        break;
      }
    }
    let rest = next;
    for (let i = end - 1; i >= index; i--) {
      const statement = statements[i]!;
      if (this.fallsThrough(statement)) continue;
      const exits = this.statement(statement, rest, jumps);
      rest = () => exits;
    }
    return rest();
  }

  private statement(statement: PyNode, next: Continuation, jumps: Jumps): Exit[] {
    switch (statement.type) {
      case 'return_statement': {
        const [value] = namedChildren(statement);
        return [this.returnExit(statement, value)];
      }
      case 'raise_statement':
        return [{ kind: 'throw', span: spanOf(this.source, statement) }];
      case 'expression_statement':
        return this.isProcessExit(statement) ? [{ kind: 'exit', span: spanOf(this.source, statement) }] : next();
      case 'if_statement': {
        const alternatives = fields(statement, 'alternative');
        const branches = [field(statement, 'consequence'), ...alternatives.map((clause) => field(clause, 'consequence') ?? field(clause, 'body'))];
        const skipped = alternatives.some((clause) => clause.type === 'else_clause') ? [] : next();
        return unique(...branches.map((block) => this.list(statementsOf(block), 0, next, jumps)), skipped);
      }
      case 'for_statement':
      case 'while_statement': {
        const orElse = field(statement, 'alternative');
        const after = orElse ? once(() => this.list(statementsOf(field(orElse, 'body')), 0, next, jumps)) : next;
        const body = this.list(statementsOf(field(statement, 'body')), 0, after, { break: next, continue: after });
        const forever = statement.type === 'while_statement' && isTrue(this.source, field(statement, 'condition'));
        return forever ? body : unique(body, after());
      }
      case 'with_statement':
        return this.list(statementsOf(field(statement, 'body')), 0, next, jumps);
      case 'try_statement':
        return this.tryStatement(statement, next, jumps);
      case 'match_statement': {
        const cases = namedChildren(field(statement, 'body') ?? statement).filter((clause) => clause.type === 'case_clause');
        return unique(...cases.map((clause) => this.list(statementsOf(field(clause, 'consequence')), 0, next, jumps)), next());
      }
      case 'break_statement':
        return (jumps.break ?? next)();
      case 'continue_statement':
        return (jumps.continue ?? next)();
      default:
        return next();
    }
  }

  private tryStatement(statement: PyNode, next: Continuation, jumps: Jumps): Exit[] {
    const clauses = statement.children;
    const finallyClause = clauses.find((clause) => clause.type === 'finally_clause');
    const after = finallyClause ? once(() => this.list(statementsOf(finallyClause), 0, next, jumps)) : next;
    const orElse = clauses.find((clause) => clause.type === 'else_clause');
    const afterBody = orElse ? once(() => this.list(statementsOf(field(orElse, 'body') ?? orElse), 0, after, jumps)) : after;
    const tried = this.list(statementsOf(field(statement, 'body')), 0, afterBody, jumps);
    const handlers = clauses.filter((clause) => clause.type === 'except_clause');
    if (handlers.length === 0) return tried;
    const handled = handlers.map((handler) => {
      const exits = unique(this.list(statementsOf(handler), 0, after, jumps));
      this.catches.push({ span: exceptHead(this.source, handler), body: spanOf(this.source, handler), exits });
      return exits;
    });
    // A raise inside the try block lands in a handler.
    return unique(tried.filter((exit) => exit.kind !== 'throw'), ...handled);
  }

  private returnExit(node: PyNode, value: PyNode | undefined): Exit {
    let exit = this.returns.get(node);
    if (!exit) {
      const span = spanOf(this.source, node);
      exit = value
        ? { kind: 'return', value: this.evaluate(value), span, written: spanOf(this.source, value) }
        : { kind: 'return', value: { alternatives: [{ kind: 'undefined', span }] }, span };
      this.returns.set(node, exit);
    }
    return exit;
  }

  /** Statements that never change where control goes next. */
  private fallsThrough(statement: PyNode): boolean {
    if (statement.type === 'expression_statement') return !this.isProcessExit(statement);
    return !controlTypes.has(statement.type);
  }

  /** `sys.exit(...)`, `os._exit(...)`: the process stops. */
  isProcessExit(statement: PyNode): boolean {
    const [call] = namedChildren(statement);
    if (call?.type !== 'call') return false;
    const callee = field(call, 'function');
    const name = callee && qualifiedName(this.source, this.scopes, callee);
    return !!name && processExits.has(name);
  }
}

const terminators = new Set(['return_statement', 'raise_statement', 'break_statement', 'continue_statement']);

const controlTypes = new Set([
  'return_statement', 'raise_statement', 'if_statement', 'for_statement', 'while_statement', 'with_statement',
  'try_statement', 'match_statement', 'break_statement', 'continue_statement',
]);

/** `except ValueError as error:`: the clause without its block. */
function exceptHead(source: PyModule, clause: PyNode): { start: number; end: number; file: string } {
  const colon = clause.children.find((child) => child.type === ':');
  return { start: clause.start, end: colon ? colon.end : clause.start + 'except'.length, file: source.path };
}

function isTrue(source: PyModule, node: PyNode | undefined): boolean {
  return !!node && (node.type === 'true' || (node.type === 'integer' && textOf(source, node) !== '0'));
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
