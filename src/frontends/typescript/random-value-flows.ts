import ts from './compiler.cjs';
import { isArrayLiteralExpression, isArrowFunction, isAwaitExpression, isBinaryExpression, isBindingElement, isBlock, isBreakStatement, isCallExpression, isClassDeclaration, isClassLike, isConditionalExpression, isContinueStatement, isDoStatement, isElementAccessExpression, isFunctionDeclaration, isFunctionExpression, isFunctionLike, isIdentifier, isIfStatement, isNewExpression, isNumericLiteral, isObjectBindingPattern, isObjectLiteralExpression, isParameter, isParenthesizedExpression, isPrefixUnaryExpression, isPropertyAccessExpression, isPropertyAssignment, isReturnStatement, isShorthandPropertyAssignment, isStringLiteralLike, isTemplateExpression, isThrowStatement, isVariableDeclaration, isWhileStatement, SyntaxKind } from './syntax.js';
import type { IdLookup } from '../../model/types.js';
import { randomValueFlows as coreFlows, toolUseIdNames, type FlowFacts, type FlowNode, type FlowStep, type FlowSyntax, type SourceShape } from '../core/random-value-flows.js';
import { spanOf, staticName, unwrap } from './parse.js';
import { returnStatements } from './evaluate.js';
import { randomSourceOf } from './random-sources.js';
import type { Scopes } from './scope.js';
import { walk } from './walk.js';

type Key = ts.Node;

/** Methods that test, read or insert a key in a Set, Map or array. */
const lookupMethods = new Set<IdLookup['operation']>(['has', 'get', 'add', 'set', 'includes']);

function isLookupMethod(name: string): name is IdLookup['operation'] {
  return lookupMethods.has(name as IdLookup['operation']);
}

/** Calls that keep their argument's identity: `String(key)`, `encodeURIComponent(key)`. */
const wrappers = new Set(['String', 'encodeURIComponent', 'encodeURI']);

/** A function's random-value and tool-use-id flows: the core's walk over TypeScript syntax. */
export function randomValueFlows(fn: ts.FunctionLikeDeclaration, toolUseIdParameter: ts.Node | undefined, scopes: Scopes): FlowFacts {
  const roots = [...fn.parameters, ...(fn.body ? [fn.body] : [])];
  return coreFlows<ts.Node, Key>(flowSyntax(toolUseIdParameter, scopes), roots);
}

