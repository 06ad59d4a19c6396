import ts from './compiler.cjs';
import { isBlock, isBreakStatement, isCallExpression, isClassDeclaration, isContinueStatement, isEmptyStatement, isExpressionStatement, isFunctionDeclaration, isIdentifier, isIfStatement, isInterfaceDeclaration, isIterationStatement, isLabeledStatement, isParenthesizedExpression, isPropertyAccessExpression, isReturnStatement, isSwitchStatement, isThrowStatement, isTryStatement, isTypeAliasDeclaration, isVariableStatement, SyntaxKind } from './syntax.js';
import { unknown } from '../../model/build.js';
import type { CatchFacts, Exit, Span, ValueSet } from '../../model/types.js';
import { spanIn, spanOf, unwrap } from './parse.js';

type Continuation = () => Exit[];

interface Jumps {
  break?: Continuation;
  continue?: Continuation;
}

/**
 * Statements nested deeper than this (blocks in blocks, ifs in loops) are not
 * followed, so a generated or hostile file cannot overflow the stack: the
 * function ends there in a way the walk does not know, an unknown result.
 */
const maxNesting = 200;

/**
 * Every way a function body can end, following if/else, loops, switch and
 * try/catch; and for each catch handler, every way the function can end once
 * the handler has started (including what runs after the try statement).
 */
export class ExitWalker {
  readonly catches: CatchFacts[] = [];
  private readonly returns = new Map<ts.Node, Exit>();
  /** Where catch handlers are collected: held back until control is known to reach their statement. */
  private found: CatchFacts[] = this.catches;
  private nesting = 0;

  constructor(private readonly evaluate: (expression: ts.Expression) => ValueSet) {}

  functionExits(body: ts.ConciseBody): Exit[] {
    if (!isBlock(body)) return [this.returnExit(body, body)];
    const closing = spanIn(body, body.getEnd() - 1, body.getEnd());
    return unique(this.list(body.statements, () => [{ kind: 'end', span: closing }], {}));
  }

  /** The exits of `.catch(handler)` on a returned promise. */
  handlerExits(handler: ts.FunctionLikeDeclaration): Exit[] {
    return handler.body ? this.functionExits(handler.body) : [];
  }

