import ts from './compiler.cjs';
import { isArrowFunction, isAwaitExpression, isBinaryExpression, isBindingElement, isBlock, isBreakStatement, isCallExpression, isClassDeclaration, isClassLike, isConditionalExpression, isContinueStatement, isDoStatement, isElementAccessExpression, isFunctionDeclaration, isFunctionExpression, isFunctionLike, isIdentifier, isIfStatement, isObjectBindingPattern, isObjectLiteralExpression, isParameter, isParenthesizedExpression, isPrefixUnaryExpression, isPropertyAccessExpression, isPropertyAssignment, isReturnStatement, isShorthandPropertyAssignment, isStringLiteralLike, isTemplateExpression, isThrowStatement, isVariableDeclaration, isWhileStatement, SyntaxKind } from './syntax.js';
import type { IdLookup, ValueFlow } from '../../model/types.js';
import { spanOf, staticName, unwrap } from './parse.js';
import { returnStatements } from './evaluate.js';
import { randomSourceOf } from './random-sources.js';
import type { Scopes } from './scope.js';
import { reverseFrom, walk } from './walk.js';

type Source = ValueFlow['source'];

/** Names under which the SDK hands over a tool use id. */
const toolUseIdNames = new Set(['tool_use_id', 'toolUseID', 'toolUseId']);

/** Methods that test, read or insert a key in a Set, Map or array. */
const lookupMethods = new Set<IdLookup['operation']>(['has', 'get', 'add', 'set', 'includes']);

function isLookupMethod(name: string): name is IdLookup['operation'] {
  return lookupMethods.has(name as IdLookup['operation']);
}

/** Calls that keep their argument's identity: `String(key)`, `encodeURIComponent(key)`. */
const wrappers = new Set(['String', 'encodeURIComponent', 'encodeURI']);

export interface FlowFacts {
  flows: ValueFlow[];
  idLookups: IdLookup[];
}

/**
 * Follows per-attempt values (random, time) and tool use ids through one
 * function body, in source order: into variables, template strings,
 * concatenations and simple wrappers, and records where they land.
 */
