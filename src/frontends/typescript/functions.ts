import ts from './compiler.cjs';
import { isArrowFunction, isAwaitExpression, isClassLike, isFunctionDeclaration, isFunctionLike, isIdentifier, isParenthesizedExpression, isPropertyAccessExpression, isPropertyAssignment, isReturnStatement, isVariableDeclaration, SyntaxKind } from './syntax.js';
import type { FunctionFacts, Span } from '../../model/types.js';
import { calleeName } from './call-sites.js';
import type { Evaluator, FunctionNode, FunctionTable } from './evaluate.js';
import { describeFunctions as describeAll, type FunctionSyntax } from '../core/function-facts.js';
import { lowerFunction } from './lower.js';
import { randomValueFlows, seenSetChecks } from './expressions.js';
import { spanIn, spanOf, staticName, unwrap } from './parse.js';
import type { Scopes } from './scope.js';
import { firstThrowOutsideTry } from './throws.js';
import { callsUnder } from './file-index.js';

/** The functions of one file that the model talks about, by id. */
export class FunctionRegistry implements FunctionTable {
  readonly nodes: FunctionNode[] = [];
  private readonly ids = new Map<ts.Node, number>();

  nodeOf(id: number): FunctionNode | undefined {
    return this.nodes[id];
  }

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
  return describeAll<ts.Expression, ts.CallExpression>({
    count: () => registry.nodes.length,
    describe: (id) => describe(registry.nodes[id]!, registry, contextOf(registry.nodes[id]!), hookIds.has(id)),
    calleeIds: (call) => calleeIds(call, contextOf(call).evaluator),
    hasBody: (id) => !!registry.nodes[id]!.body,
    firstThrow: (id, callThrows) => {
      const body = registry.nodes[id]!.body;
      return body && firstThrowOutsideTry(body, callThrows, contextOf(registry.nodes[id]!).scopes);
    },
  });
}

function describe(node: FunctionNode, registry: FunctionRegistry, { evaluator, scopes }: ReturnType<ContextOf>, isHook: boolean): FunctionSyntax<ts.Expression, ts.CallExpression> {
  const body = node.body;
  const name = nameOf(node);
  return {
    span: spanOf(node),
    ...(name ? { name } : {}),
    head: name ? name.span : headOf(node),
    async: !!node.modifiers?.some((modifier) => modifier.kind === SyntaxKind.AsyncKeyword),
    lowered: body && lowerFunction(body),
    evaluate: (expression) => evaluator.evaluate(expression),
    calls: body ? [...callsUnder(body, (inner) => isFunctionDeclaration(inner) || isClassLike(inner))] : [],
    callSite: (call) => {
      const callee = calleeName(call.expression, scopes);
      return { ...(callee === undefined ? {} : { callee }), span: spanOf(call) };
    },
    returnsResultOf: (call) => returnedBy(call) === node,
    returnedHandler: (call) => {
      const handler = returnedCatchHandler(call, evaluator, registry);
      return handler && { head: spanOf(handler.at), span: spanOf(handler.node), lowered: handler.node.body && lowerFunction(handler.node.body) };
    },
    flows: () => randomValueFlows(node, isHook ? node.parameters[1] : undefined, scopes),
    seenTests: () => (body ? seenSetChecks(body, (expression) => evaluator.evaluate(expression)) : []),
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

/** The function whose result `call`'s result is, through `await` and parentheses: `return f(x)`, `async (x) => await f(x)`. */
function returnedBy(call: ts.CallExpression): ts.Node | undefined {
  let outer: ts.Node = call;
  while (isAwaitExpression(outer.parent) || isParenthesizedExpression(outer.parent)) outer = outer.parent;
  if (isArrowFunction(outer.parent)) return outer.parent.body === outer ? outer.parent : undefined;
  if (!isReturnStatement(outer.parent)) return undefined;
  let fn: ts.Node | undefined = outer.parent.parent;
  while (fn && !isFunctionLike(fn)) fn = fn.parent;
  return fn;
}

/** `return promise.catch(handler)`: the handler's result becomes the function's. */
function returnedCatchHandler(
  call: ts.CallExpression,
  evaluator: Evaluator,
  registry: FunctionRegistry,
): { at: ts.Node; node: FunctionNode } | undefined {
  const callee = unwrap(call.expression);
  if (!isPropertyAccessExpression(callee) || callee.name.text !== 'catch' || !call.arguments[0]) return undefined;
  if (!returnedBy(call)) return undefined;
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