  /**
   * The exits of a statement list, worked out from the last statement back so
   * that a long body does not nest one call per statement. The catch handlers
   * of a statement count only when control can reach it.
   */
  private list(statements: readonly ts.Statement[], next: Continuation, jumps: Jumps): Exit[] {
    const live = statements.filter((statement) => !fallsThrough(statement));
    const handlers: CatchFacts[][] = [];
    const continues: boolean[] = [];
    let rest = next;
    for (let i = live.length - 1; i >= 0; i--) {
      const following = rest;
      const continuation = (): Exit[] => {
        continues[i] = true;
        return following();
      };
      const exits = this.collecting((handlers[i] = []), () => this.statement(live[i]!, continuation, jumps));
      rest = () => exits;
    }
    for (let i = 0; i < live.length; i++) {
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

  private statement(statement: ts.Statement, next: Continuation, jumps: Jumps): Exit[] {
    if (this.nesting >= maxNesting) {
      const span = spanOf(statement);
      return [{ kind: 'return', value: unknown(span), span }];
    }
    this.nesting++;
    try {
      return this.nested(statement, next, jumps);
    } finally {
      this.nesting--;
    }
  }

  private nested(statement: ts.Statement, next: Continuation, jumps: Jumps): Exit[] {
    if (isReturnStatement(statement)) return [this.returnExit(statement, statement.expression)];
    if (isThrowStatement(statement)) return [{ kind: 'throw', span: spanOf(statement) }];
    if (isExpressionStatement(statement)) {
      return isProcessExit(statement.expression) ? [{ kind: 'exit', span: spanOf(statement) }] : next();
    }
    if (isBlock(statement)) return this.list(statement.statements, next, jumps);
    if (isIfStatement(statement)) return this.ifStatement(statement, next, jumps);
    if (isTryStatement(statement)) return this.tryStatement(statement, next, jumps);
    if (isIterationStatement(statement, false)) {
      const body = this.statement(statement.statement, next, { break: next, continue: next });
      return unique([...body, ...next()]);
    }
    if (isSwitchStatement(statement)) return this.switchStatement(statement, next, jumps);
    if (isLabeledStatement(statement)) return this.statement(statement.statement, next, jumps);
    if (isBreakStatement(statement)) return (jumps.break ?? next)();
    if (isContinueStatement(statement)) return (jumps.continue ?? next)();
    return next();
  }

  /** An `else if` chain is followed in a loop, however long. */
  private ifStatement(statement: ts.IfStatement, next: Continuation, jumps: Jumps): Exit[] {
    let exits: Exit[] = [];
    let current: ts.Statement | undefined = statement;
    while (current && isIfStatement(current)) {
      exits = exits.concat(this.statement(current.thenStatement, next, jumps));
      current = current.elseStatement;
    }
    return unique(exits.concat(current ? this.statement(current, next, jumps) : next()));
  }

  private tryStatement(statement: ts.TryStatement, next: Continuation, jumps: Jumps): Exit[] {
    const clause = statement.catchClause;
    const tried = this.list(statement.tryBlock.statements, next, jumps);
    if (!clause) return tried;
    const handled = unique(this.list(clause.block.statements, next, jumps));
    this.found.push({ span: catchHead(clause), body: spanOf(clause.block), exits: handled });
    // A throw inside the try block lands in the catch handler.
    return unique([...tried.filter((exit) => exit.kind !== 'throw'), ...handled]);
  }

  /** Entering at each case, falling through into the next one until a break; worked out from the last case back. */
  private switchStatement(statement: ts.SwitchStatement, next: Continuation, jumps: Jumps): Exit[] {
    const clauses = statement.caseBlock.clauses;
    const inside = { ...jumps, break: next };
    const entries: Exit[][] = [];
    let fall = next;
    for (let i = clauses.length - 1; i >= 0; i--) {
      const entered = this.list(clauses[i]!.statements, fall, inside);
      entries[i] = entered;
      fall = () => entered;
    }
    const skipped = clauses.some(ts.isDefaultClause) ? [] : next();
    return unique([...entries.flat(), ...skipped]);
  }

  private returnExit(node: ts.Node, expression: ts.Expression | undefined): Exit {
    let exit = this.returns.get(node);
    if (!exit) {
      const value = expression ? this.evaluate(expression) : { alternatives: [{ kind: 'undefined' as const, span: spanOf(node) }] };
      let written = expression;
      while (written && isParenthesizedExpression(written)) written = written.expression;
      exit = { kind: 'return', value, span: spanOf(node), ...(written ? { written: spanOf(written) } : {}) };
      this.returns.set(node, exit);
    }
    return exit;
  }
}

/** `catch (error)`: the clause without its block. */
function catchHead(clause: ts.CatchClause): Span {
  const close = clause.getChildren().find((child) => child.kind === SyntaxKind.CloseParenToken);
  const start = clause.getStart();
  return spanIn(clause, start, close ? close.getEnd() : start + 'catch'.length);
}

/** Statements that never change where control goes next. */
function fallsThrough(statement: ts.Statement): boolean {
  return (
    isVariableStatement(statement) ||
    isFunctionDeclaration(statement) ||
    isClassDeclaration(statement) ||
    isEmptyStatement(statement) ||
    isTypeAliasDeclaration(statement) ||
    isInterfaceDeclaration(statement) ||
    (isExpressionStatement(statement) && !isProcessExit(statement.expression))
  );
}

/** `process.exit(...)`: the process stops; nothing goes ahead. */
export function isProcessExit(expression: ts.Expression): boolean {
  const node = unwrap(expression);
  if (!isCallExpression(node)) return false;
  const callee = unwrap(node.expression);
  return (
    isPropertyAccessExpression(callee) &&
    callee.name.text === 'exit' &&
    isIdentifier(callee.expression) &&
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