export function randomValueFlows(fn: ts.FunctionLikeDeclaration, toolUseIdParameter: ts.Node | undefined, scopes: Scopes): FlowFacts {
  const tainted = new Map<ts.Node, Source>();
  const lookupResults = new Map<ts.Node, IdLookup>();
  const facts: FlowFacts = { flows: [], idLookups: [] };
  if (toolUseIdParameter) tainted.set(toolUseIdParameter, { kind: 'toolUseId', name: 'toolUseID', span: spanOf(toolUseIdParameter) });

  /** The per-attempt value or tool use id an expression carries: the first found, left to right. */
  const sourceOf = (node: ts.Expression): Source | undefined => {
    // Depth first without recursion: `key + key + ...` can be deeper than the stack.
    const stack: ts.Expression[] = [node];
    const parts: ts.Expression[] = [];
    while (stack.length > 0) {
      parts.length = 0;
      const found = ownSource(unwrap(stack.pop()!), parts);
      if (found) return found;
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
    }
    return undefined;
  };

  /** What an expression carries itself; the parts that may carry something go to `parts`, in order. */
  const ownSource = (expression: ts.Expression, parts: ts.Expression[]): Source | undefined => {
    if (isAwaitExpression(expression)) {
      parts.push(expression.expression);
      return undefined;
    }
    const random = randomSourceOf(expression, scopes);
    if (random) return { kind: 'random', name: random, span: spanOf(expression) };
    if (isIdentifier(expression)) {
      const declaration = scopes.resolve(expression);
      if (declaration && tainted.has(declaration)) return tainted.get(declaration);
      if (declaration && isParameter(declaration) && toolUseIdNames.has(expression.text)) {
        return { kind: 'toolUseId', name: expression.text, span: spanOf(expression) };
      }
      return undefined;
    }
    if (isPropertyAccessExpression(expression) && toolUseIdNames.has(expression.name.text)) {
      return { kind: 'toolUseId', name: expression.name.text, span: spanOf(expression) };
    }
    if (isTemplateExpression(expression)) {
      for (const part of expression.templateSpans) parts.push(part.expression);
    } else if (isBinaryExpression(expression)) {
      const operator = expression.operatorToken.kind;
      if (operator === SyntaxKind.PlusToken) parts.push(expression.left, expression.right);
      // `stored ?? randomUUID()` mints a key once, when none is stored: only the stored side decides.
      else if (operator === SyntaxKind.BarBarToken || operator === SyntaxKind.QuestionQuestionToken) parts.push(expression.left);
    } else if (isConditionalExpression(expression)) {
      parts.push(expression.whenTrue, expression.whenFalse);
    } else if (isCallExpression(expression)) {
      const callee = unwrap(expression.expression);
      if (isIdentifier(callee) && wrappers.has(callee.text) && expression.arguments[0]) {
        parts.push(expression.arguments[0]);
        return undefined;
      }
      const helper = isIdentifier(callee) ? returnedRandom(callee, scopes) : undefined;
      if (helper) return { ...helper, span: spanOf(expression) };
      // A method of a per-attempt value is one too: `Date.now().toString()`, `randomUUID().slice(0, 8)`.
      if (isPropertyAccessExpression(callee)) parts.push(callee.expression);
    }
    return undefined;
  };

  const sink = (source: Source | undefined, kind: ValueFlow['sink']['kind'], name: string, at: ts.Node): void => {
    if (source) facts.flows.push({ source, sink: { kind, name, path: enclosingProperties(at), span: spanOf(at) } });
  };

  const bind = (name: ts.BindingName, declaration: ts.Node, source: Source | undefined): void => {
    if (isIdentifier(name)) {
      if (source) tainted.set(declaration, source);
      sink(source, 'variable', name.text, name);
      return;
    }
    for (const element of name.elements) {
      if (!isBindingElement(element)) continue;
      const key = element.propertyName ? staticName(element.propertyName) : isIdentifier(element.name) ? element.name.text : undefined;
      const elementSource =
        key && toolUseIdNames.has(key) ? { kind: 'toolUseId' as const, name: key, span: spanOf(element) } : undefined;
      bind(element.name, isIdentifier(element.name) ? element : declaration, elementSource);
    }
  };

  const lookup = (operation: IdLookup['operation'], key: ts.Expression, at: ts.Node): void => {
    if (sourceOf(key)?.kind !== 'toolUseId') return;
    const fact: IdLookup = { operation, span: spanOf(at), gatesCall: gates(operation, at) };
    facts.idLookups.push(fact);
    // `const seen = ids.has(id)`, `const fresh = await redis.set(...)`
    const result = isAwaitExpression(at.parent) ? at.parent : at;
    const holder = result.parent && isVariableDeclaration(result.parent) ? result.parent : undefined;
    if (holder) lookupResults.set(holder, fact);
  };

  /** One node, in source order; its children are visited after it, and `after` once they are done. */
  const visit = (node: ts.Node, after: (then: () => void) => void): boolean => {
    if (isFunctionDeclaration(node) || isClassDeclaration(node)) return false;
    if (isVariableDeclaration(node) && node.initializer) {
      const initializer = node.initializer;
      after(() => bind(node.name, node, sourceOf(initializer)));
      visitLater(initializer);
      return false;
    }
    if (isParameter(node) && isObjectBindingPattern(node.name)) bind(node.name, node, undefined);
    else if (isBinaryExpression(node) && node.operatorToken.kind === SyntaxKind.EqualsToken) assignment(node);
    else if (isPropertyAssignment(node)) {
      const name = staticName(node.name);
      if (name !== undefined) sink(sourceOf(node.initializer), 'property', name, node.name);
    } else if (isShorthandPropertyAssignment(node)) sink(sourceOf(node.name), 'property', node.name.text, node.name);
    else if (isCallExpression(node)) call(node);
    else if (isBinaryExpression(node) && node.operatorToken.kind === SyntaxKind.InKeyword) lookup('in', node.left, node);
    else if (isElementAccessExpression(node)) lookup('index', node.argumentExpression, node);
    // Without a looked-up result so far, no identifier can name one: no need to resolve it.
    else if (isIdentifier(node) && lookupResults.size > 0) {
      const declaration = scopes.resolve(node);
      const fact = declaration && lookupResults.get(declaration);
      if (fact && gates(fact.operation, node)) fact.gatesCall = true;
    }
    return true;
  };

  // Depth first without recursion; an entry is a node to visit or a step to take once a subtree is done.
  const pending: Array<ts.Node | (() => void)> = [];
  const visitLater = (node: ts.Node): void => void pending.push(node);
  const after = (then: () => void): void => void pending.push(then);
  const run = (): void => {
    while (pending.length > 0) {
      const entry = pending.pop()!;
      if (typeof entry === 'function') {
        entry();
        continue;
      }
      if (!visit(entry, after)) continue;
      // The children go on above the steps `visit` left for after them, then are reversed: the first comes off first.
      const first = pending.length;
      entry.forEachChild(visitLater);
      reverseFrom(pending, first);
    }
  };

  const assignment = (node: ts.BinaryExpression): void => {
    const target = unwrap(node.left);
    const source = sourceOf(node.right);
    if (isIdentifier(target)) {
      const declaration = scopes.resolve(target);
      if (declaration && source) tainted.set(declaration, source);
      sink(source, 'variable', target.text, target);
    } else if (isPropertyAccessExpression(target)) sink(source, 'property', target.name.text, target.name);
    else if (isElementAccessExpression(target) && isStringLiteralLike(unwrap(target.argumentExpression))) {
      sink(source, 'property', (unwrap(target.argumentExpression) as ts.StringLiteralLike).text, target.argumentExpression);
    }
  };

  const call = (node: ts.CallExpression): void => {
    const callee = unwrap(node.expression);
    if (!isPropertyAccessExpression(callee)) return;
    const [first, second] = node.arguments;
    const method = callee.name.text;
    if (first && isLookupMethod(method)) lookup(method, first, node);
    // `Object.hasOwn(seen, id)`, `seen.hasOwnProperty(id)`
    else if (method === 'hasOwn' && second && isIdentifier(callee.expression) && callee.expression.text === 'Object') lookup('has', second, node);
    else if (method === 'hasOwnProperty' && first) lookup('has', first, node);
    // headers.set('Idempotency-Key', key), request.setHeader(...), form.append(...)
    if (first && second && isStringLiteralLike(unwrap(first))) {
      sink(sourceOf(second), 'argument', (unwrap(first) as ts.StringLiteralLike).text, first);
    }
  };

  for (const node of [...fn.parameters, ...(fn.body ? [fn.body] : [])].reverse()) visitLater(node);
  run();
  return facts;
}

