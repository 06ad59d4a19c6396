import ts from './compiler.cjs';
import { isBlock, isBreakStatement, isCallExpression, isContinueStatement, isDoStatement, isExpressionStatement, isForStatement, isIdentifier, isIfStatement, isIterationStatement, isLabeledStatement, isParenthesizedExpression, isPropertyAccessExpression, isReturnStatement, isSwitchStatement, isThrowStatement, isTryStatement, isWhileStatement, SyntaxKind } from './syntax.js';
import { budget } from '../core/budget.js';
import type { LoweredFunction, Statement } from '../core/lowered.js';
import type { Span } from '../../model/types.js';
import { spanIn, spanOf, unwrap } from './parse.js';

type Lowered = Statement<ts.Expression>;

/** A function body in the core's lowered form: `x => value` is one return. */
export function lowerFunction(body: ts.ConciseBody): LoweredFunction<ts.Expression> {
  if (!isBlock(body)) return { body: [returnOf(body, body)], end: spanOf(body) };
  return { body: lowerList(body.statements, 0), end: spanIn(body, body.getEnd() - 1, body.getEnd()) };
}

function lowerList(statements: readonly ts.Statement[], depth: number): Lowered[] {
  const lowered: Lowered[] = [];
  for (const statement of statements) {
    const one = lower(statement, depth);
    if (one) lowered.push(one);
  }
  return lowered;
}

function lowerBody(statement: ts.Statement | undefined, depth: number): Lowered[] {
  if (!statement) return [];
  if (isBlock(statement)) return lowerList(statement.statements, depth + 1);
  const one = lower(statement, depth + 1);
  return one ? [one] : [];
}

/** One statement, or nothing for one that never changes where control goes. */
function lower(statement: ts.Statement, depth: number): Lowered | undefined {
  if (depth >= budget.nesting) return { kind: 'opaque', span: spanOf(statement) };
  if (isReturnStatement(statement)) return returnOf(statement, statement.expression);
  if (isThrowStatement(statement)) return { kind: 'throw', span: spanOf(statement) };
  if (isExpressionStatement(statement)) return isProcessExit(statement.expression) ? { kind: 'exit', span: spanOf(statement) } : undefined;
  if (isBlock(statement)) return { kind: 'block', body: lowerList(statement.statements, depth + 1) };
  if (isIfStatement(statement)) {
    // An `else if` chain is lowered in a loop, however long.
    const branches: Lowered[][] = [];
    let current: ts.Statement | undefined = statement;
    while (current && isIfStatement(current)) {
      branches.push(lowerBody(current.thenStatement, depth));
      current = current.elseStatement;
    }
    if (current) branches.push(lowerBody(current, depth));
    return { kind: 'if', branches, exhaustive: !!current };
  }
  if (isTryStatement(statement)) {
    const clause = statement.catchClause;
    return {
      kind: 'try',
      body: lowerList(statement.tryBlock.statements, depth + 1),
      handlers: clause ? [{ head: catchHead(clause), span: spanOf(clause.block), body: lowerList(clause.block.statements, depth + 1) }] : [],
      ...(statement.finallyBlock ? { finally: lowerList(statement.finallyBlock.statements, depth + 1) } : {}),
    };
  }
  if (isIterationStatement(statement, false)) return { kind: 'loop', body: lowerBody(statement.statement, depth), forever: loopsForever(statement) };
  if (isSwitchStatement(statement)) {
    const clauses = statement.caseBlock.clauses;
    return { kind: 'switch', cases: clauses.map((clause) => lowerList(clause.statements, depth + 1)), fallThrough: true, exhaustive: clauses.some(ts.isDefaultClause) };
  }
  if (isLabeledStatement(statement)) return { kind: 'block', body: lowerBody(statement.statement, depth) };
  if (isBreakStatement(statement)) return { kind: 'break' };
  if (isContinueStatement(statement)) return { kind: 'continue' };
  return undefined;
}

function returnOf(node: ts.Node, expression: ts.Expression | undefined): Lowered {
  let written = expression;
  while (written && isParenthesizedExpression(written)) written = written.expression;
  return { kind: 'return', span: spanOf(node), ...(expression ? { value: expression } : {}), ...(written ? { written: spanOf(written) } : {}) };
}

/** `while (true)`, `do ... while (true)`, `for (;;)`: only a break or a return leaves it. */
function loopsForever(statement: ts.IterationStatement): boolean {
  const condition = isWhileStatement(statement) || isDoStatement(statement) ? statement.expression : isForStatement(statement) ? statement.condition : undefined;
  if (isForStatement(statement) && !condition) return true;
  return !!condition && unwrap(condition).kind === SyntaxKind.TrueKeyword;
}

/** `catch (error)`: the clause without its block. */
function catchHead(clause: ts.CatchClause): Span {
  const close = clause.getChildren().find((child) => child.kind === SyntaxKind.CloseParenToken);
  const start = clause.getStart();
  return spanIn(clause, start, close ? close.getEnd() : start + 'catch'.length);
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