function flowSyntax(toolUseIdParameter: ts.Node | undefined, scopes: Scopes): FlowSyntax<ts.Node, Key> {
  const shape = (node: ts.Node): SourceShape<ts.Node, Key> => {
    const expression = unwrap(node as ts.Expression);
    if (isAwaitExpression(expression)) return { kind: 'parts', parts: [expression.expression] };
    const random = randomSourceOf(expression, scopes);
    if (random) return { kind: 'source', source: { kind: 'random', name: random, span: spanOf(expression) } };
    if (isIdentifier(expression)) {
      const declaration = scopes.resolve(expression);
      if (!declaration) return { kind: 'none' };
      if (declaration === toolUseIdParameter) return { kind: 'name', key: declaration, initial: { kind: 'toolUseId', name: 'toolUseID', span: spanOf(declaration) } };
      const named = isParameter(declaration) && toolUseIdNames.has(expression.text);
      return { kind: 'name', key: declaration, ...(named ? { initial: { kind: 'toolUseId', name: expression.text, span: spanOf(expression) } } : {}) };
    }
    if (isPropertyAccessExpression(expression)) {
      if (toolUseIdNames.has(expression.name.text)) return toolUseId(expression.name.text, expression);
      // A part of a per-attempt value is one too.
      return { kind: 'parts', parts: [expression.expression] };
    }
    if (isElementAccessExpression(expression)) {
      const key = unwrap(expression.argumentExpression);
      if (!isStringLiteralLike(key)) return { kind: 'parts', parts: [expression.expression] };
      return toolUseIdNames.has(key.text) ? toolUseId(key.text, expression) : { kind: 'none' };
    }
    if (isTemplateExpression(expression)) return { kind: 'parts', parts: expression.templateSpans.map((part) => part.expression) };
    if (isBinaryExpression(expression)) {
      const operator = expression.operatorToken.kind;
      if (operator === SyntaxKind.PlusToken) return { kind: 'parts', parts: [expression.left, expression.right] };
      // `stored ?? randomUUID()` mints a key once, when none is stored: only the stored side decides.
      if (operator === SyntaxKind.BarBarToken || operator === SyntaxKind.QuestionQuestionToken) return { kind: 'parts', parts: [expression.left] };
      // `a = b = value`: the value of an assignment is what it assigns.
      if (operator === SyntaxKind.EqualsToken) return { kind: 'parts', parts: [expression.right] };
    } else if (isConditionalExpression(expression)) return { kind: 'parts', parts: [expression.whenTrue, expression.whenFalse] };
    else if (isCallExpression(expression)) return callShape(expression);
    return { kind: 'none' };
  };

  const callShape = (call: ts.CallExpression): SourceShape<ts.Node, Key> => {
    const callee = unwrap(call.expression);
    if (isIdentifier(callee) && wrappers.has(callee.text) && call.arguments[0]) return { kind: 'parts', parts: [call.arguments[0]] };
    if (isIdentifier(callee)) return helperShape(callee, call);
    // A method of a per-attempt value is one too: `Date.now().toString()`, `randomUUID().slice(0, 8)`.
    if (isPropertyAccessExpression(callee)) return { kind: 'parts', parts: [callee.expression] };
    return { kind: 'none' };
  };

  /** A same-file helper: `const newKey = () => randomUUID()`, `function newKey() { return ... }`. */
  const helperShape = (callee: ts.Identifier, call: ts.CallExpression): SourceShape<ts.Node, Key> => {
    const declaration = scopes.resolve(callee);
    let target: ts.Node | undefined = declaration;
    if (declaration && isVariableDeclaration(declaration) && declaration.initializer) target = unwrap(declaration.initializer);
    if (!target || !(isFunctionDeclaration(target) || isArrowFunction(target) || isFunctionExpression(target)) || !target.body) return { kind: 'none' };
    const body = target.body;
    const returns = isBlock(body) ? returnStatements(body).flatMap((statement) => (statement.expression ? [statement.expression] : [])) : [body];
    return { kind: 'helper', name: callee.text, definition: target, returns, span: spanOf(call) };
  };

  /** `const seen = ids.has(id)`, `seen = await redis.set(...)`: the variable the lookup's result is kept in. */
  const holderOf = (at: ts.Node): Key | undefined => {
    const result = isAwaitExpression(at.parent) ? at.parent : at;
    const parent = result.parent;
    if (parent && isVariableDeclaration(parent)) return parent;
    if (parent && isBinaryExpression(parent) && parent.operatorToken.kind === SyntaxKind.EqualsToken && parent.right === result && isIdentifier(unwrap(parent.left))) {
      return scopes.resolve(unwrap(parent.left) as ts.Identifier);
    }
    return undefined;
  };

  const lookup = (operation: IdLookup['operation'], key: ts.Node, collection: ts.Node, at: ts.Node): Step => {
    const holder = holderOf(at);
    return { kind: 'lookup', operation, key, collection, at, ...(holder ? { holder } : {}) };
  };

  /** `const x = value`, `const { tool_use_id } = input`: one assignment per name bound. */
  const bindings = (name: ts.BindingName, declaration: ts.Node, value: ts.Expression | undefined, steps: Step[] = []): Step[] => {
    if (isIdentifier(name)) {
      steps.push({ kind: 'assign', target: { kind: 'name', key: declaration, name: name.text }, ...(value ? { value } : {}), at: name });
      return steps;
    }
    for (const element of name.elements) {
      if (!isBindingElement(element)) continue;
      const key = element.propertyName ? staticName(element.propertyName) : isIdentifier(element.name) ? element.name.text : undefined;
      const target = isIdentifier(element.name) ? element : declaration;
      if (key && toolUseIdNames.has(key) && isIdentifier(element.name)) {
        steps.push({ kind: 'assign', target: { kind: 'name', key: target, name: element.name.text }, source: { kind: 'toolUseId', name: key, span: spanOf(element) }, at: element.name });
      } else bindings(element.name, target, undefined, steps);
    }
    return steps;
  };

  const assignment = (node: ts.BinaryExpression): FlowNode<ts.Node, Key> => {
    const target = unwrap(node.left);
    const value = node.right;
    // The value is worked out before it is assigned; an assigned name is not read.
    const children = isIdentifier(target) ? [value] : [node.left, value];
    if (isIdentifier(target)) return { children, after: [{ kind: 'assign', target: { kind: 'name', key: scopes.resolve(target) ?? target, name: target.text }, value, at: target }] };
    if (isPropertyAccessExpression(target)) return { children, after: [{ kind: 'assign', target: { kind: 'property', name: target.name.text }, value, at: target.name }] };
    const key = isElementAccessExpression(target) ? target.argumentExpression : undefined;
    if (key && isStringLiteralLike(unwrap(key))) return { children, after: [{ kind: 'assign', target: { kind: 'property', name: (unwrap(key) as ts.StringLiteralLike).text }, value, at: key }] };
    return { children };
  };

  const callSteps = (node: ts.CallExpression): Step[] => {
    const callee = unwrap(node.expression);
    if (!isPropertyAccessExpression(callee)) return [];
    const steps: Step[] = [];
    const [first, second] = node.arguments;
    const method = callee.name.text;
    if (first && isLookupMethod(method)) steps.push(lookup(method, first, callee.expression, node));
    // `Object.hasOwn(seen, id)`, `seen.hasOwnProperty(id)`
    else if (method === 'hasOwn' && first && second && isIdentifier(callee.expression) && callee.expression.text === 'Object') steps.push(lookup('has', second, first, node));
    else if (method === 'hasOwnProperty' && first) steps.push(lookup('has', first, callee.expression, node));
    // headers.set('Idempotency-Key', key), request.setHeader(...), form.append(...)
    if (first && second && isStringLiteralLike(unwrap(first))) steps.push({ kind: 'sink', sink: 'argument', name: (unwrap(first) as ts.StringLiteralLike).text, value: second, at: first });
    return steps;
  };

  const node = (node: ts.Node, watching: boolean): FlowNode<ts.Node, Key> => {
    if (isFunctionDeclaration(node) || isClassDeclaration(node)) return { children: [] };
    if (isVariableDeclaration(node) && node.initializer) return { children: [node.initializer], after: bindings(node.name, node, node.initializer) };
    if (isBinaryExpression(node) && node.operatorToken.kind === SyntaxKind.EqualsToken) return assignment(node);
    const children: ts.Node[] = [];
    node.forEachChild((child) => void children.push(child));
    const before: Step[] = [];
    if (isParameter(node) && isObjectBindingPattern(node.name)) before.push(...bindings(node.name, node, undefined));
    else if (isPropertyAssignment(node)) {
      const name = staticName(node.name);
      if (name !== undefined) before.push({ kind: 'sink', sink: 'property', name, value: node.initializer, at: node.name });
    } else if (isShorthandPropertyAssignment(node)) before.push({ kind: 'sink', sink: 'property', name: node.name.text, value: node.name, at: node.name });
    else if (isCallExpression(node)) before.push(...callSteps(node));
    else if (isBinaryExpression(node) && node.operatorToken.kind === SyntaxKind.InKeyword) before.push(lookup('in', node.left, node.right, node));
    else if (isElementAccessExpression(node)) before.push(lookup('index', node.argumentExpression, node.expression, node));
    // Without a looked-up result so far, no identifier can name one: no need to resolve it.
    else if (isIdentifier(node) && watching) {
      const declaration = scopes.resolve(node);
      if (declaration) before.push({ kind: 'read', key: declaration, at: node });
    }
    return { before, children };
  };

  /** `['Write', 'Edit']`, `new Set([...])`, `{ Write: 1 }`, a string, or a `const` bound to one (through at most a few names). */
  const isLiteralCollection = (collection: ts.Node, depth = 0): boolean => {
    const expression = unwrap(collection as ts.Expression);
    if (isStringLiteralLike(expression)) return true;
    // An empty one is where a record of earlier calls starts: `const seen: Record<string, true> = {}`.
    if (isArrayLiteralExpression(expression)) return expression.elements.length > 0 && expression.elements.every(isLiteral);
    if (isObjectLiteralExpression(expression)) {
      const { properties } = expression;
      return properties.length > 0 && properties.every((property) => isPropertyAssignment(property) && staticName(property.name) !== undefined && isLiteral(property.initializer));
    }
    if (isNewExpression(expression) && isIdentifier(expression.expression) && expression.expression.text === 'Set') {
      const [items] = expression.arguments ?? [];
      return !!items && isLiteralCollection(items, depth);
    }
    if (!isIdentifier(expression) || depth > 3) return false;
    const declaration = scopes.resolve(expression);
    const constant = declaration && isVariableDeclaration(declaration) && declaration.parent.flags & ts.NodeFlags.Const ? declaration.initializer : undefined;
    return !!constant && isLiteralCollection(constant, depth + 1);
  };

  return { span: spanOf, shape, node, path: enclosingProperties, decidesBranch, testsAbsence, isLiteralCollection: (collection) => isLiteralCollection(collection) };
}

