import ts from './compiler.cjs';
import { isArrayLiteralExpression, isArrowFunction, isAwaitExpression, isBinaryExpression, isBindingElement, isBlock, isBreakStatement, isCallExpression, isCaseOrDefaultClause, isClassDeclaration, isClassLike, isConditionalExpression, isContinueStatement, isDoStatement, isElementAccessExpression, isFunctionDeclaration, isFunctionExpression, isFunctionLike, isIdentifier, isIfStatement, isModuleBlock, isNewExpression, isNumericLiteral, isObjectBindingPattern, isObjectLiteralExpression, isParameter, isPrefixUnaryExpression, isPropertyAccessExpression, isPropertyAssignment, isReturnStatement, isShorthandPropertyAssignment, isSourceFile, isStringLiteralLike, isTemplateExpression, isThrowStatement, isTryStatement, isVariableDeclaration, isWhileStatement, SyntaxKind } from './syntax.js';
import type { IdLookup, SeenTest, ValueSet } from '../../model/types.js';
import { plainForms, type Expression, type Lookup, type NodeReader } from '../core/lowered.js';
import { randomValueFlows as coreFlows, toolUseIdNames, type FlowFacts, type FlowReader } from '../core/random-value-flows.js';
import { seenSetChecks as coreSeenSetChecks, type SeenSetMethods } from '../core/seen-set-checks.js';
import { spanOf, staticName, unwrap } from './parse.js';
import { returnStatements } from './evaluate.js';
import { randomSourceOf } from './random-sources.js';
import type { Scopes } from './scope.js';

type Read = Expression<ts.Node, ts.Node>;

/** Methods that test, read or insert a key in a Set, Map or array. */
const lookupMethods: Record<string, IdLookup['operation']> = { has: 'has', get: 'get', add: 'add', set: 'set', includes: 'includes', hasOwnProperty: 'has' } as const;

/** Calls that keep their argument's identity: `String(key)`, `encodeURIComponent(key)`. */
const wrappers = new Set(['String', 'encodeURIComponent', 'encodeURI']);

/** Operators read as comparisons; every other binary operator is just an operator. */
const comparisons: Partial<Record<ts.SyntaxKind, 'equals' | 'in'>> = {
  [SyntaxKind.EqualsEqualsToken]: 'equals',
  [SyntaxKind.EqualsEqualsEqualsToken]: 'equals',
  [SyntaxKind.InKeyword]: 'in',
};

/** What Set, Map, array and object methods do to a key; `seen[key]` is undefined when the key is absent, so it tests. */
const seenSetMethods: SeenSetMethods = { inserts: new Set(['add', 'set', 'push', 'unshift']), tests: new Set(['has', 'includes', 'get', 'hasOwnProperty']), subscriptTests: true };

/** A function's random-value and tool-use-id flows: the core's walk over TypeScript nodes; a variable is its declaration. */
export function randomValueFlows(fn: ts.FunctionLikeDeclaration, toolUseIdParameter: ts.Node | undefined, scopes: Scopes): FlowFacts {
  const roots = [...fn.parameters, ...(fn.body ? [fn.body] : [])];
  return coreFlows(flowReader(toolUseIdParameter, scopes), roots);
}

/** A function body's seen-set checks: the core's, over TypeScript nodes. */
export function seenSetChecks(body: ts.Node, evaluate: (expression: ts.Expression) => ValueSet): SeenTest[] {
  return coreSeenSetChecks(nodeReader(), seenSetMethods, body, (expression) => evaluate(expression as ts.Expression));
}

export function nodeReader(): NodeReader<ts.Node, ts.Node> {
  return {
    span: spanOf,
    read: readNode,
    children: (node) => {
      const children: ts.Node[] = [];
      node.forEachChild((child) => void children.push(child));
      return children;
    },
    parent: (node) => node.parent,
    text: (node) => node.getText(),
  };
}

