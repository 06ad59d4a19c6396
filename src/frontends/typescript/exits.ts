import { ts } from 'ts-morph';
import type { CatchFacts, Exit, Span, ValueSet } from '../../model/types.js';
import { spanIn, spanOf, unwrap } from './parse.js';

type Continuation = () => Exit[];

interface Jumps {
  break?: Continuation;
  continue?: Continuation;
}

/** Run a continuation at most once, however many paths reach it. */
function once(continuation: Continuation): Continuation {
  let exits: Exit[] | undefined;
  return () => (exits ??= continuation());
}

/**
 * Every way a function body can end, following if/else, loops, switch and
 * try/catch; and for each catch handler, every way the function can end once
 * the handler has started (including what runs after the try statement).
 */
export class ExitWalker {
  readonly catches: CatchFacts[] = [];
  private readonly returns = new Map<ts.Node, Exit>();

  constructor(private readonly evaluate: (expression: ts.Expression) => ValueSet) {}

  functionExits(body: ts.ConciseBody): Exit[] {
    if (!ts.isBlock(body)) return [this.returnExit(body, body)];
    const closing = spanIn(body, body.getEnd() - 1, body.getEnd());
    return unique(this.list(body.statements, 0, () => [{ kind: 'end', span: closing }], {}));
  }

  /** The exits of `.catch(handler)` on a returned promise. */
  handlerExits(handler: ts.FunctionLikeDeclaration): Exit[] {
    return handler.body ? this.functionExits(handler.body) : [];
  }

  private list(statements: readonly ts.Statement[], index: number, next: Continuation, jumps: Jumps): Exit[] {
    for (let i = index; i < statements.length; i++) {
      const statement = statements[i]!;
      if (fallsThrough(statement)) continue;
      const rest = once(() => this.list(statements, i + 1, next, jumps));
      return this.statement(statement, rest, jumps);
    }
    return next();
  }

  private statement(statement: ts.Statement, next: Continuation, jumps: Jumps): Exit[] {
    if (ts.isReturnStatement(statement)) return [this.returnExit(statement, statement.expression)];
    if (ts.isThrowStatement(statement)) return [{ kind: 'throw', span: spanOf(statement) }];
    if (ts.isExpressionStatement(statement)) {
      return isProcessExit(statement.expression) ? [{ kind: 'exit', span: spanOf(statement) }] : next();
    }
    if (ts.isBlock(statement)) return this.list(statement.statements, 0, next, jumps);
    if (ts.isIfStatement(statement)) {
      const otherwise = statement.elseStatement ? this.statement(statement.elseStatement, next, jumps) : next();
      return [...this.statement(statement.thenStatement, next, jumps), ...otherwise];
    }
    if (ts.isTryStatement(statement)) return this.tryStatement(statement, next, jumps);
    if (ts.isIterationStatement(statement, false)) {
      const body = this.statement(statement.statement, next, { break: next, continue: next });
      return [...body, ...next()];
    }
    if (ts.isSwitchStatement(statement)) return this.switchStatement(statement, next, jumps);
    if (ts.isLabeledStatement(statement)) return this.statement(statement.statement, next, jumps);
    if (ts.isBreakStatement(statement)) return (jumps.break ?? next)();
    if (ts.isContinueStatement(statement)) return (jumps.continue ?? next)();
    return next();
  }

  private tryStatement(statement: ts.TryStatement, next: Continuation, jumps: Jumps): Exit[] {
    const clause = statement.catchClause;
    const tried = this.list(statement.tryBlock.statements, 0, next, jumps);
    if (!clause) return tried;
    const handled = unique(this.list(clause.block.statements, 0, next, jumps));
    this.catches.push({ span: catchHead(clause), exits: handled });
    // A throw inside the try block lands in the catch handler.
    return [...tried.filter((exit) => exit.kind !== 'throw'), ...handled];
  }

  private switchStatement(statement: ts.SwitchStatement, next: Continuation, jumps: Jumps): Exit[] {
    const clauses = statement.caseBlock.clauses;
    const exits: Exit[] = [];
    clauses.forEach((_, index) => {
      // A case falls through into the next one until a break.
      const statements = clauses.slice(index).flatMap((clause) => [...clause.statements]);
      exits.push(...this.list(statements, 0, next, { ...jumps, break: next }));
    });
    if (!clauses.some(ts.isDefaultClause)) exits.push(...next());
    return exits;
  }

  private returnExit(node: ts.Node, expression: ts.Expression | undefined): Exit {
    let exit = this.returns.get(node);
    if (!exit) {
      const value = expression ? this.evaluate(expression) : { alternatives: [{ kind: 'undefined' as const, span: spanOf(node) }] };
      exit = { kind: 'return', value, span: spanOf(node) };
      this.returns.set(node, exit);
    }
    return exit;
  }
}

/** `catch (error)`: the clause without its block. */
function catchHead(clause: ts.CatchClause): Span {
  const close = clause.getChildren().find((child) => child.kind === ts.SyntaxKind.CloseParenToken);
  const start = clause.getStart();
  return spanIn(clause, start, close ? close.getEnd() : start + 'catch'.length);
}

/** Statements that never change where control goes next. */
function fallsThrough(statement: ts.Statement): boolean {
  return (
    ts.isVariableStatement(statement) ||
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEmptyStatement(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    (ts.isExpressionStatement(statement) && !isProcessExit(statement.expression))
  );
}

/** `process.exit(...)`: the process stops; nothing goes ahead. */
export function isProcessExit(expression: ts.Expression): boolean {
  const node = unwrap(expression);
  if (!ts.isCallExpression(node)) return false;
  const callee = unwrap(node.expression);
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'exit' &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'process'
  );
}

function unique(exits: Exit[]): Exit[] {
  const seen = new Set<string>();
  return exits.filter((exit) => {
    const key = `${exit.kind}:${exit.span.start}:${exit.span.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