type Step = FlowStep<ts.Node, Key>;

function isLiteral(node: ts.Node): boolean {
  return isStringLiteralLike(node) || isNumericLiteral(node) || node.kind === SyntaxKind.TrueKeyword || node.kind === SyntaxKind.FalseKeyword;
}

function toolUseId(name: string, at: ts.Node): SourceShape<ts.Node, Key> {
  return { kind: 'source', source: { kind: 'toolUseId', name, span: spanOf(at) } };
}

/** Names of the object-literal properties around a node, outermost first: `updatedInput.key`. */
function enclosingProperties(node: ts.Node): string[] {
  const path: string[] = [];
  let current: ts.Node = node.parent;
  while (current) {
    if (isObjectLiteralExpression(current) && current.parent && isPropertyAssignment(current.parent)) {
      const name = staticName(current.parent.name);
      if (name !== undefined) path.unshift(name);
      current = current.parent.parent;
      continue;
    }
    if (isObjectLiteralExpression(current) || isPropertyAssignment(current) || isShorthandPropertyAssignment(current)) {
      current = current.parent;
      continue;
    }
    break;
  }
  return path;
}

/** `!x`, `x == null`, `x === undefined`: the condition asks whether nothing is there. */
function testsAbsence(node: ts.Node): boolean {
  let current: ts.Node = node;
  while (isAwaitExpression(current.parent) || isParenthesizedExpression(current.parent)) current = current.parent;
  const parent = current.parent;
  if (isPrefixUnaryExpression(parent)) return parent.operator === SyntaxKind.ExclamationToken;
  if (!isBinaryExpression(parent)) return false;
  const equality = [SyntaxKind.EqualsEqualsToken, SyntaxKind.EqualsEqualsEqualsToken].includes(parent.operatorToken.kind);
  const other = unwrap(parent.left === current ? parent.right : parent.left);
  const nothing = other.kind === SyntaxKind.NullKeyword || (isIdentifier(other) && other.text === 'undefined');
  return equality && nothing;
}