function flowReader(toolUseIdParameter: ts.Node | undefined, scopes: Scopes): FlowReader<ts.Node, ts.Node> {
  return {
    ...nodeReader(),
    randomSource: (call) => randomSourceOf(call as ts.Expression, scopes),
    variable: (name) => {
      const declaration = isIdentifier(name) ? scopes.resolve(name) : undefined;
      if (!declaration) return { key: name };
      if (declaration === toolUseIdParameter) return { key: declaration, initial: { kind: 'toolUseId', name: 'toolUseID', span: spanOf(declaration) } };
      const named = isParameter(declaration) && toolUseIdNames.has((name as ts.Identifier).text);
      return { key: declaration, ...(named ? { initial: { kind: 'toolUseId', name: (name as ts.Identifier).text, span: spanOf(name) } } : {}) };
    },
    // A same-file helper: `const newKey = () => randomUUID()`, `function newKey() { return ... }`.
    helper: (callee) => {
      const declaration = isIdentifier(callee) ? scopes.resolve(callee) : undefined;
      const target = declaration && isVariableDeclaration(declaration) && declaration.initializer ? unwrap(declaration.initializer) : declaration;
      if (!target || !(isFunctionDeclaration(target) || isArrowFunction(target) || isFunctionExpression(target)) || !target.body) return undefined;
      const body = target.body;
      const returns = isBlock(body) ? returnStatements(body).flatMap((statement) => (statement.expression ? [statement.expression] : [])) : [body];
      return { definition: target, returns };
    },
    constant: (name) => {
      const declaration = isIdentifier(name) ? scopes.resolve(name) : undefined;
      return declaration && isVariableDeclaration(declaration) && declaration.parent.flags & ts.NodeFlags.Const ? declaration.initializer : undefined;
    },
  };
}

/** One TypeScript node in the core's expression form. */
function readNode(node: ts.Node): Read {
  if (isIdentifier(node)) return node.text === 'undefined' ? plainForms.nothing : { kind: 'name', text: node.text };
  if (isStringLiteralLike(node)) return { kind: 'literal', text: node.text };
  if (isNumericLiteral(node) || node.kind === SyntaxKind.TrueKeyword || node.kind === SyntaxKind.FalseKeyword) return plainForms.literal;
  if (node.kind === SyntaxKind.NullKeyword) return plainForms.nothing;
  if (isCallExpression(node) || isNewExpression(node)) return readCall(node);
  if (isPropertyAccessExpression(node)) return { kind: 'member', object: node.expression, at: node.name, name: node.name.text, computed: false, optional: !!node.questionDotToken };
  if (isElementAccessExpression(node)) {
    const key = unwrap(node.argumentExpression);
    return { kind: 'member', object: node.expression, at: node.argumentExpression, ...(isStringLiteralLike(key) ? { name: key.text } : {}), computed: true, optional: !!node.questionDotToken };
  }
  if (isBinaryExpression(node)) return readBinary(node);
  if (isPrefixUnaryExpression(node)) return node.operator === SyntaxKind.ExclamationToken ? { kind: 'not', operand: node.operand } : plainForms.operator;
  if (isAwaitExpression(node)) return { kind: 'await', operand: node.expression };
  if (unwrap(node as ts.Expression) !== node) return { kind: 'group', operand: (node as ts.ParenthesizedExpression).expression };
  if (isTemplateExpression(node)) return { kind: 'parts', parts: node.templateSpans.map((part) => part.expression) };
  if (isConditionalExpression(node)) return { kind: 'conditional', test: node.condition, whenTrue: node.whenTrue, whenFalse: node.whenFalse };
  if (isArrayLiteralExpression(node)) return { kind: 'list', items: node.elements };
  if (isObjectLiteralExpression(node)) return { kind: 'object', entries: node.properties };
  if (isPropertyAssignment(node)) return { kind: 'entry', ...nameOf(node.name), at: node.name, value: node.initializer };
  if (isShorthandPropertyAssignment(node)) return { kind: 'entry', name: node.name.text, at: node.name, value: node.name };
  if (isVariableDeclaration(node) && node.initializer) return { kind: 'declare', value: node.initializer, bindings: bindings(node.name, node) };
  if (isParameter(node) && isObjectBindingPattern(node.name)) return { kind: 'declare', bindings: bindings(node.name, node) };
  if (isIfStatement(node)) return { kind: 'if', test: node.expression, branches: node.elseStatement ? [node.thenStatement, node.elseStatement] : [node.thenStatement] };
  if (isWhileStatement(node) || isDoStatement(node)) return { kind: 'while', test: node.expression };
  if (isReturnStatement(node)) return { kind: 'return', ...(node.expression ? { value: node.expression } : {}) };
  if (isThrowStatement(node)) return plainForms.throw;
  if (isTryStatement(node)) {
    const rest = [node.catchClause?.block, node.finallyBlock].filter((block) => block !== undefined);
    return { kind: 'try', body: node.tryBlock, guarded: !!node.catchClause, rest };
  }
  if (isBreakStatement(node) || isContinueStatement(node)) return plainForms.jump;
  if (isBlock(node) || isCaseOrDefaultClause(node) || isSourceFile(node) || isModuleBlock(node)) return { kind: 'block', statements: node.statements };
  if (isFunctionLike(node) || isClassLike(node)) {
    const declared = isFunctionDeclaration(node) || isClassDeclaration(node);
    return { kind: 'function', declared, ...(isArrowFunction(node) ? { body: node.body } : {}), ...(isClassLike(node) ? { class: true } : {}) };
  }
  return plainForms.other;
}

