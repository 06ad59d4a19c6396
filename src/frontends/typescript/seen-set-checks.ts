import ts from './compiler.cjs';
import { isAwaitExpression, isBinaryExpression, isBlock, isCallExpression, isCaseOrDefaultClause, isClassLike, isConditionalExpression, isElementAccessExpression, isFunctionLike, isIfStatement, isPrefixUnaryExpression, isPropertyAccessExpression, isReturnStatement, isThrowStatement, SyntaxKind } from './syntax.js';
import { conditionPolarity, SeenSetChecks, type ConditionShape } from '../core/seen-set-checks.js';
import type { SeenTest, ValueSet } from '../../model/types.js';
import { isReturned } from './expressions.js';
import { spanOf, unwrap } from './parse.js';
import { walk } from './walk.js';

/** Methods that put a key into a Set, Map or array. */
const insertMethods = new Set(['add', 'set', 'push', 'unshift']);

/** Methods that test for a key: `seen.has(key)`, `seen.includes(key)`, `cache.get(key)`. */
const testMethods = new Set(['has', 'includes', 'get', 'hasOwnProperty']);

/**
 * Membership tests on collections the function also inserts into, with what
 * the function returns right after a test found the key: the returns directly
 * in the branch taken when it was seen (an `if`, its `else` for a negated
 * test, or the first return after `if (!seen.has(key)) { ...; return }`),
 * or that branch of a returned ternary. A return under a further condition is
 * that condition's, not the test's.
 */
export function seenSetChecks(body: ts.Node, evaluate: (expression: ts.Expression) => ValueSet): SeenTest[] {
  const collections = insertedCollections(body);
  if (collections.size === 0) return [];
  const checks = new SeenSetChecks<ts.Expression>();
  const polarityOf = (condition: ts.Expression) => conditionPolarity(condition, (node) => conditionShape(node, collections));
  walkOwn(body, (node) => {
    if (isIfStatement(node)) {
      const polarity = polarityOf(node.expression);
      if (polarity?.seen) checks.guard(polarity, directReturns(node.thenStatement));
      // In an `else if` chain, the other branches have conditions of their own.
      else if (polarity && !(node.elseStatement && isIfStatement(node.elseStatement)) && !isElseIf(node)) {
        checks.guard(polarity, [...directReturns(node.elseStatement), ...(endsByLeaving(node.thenStatement) ? followingReturn(node) : [])]);
      }
    } else if (isConditionalExpression(node) && isReturned(node)) {
      const polarity = polarityOf(node.condition);
      if (polarity) checks.guard(polarity, [polarity.seen ? node.whenTrue : node.whenFalse]);
    }
  });
  return checks.facts(spanOf, evaluate);
}

function isElseIf(node: ts.IfStatement): boolean {
  return isIfStatement(node.parent) && node.parent.elseStatement === node;
}

/** The function's own nodes: not those of functions and classes nested in it. */
function walkOwn(body: ts.Node, visit: (node: ts.Node) => void): void {
  walk(body, (node) => {
    if (node !== body && (isFunctionLike(node) || isClassLike(node))) return false;
    visit(node);
    return true;
  });
}

/** The collections the function puts keys into, by their text: `seen`, `this.seen`. */
function insertedCollections(body: ts.Node): Set<string> {
  const names = new Set<string>();
  walkOwn(body, (node) => {
    if (isCallExpression(node)) {
      const callee = unwrap(node.expression);
      if (isPropertyAccessExpression(callee) && insertMethods.has(callee.name.text)) names.add(collectionName(callee.expression));
    } else if (isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) {
      const target = unwrap(node.left);
      if (isElementAccessExpression(target)) names.add(collectionName(target.expression));
    }
  });
  return names;
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind === SyntaxKind.EqualsToken || kind === SyntaxKind.QuestionQuestionEqualsToken || kind === SyntaxKind.BarBarEqualsToken;
}

function collectionName(expression: ts.Expression): string {
  return unwrap(expression).getText().replace(/\s+/g, '');
}

/** `seen.has(key)`, `key in seen`, `seen[key]`, `Object.hasOwn(seen, key)` on a collection the function inserts into. */
function membershipTest(expression: ts.Expression, collections: ReadonlySet<string>): boolean {
  if (isCallExpression(expression)) {
    const callee = unwrap(expression.expression);
    if (!isPropertyAccessExpression(callee)) return false;
    if (testMethods.has(callee.name.text)) return collections.has(collectionName(callee.expression));
    const [target] = expression.arguments;
    return callee.name.text === 'hasOwn' && collectionName(callee.expression) === 'Object' && !!target && collections.has(collectionName(target));
  }
  if (isBinaryExpression(expression) && expression.operatorToken.kind === SyntaxKind.InKeyword) {
    return collections.has(collectionName(expression.right));
  }
  return isElementAccessExpression(expression) && collections.has(collectionName(expression.expression));
}

/** A condition as the core's seen-set checks read it. */
function conditionShape(condition: ts.Expression, collections: ReadonlySet<string>): ConditionShape<ts.Expression> {
  const node = unwrap(condition);
  if (isAwaitExpression(node)) return { node, kind: 'await', operand: node.expression };
  if (membershipTest(node, collections)) return { node, kind: 'test', seen: true };
  if (isPrefixUnaryExpression(node) && node.operator === SyntaxKind.ExclamationToken) return { node, kind: 'not', operand: node.operand };
  if (isBinaryExpression(node) && node.operatorToken.kind === SyntaxKind.AmpersandAmpersandToken) return { node, kind: 'and', sides: [node.left, node.right] };
  return { node, kind: 'other' };
}

/** The values of the return statements a branch runs directly (not under a further condition); a bare `return` decides nothing. */
function directReturns(statement: ts.Statement | undefined): Array<ts.Expression | undefined> {
  if (!statement) return [];
  const statements: readonly ts.Statement[] = isBlock(statement) ? statement.statements : [statement];
  return statements.filter(ts.isReturnStatement).map((found) => found.expression);
}

/** The first return statement after an `if` in its block: where the function goes when the `if` is skipped. */
function followingReturn(node: ts.IfStatement): Array<ts.Expression | undefined> {
  const parent = node.parent;
  if (!isBlock(parent) && !isCaseOrDefaultClause(parent)) return [];
  const after = parent.statements.slice(parent.statements.indexOf(node) + 1);
  const next = after.find(ts.isReturnStatement);
  return next ? [next.expression] : [];
}

/** The branch ends in a return or throw. */
function endsByLeaving(statement: ts.Statement): boolean {
  const last = isBlock(statement) ? statement.statements.at(-1) : statement;
  return !!last && (isReturnStatement(last) || isThrowStatement(last));
}