/** A same-file helper that returns a per-attempt value: `const newKey = () => randomUUID()`. */
function returnedRandom(callee: ts.Identifier, scopes: Scopes): Source | undefined {
  const declaration = scopes.resolve(callee);
  let target: ts.Node | undefined = declaration;
  if (declaration && isVariableDeclaration(declaration) && declaration.initializer) target = unwrap(declaration.initializer);
  if (!target || !(isFunctionDeclaration(target) || isArrowFunction(target) || isFunctionExpression(target)) || !target.body) {
    return undefined;
  }
  const returned = isBlock(target.body) ? returnStatements(target.body).map((statement) => statement.expression) : [target.body];
  for (const expression of returned) {
    const name = expression && randomSourceOf(expression, scopes);
    if (name) return { kind: 'random', name: `${callee.text}() (${name})`, span: spanOf(expression!) };
  }
  return undefined;
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

/**
 * A lookup decides the call when a condition on it leaves. A read
 * (`get`, an index) whose test is only that nothing is stored (`if (!row)
 * return null`) finds a record to correlate with (a pending request, an
 * answer): a seen-set check leaves when the key is found.
 */
function gates(operation: IdLookup['operation'], node: ts.Node): boolean {
  return decidesBranch(node) && !(readOperations.has(operation) && testsAbsence(node));
}

const readOperations = new Set<IdLookup['operation']>(['get', 'index']);

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
