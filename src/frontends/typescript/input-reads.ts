import ts from './compiler.cjs';
import {
  isBinaryExpression,
  isBindingElement,
  isConditionalExpression,
  isDoStatement,
  isElementAccessExpression,
  isIdentifier,
  isIfStatement,
  isObjectBindingPattern,
  isPrefixUnaryExpression,
  isPropertyAccessExpression,
  isStringLiteralLike,
  isTypeOfExpression,
  isVariableDeclaration,
  isWhileStatement,
  SyntaxKind,
} from './syntax.js';
import type { InputRead } from '../core/input-reads.js';
import { staticName, unwrap } from './parse.js';
import type { Scopes } from './scope.js';

/** How many `const` names a read is followed through: `const { command } = input.tool_input`. */
const aliasDepth = 3;

/**
 * The reads of the input in one body: `input.tool_input.command`, through
 * `const` names and destructuring without a default; undefined for anything
 * else (a call, a fallback, a `let`). The root is any name not followed.
 */
export function inputReader(body: ts.Node, scopes: Scopes): (expression: ts.Expression) => InputRead | undefined {
  let tests: Set<string> | undefined;
  const isTested = (expression: ts.Node): boolean => (tests ??= testedTexts(body)).has(textKey(expression));

  /**
   * The path of a read, and the expressions whose test protects it: the read
   * itself (`outer`, not a prefix of it) and each name it goes through.
   */
  const pathOf = (expression: ts.Expression, depth: number, outer = true): { path: string[]; names: ts.Node[] } | undefined => {
    const node = unwrap(expression);
    if (isPropertyAccessExpression(node) || isElementAccessExpression(node)) {
      const key = isPropertyAccessExpression(node) ? node.name.text : stringKey(node.argumentExpression);
      const base = key === undefined ? undefined : pathOf(node.expression, depth, false);
      return base && { path: [...base.path, key!], names: outer ? [node, ...base.names] : base.names };
    }
    if (!isIdentifier(node)) return undefined;
    const declaration = scopes.resolve(node);
    if (declaration && (isVariableDeclaration(declaration) || isBindingElement(declaration))) {
      if (depth >= aliasDepth) return undefined;
      const aliased = aliasOf(declaration);
      const base = aliased && pathOf(aliased.initializer, depth + 1);
      return base && { path: [...base.path, ...aliased.field], names: [node, ...base.names] };
    }
    return { path: [], names: [] };
  };
  return (expression) => {
    const found = pathOf(expression, 0);
    return found && { path: found.path, tested: () => found.names.some(isTested) };
  };
}

/** `const x = init` and `const { field: x } = init`: what the name holds, as a read of `init`. */
function aliasOf(declaration: ts.VariableDeclaration | ts.BindingElement): { initializer: ts.Expression; field: string[] } | undefined {
  if (isVariableDeclaration(declaration)) {
    return isIdentifier(declaration.name) && declaration.initializer && isConst(declaration) ? { initializer: declaration.initializer, field: [] } : undefined;
  }
  // A default (`{ command = '' }`) or a rest element is no plain read.
  if (declaration.initializer || declaration.dotDotDotToken || !isObjectBindingPattern(declaration.parent)) return undefined;
  const holder = declaration.parent.parent;
  if (!isVariableDeclaration(holder) || !holder.initializer || !isConst(holder)) return undefined;
  const field = declaration.propertyName ? staticName(declaration.propertyName) : isIdentifier(declaration.name) ? declaration.name.text : undefined;
  return field === undefined ? undefined : { initializer: holder.initializer, field: [field] };
}

function isConst(declaration: ts.VariableDeclaration): boolean {
  return (declaration.parent.flags & ts.NodeFlags.Const) !== 0;
}

function stringKey(key: ts.Expression): string | undefined {
  const bare = unwrap(key);
  return isStringLiteralLike(bare) ? bare.text : undefined;
}

/** An expression as the tests compare it: without spaces, `?.` read as `.`. */
function textKey(node: ts.Node): string {
  return node.getText().replace(/\s+/g, '').replace(/\?\./g, '.');
}

/**
 * What the body tests anywhere: operands of `typeof`, `!`, `&&`, `||`, `??`
 * and comparisons, conditions, and `'field' in x` as `x.field`. A read tested
 * anywhere is taken to be there.
 */
function testedTexts(body: ts.Node): Set<string> {
  const tested = new Set<string>();
  const add = (node: ts.Node | undefined): void => {
    if (node) tested.add(textKey(unwrap(node as ts.Expression)));
  };
  const stack: ts.Node[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isTypeOfExpression(node)) add(node.expression);
    else if (isPrefixUnaryExpression(node) && node.operator === SyntaxKind.ExclamationToken) add(node.operand);
    else if (isIfStatement(node) || isWhileStatement(node) || isDoStatement(node)) add(node.expression);
    else if (isConditionalExpression(node)) add(node.condition);
    else if (isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (operator === SyntaxKind.InKeyword) {
        const field = stringKey(node.left);
        if (field !== undefined) tested.add(`${textKey(unwrap(node.right))}.${field}`);
      } else if (testingOperators.has(operator)) {
        add(node.left);
        add(node.right);
      }
    }
    node.forEachChild((child) => void stack.push(child));
  }
  return tested;
}

const testingOperators = new Set<ts.SyntaxKind>([
  SyntaxKind.AmpersandAmpersandToken,
  SyntaxKind.BarBarToken,
  SyntaxKind.QuestionQuestionToken,
  SyntaxKind.EqualsEqualsToken,
  SyntaxKind.EqualsEqualsEqualsToken,
  SyntaxKind.ExclamationEqualsToken,
  SyntaxKind.ExclamationEqualsEqualsToken,
]);