/**
 * True when the node is part of a condition that decides whether the call
 * goes on: an `if` whose branch leaves (return, throw, continue, break), or a
 * ternary whose value is returned. A condition that only picks what to log
 * does not gate anything.
 */
function decidesBranch(node: ts.Node): boolean {
  let child = node;
  for (let current = node.parent; current; child = current, current = current.parent) {
    if (isIfStatement(current)) return current.expression === child && (leaves(current.thenStatement) || leaves(current.elseStatement));
    if (isWhileStatement(current) || isDoStatement(current)) return current.expression === child;
    if (isConditionalExpression(current)) return current.condition === child && isReturned(current);
    if (
      isBinaryExpression(current) ||
      isPrefixUnaryExpression(current) ||
      isParenthesizedExpression(current) ||
      isCallExpression(current) ||
      isPropertyAccessExpression(current) ||
      isElementAccessExpression(current) ||
      isAwaitExpression(current)
    ) {
      continue;
    }
    return false;
  }
  return false;
}

/** The statement leaves the function or the loop on some path. */
function leaves(statement: ts.Statement | undefined): boolean {
  if (!statement) return false;
  let found = false;
  walk(statement, (node) => {
    if (found || isFunctionLike(node) || isClassLike(node)) return false;
    found = isReturnStatement(node) || isThrowStatement(node) || isContinueStatement(node) || isBreakStatement(node);
    return !found;
  });
  return found;
}

/** The expression is the function's result: `return c ? a : b`, or an arrow's body. */
export function isReturned(expression: ts.Expression): boolean {
  let current: ts.Node = expression;
  while (isParenthesizedExpression(current.parent) || isAwaitExpression(current.parent)) current = current.parent;
  return isReturnStatement(current.parent) || (isArrowFunction(current.parent) && current.parent.body === current);
}