function nameOf(name: ts.PropertyName): { name?: string } {
  const text = staticName(name);
  return text === undefined ? {} : { name: text };
}

function readBinary(node: ts.BinaryExpression): Read {
  const operator = node.operatorToken.kind;
  if (operator === SyntaxKind.PlusToken) return { kind: 'parts', parts: [node.left, node.right] };
  if (operator === SyntaxKind.BarBarToken || operator === SyntaxKind.QuestionQuestionToken) return { kind: 'fallback', value: node.left, fallback: node.right };
  if (operator === SyntaxKind.EqualsToken) return { kind: 'assign', target: node.left, value: node.right };
  if (operator === SyntaxKind.AmpersandAmpersandToken) return { kind: 'and', left: node.left, right: node.right };
  // `seen[key] ??= true` puts the key in.
  if (operator === SyntaxKind.QuestionQuestionEqualsToken || operator === SyntaxKind.BarBarEqualsToken) return { kind: 'update', target: node.left };
  const compared = comparisons[operator];
  return compared ? { kind: 'compare', operator: compared, left: node.left, right: node.right } : plainForms.operator;
}

function readCall(node: ts.CallExpression | ts.NewExpression): Read {
  const args = node.arguments ?? [];
  const call = { kind: 'call' as const, callee: node.expression, arguments: args };
  if (isNewExpression(node)) return { ...call, construct: true };
  const callee = unwrap(node.expression);
  if (isIdentifier(callee)) return wrappers.has(callee.text) && args[0] ? { ...call, carries: [args[0]] } : call;
  const lookup = isPropertyAccessExpression(callee) ? lookupOf(callee, args) : undefined;
  return lookup ? { ...call, lookup } : call;
}

/** `ids.has(id)`, `seen.hasOwnProperty(id)`, `Object.hasOwn(seen, id)`. */
function lookupOf(callee: ts.PropertyAccessExpression, [first, second]: readonly ts.Expression[]): Lookup<ts.Node> | undefined {
  const method = callee.name.text;
  if (!first) return undefined;
  if (method === 'hasOwn' && isIdentifier(callee.expression) && callee.expression.text === 'Object') return second && { operation: 'has', key: second, collection: first };
  return Object.hasOwn(lookupMethods, method) ? { operation: lookupMethods[method]!, key: first, collection: callee.expression } : undefined;
}

/** `const x = value`, `const { tool_use_id } = input`: each name bound, with the property a destructured one is read from. */
function bindings(name: ts.BindingName, declaration: ts.Node, found: Extract<Read, { kind: 'declare' }>['bindings'] = []): Extract<Read, { kind: 'declare' }>['bindings'] {
  if (isIdentifier(name)) {
    found.push({ key: declaration, name, text: name.text });
    return found;
  }
  for (const element of name.elements) {
    if (!isBindingElement(element)) continue;
    if (!isIdentifier(element.name)) {
      bindings(element.name, declaration, found);
      continue;
    }
    const field = element.propertyName ? staticName(element.propertyName) : element.name.text;
    found.push({ key: element, name: element.name, text: element.name.text, element, ...(field === undefined ? {} : { field }) });
  }
  return found;
}
