import ts from './compiler.cjs';
import { isArrowFunction, isAwaitExpression, isClassLike, isFunctionDeclaration, isIdentifier, isParenthesizedExpression, isPropertyAccessExpression, isPropertyAssignment, isReturnStatement, isVariableDeclaration, SyntaxKind } from './syntax.js';
import type { CallSite, CatchFacts, FunctionFacts, Span } from '../../model/types.js';
import { calleeName } from './call-sites.js';
import type { Evaluator, FunctionNode, FunctionTable } from './evaluate.js';
import { ExitWalker } from '../core/exits.js';
import { lowerFunction } from './lower.js';
import { randomValueFlows } from './random-value-flows.js';
import { seenSetChecks } from './seen-set-checks.js';
import { spanIn, spanOf, staticName, unwrap } from './parse.js';
import type { Scopes } from './scope.js';
import { firstThrowOutsideTry } from './throws.js';
import { settleMayThrow } from '../core/may-throw.js';
import { callsUnder } from './file-index.js';

/** The functions of one file that the model talks about, by id. */
export class FunctionRegistry implements FunctionTable {
  readonly nodes: FunctionNode[] = [];
  private readonly ids = new Map<ts.Node, number>();

  idOf(node: FunctionNode): number {
    let id = this.ids.get(node);
    if (id === undefined) {
      id = this.nodes.length;
      this.nodes.push(node);
      this.ids.set(node, id);
    }
    return id;
  }
}

/** The evaluator and scopes of the file a node is in. */
export type ContextOf = (node: ts.Node) => { evaluator: Evaluator; scopes: Scopes };

/**
 * Facts about every registered function, and about the functions they call
 * (registered as they are found). `hookIds`: functions registered as hooks,
 * whose second parameter is the tool use id.
 */
export function describeFunctions(registry: FunctionRegistry, contextOf: ContextOf, hookIds: ReadonlySet<number>): FunctionFacts[] {
  const facts: FunctionFacts[] = [];
  for (let id = 0; id < registry.nodes.length; id++) {
    const { evaluator, scopes } = contextOf(registry.nodes[id]!);
    facts.push(describe(id, registry, evaluator, scopes, hookIds.has(id)));
  }
  const mayThrow = settleMayThrow<ts.CallExpression>(
    facts.length,
    (id, callThrows) => {
      const body = registry.nodes[id]!.body;
      return body && firstThrowOutsideTry(body, callThrows);
    },
    (call) => {
      const ids = calleeIds(call, contextOf(call).evaluator);
      // A callee whose body we cannot see (a declaration, an overload) falls back to the default guess.
      return ids.some((id) => !registry.nodes[id]!.body) ? undefined : ids;
    },
  );
  mayThrow.forEach((found, id) => {
    if (found) facts[id]!.mayThrow = found;
  });
  return facts;
}

function describe(id: number, registry: FunctionRegistry, evaluator: Evaluator, scopes: Scopes, isHook: boolean): FunctionFacts {
  const node = registry.nodes[id]!;
  const walker = new ExitWalker<ts.Expression>((expression) => evaluator.evaluate(expression));
  const exits = node.body ? walker.functionExits(lowerFunction(node.body)) : [];
  const catches: CatchFacts[] = [...walker.catches];
  const calls = new Set<number>();
  const callSites: CallSite[] = [];
  if (node.body) {
    collectCalls(node.body, (call) => {
      const functionIds = calleeIds(call, evaluator);
      for (const callee of functionIds) calls.add(callee);
      const callee = calleeName(call.expression, scopes);
      callSites.push({ ...(callee === undefined ? {} : { callee }), functionIds, span: spanOf(call) });
      const handler = returnedCatchHandler(call, evaluator, registry);
      if (handler) catches.push({ span: spanOf(handler.at), body: spanOf(handler.node), exits: handler.node.body ? walker.functionExits(lowerFunction(handler.node.body)) : [] });
    });
  }
  const toolUseIdParameter = isHook ? node.parameters[1] : undefined;
  const flows = randomValueFlows(node, toolUseIdParameter, scopes);
  const name = nameOf(node);
  return {
    id,
    span: spanOf(node),
    ...(name ? { name: name.text } : {}),
    headSpan: name ? name.span : headOf(node),
    exits,
    catches,
    calls: [...calls],
    flows: flows.flows,
    idLookups: flows.idLookups,
    seenTests: node.body ? seenSetChecks(node.body, (expression) => evaluator.evaluate(expression)) : [],
    callSites,
    ...(node.modifiers?.some((modifier) => modifier.kind === SyntaxKind.AsyncKeyword) ? { async: true } : {}),
  };
}

/** Same-file functions a call can reach: `check(x)`, `this.check(x)`, `guards.check(x)`. */
function calleeIds(call: ts.CallExpression, evaluator: Evaluator): number[] {
  const callee = unwrap(call.expression);
  if (!isIdentifier(callee) && !isPropertyAccessExpression(callee)) return [];
  return evaluator
    .evaluate(callee)
    .alternatives.flatMap((value) => (value.kind === 'function' ? [value.functionId] : []));
}

/** The calls in a body and in the function expressions and arrows in it. */
function collectCalls(body: ts.Node, onCall: (call: ts.CallExpression) => void): void {
  for (const call of callsUnder(body, (node) => isFunctionDeclaration(node) || isClassLike(node))) onCall(call);
}

/** `return promise.catch(handler)`: the handler's result becomes the function's. */
function returnedCatchHandler(
  call: ts.CallExpression,
  evaluator: Evaluator,
  registry: FunctionRegistry,
): { at: ts.Node; node: FunctionNode } | undefined {
  const callee = unwrap(call.expression);
  if (!isPropertyAccessExpression(callee) || callee.name.text !== 'catch' || !call.arguments[0]) return undefined;
  let outer: ts.Node = call;
  while (isAwaitExpression(outer.parent) || isParenthesizedExpression(outer.parent)) outer = outer.parent;
  const returned = isReturnStatement(outer.parent) || isArrowFunction(outer.parent);
  if (!returned) return undefined;
  const handler = evaluator.evaluate(call.arguments[0]).alternatives[0];
  if (handler?.kind !== 'function') return undefined;
  return { at: callee.name, node: registry.nodes[handler.functionId]! };
}

function nameOf(node: FunctionNode): { text: string; span: Span } | undefined {
  const own = node.name && staticName(node.name);
  if (own !== undefined) return { text: own, span: spanOf(node.name!) };
  const parent = node.parent;
  if ((isVariableDeclaration(parent) || isPropertyAssignment(parent)) && isIdentifier(parent.name)) {
    return { text: parent.name.text, span: spanOf(parent.name) };
  }
  return undefined;
}

/** The head of an anonymous function: from its start to its body. */
function headOf(node: FunctionNode): Span {
  const start = node.getStart();
  const end = node.body ? node.body.getStart() : node.getEnd();
  const text = node.getSourceFile().text.slice(start, end).trimEnd();
  return spanIn(node, start, start + text.length);
}
