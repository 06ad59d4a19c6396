import type { FunctionFacts, Span } from '../../model/types.js';
import type { Evaluator, FunctionTable } from './evaluate.js';
import { describeFunctions as describeAll, type FunctionSyntax } from '../core/function-facts.js';
import { lowerFunction } from './lower.js';
import { randomValueFlows, seenSetChecks } from './expressions.js';
import { qualifiedName } from './imports.js';
import type { Scopes } from './scope.js';
import { field, isFunction, spanOf, textOf, unwrap, type PyModule, type PyNode } from './syntax.js';
import { firstThrowOutsideTry } from './throws.js';

/** The functions the model talks about, by id, across the modules of one analysis. */
export class FunctionRegistry implements FunctionTable {
  readonly entries: Array<{ node: PyNode; module: PyModule }> = [];
  private readonly ids = new Map<PyNode, number>();

  idOf(node: PyNode, module: PyModule): number {
    let id = this.ids.get(node);
    if (id === undefined) {
      id = this.entries.length;
      this.entries.push({ node, module });
      this.ids.set(node, id);
    }
    return id;
  }

  entry(id: number): { node: PyNode; module: PyModule } | undefined {
    return this.entries[id];
  }
}

/** The evaluator and scopes of a module. */
export type ContextOf = (module: PyModule) => { evaluator: Evaluator; scopes: Scopes };

/**
 * Facts about every registered function, and about the functions they call
 * (registered as they are found). `hookIds`: functions registered as hooks,
 * whose second parameter is the tool use id.
 */
export function describeFunctions(registry: FunctionRegistry, contextOf: ContextOf, hookIds: ReadonlySet<number>): FunctionFacts[] {
  return describeAll<PyNode, { call: PyNode; module: PyModule }>({
    count: () => registry.entries.length,
    describe: (id) => describe(registry.entries[id]!, contextOf, hookIds.has(id)),
    calleeIds: ({ call, module }) => calleeIds(call, contextOf(module).evaluator),
    firstThrow: (id, callThrows) => {
      const { node, module } = registry.entries[id]!;
      return firstThrowOutsideTry(module, contextOf(module).scopes, node, (call) => callThrows({ call, module }));
    },
  });
}

function describe({ node, module }: { node: PyNode; module: PyModule }, contextOf: ContextOf, isHook: boolean): FunctionSyntax<PyNode, { call: PyNode; module: PyModule }> {
  const { evaluator, scopes } = contextOf(module);
  const body = field(node, 'body');
  const name = nameOf(module, node);
  return {
    span: spanOf(module, node),
    ...(name ? { name } : {}),
    head: name ? name.span : headOf(module, node),
    // `async def`: the keyword is the definition's first token.
    async: node.children[0]?.type === 'async',
    lowered: lowerFunction(module, scopes, node),
    evaluate: (expression) => evaluator.evaluate(expression),
    calls: body ? callsIn(body).map((call) => ({ call, module })) : [],
    callSite: ({ call }) => {
      const target = field(call, 'function');
      const callee = target && qualifiedName(module, scopes, target);
      return { ...(callee === undefined ? {} : { callee }), span: spanOf(module, call) };
    },
    returnsResultOf: ({ call }) => returnedBy(call) === node,
    flows: () => randomValueFlows(module, scopes, node, isHook),
    seenTests: () => seenSetChecks(module, node, (expression) => evaluator.evaluate(expression)),
  };
}

/** Functions a call can reach: `check(x)`, `helpers.check(x)` of an imported module. */
function calleeIds(call: PyNode, evaluator: Evaluator): number[] {
  const callee = field(call, 'function');
  if (!callee || !['identifier', 'attribute'].includes(unwrap(callee).type)) return [];
  return evaluator.evaluate(callee).alternatives.flatMap((value) => (value.kind === 'function' ? [value.functionId] : []));
}

/** The function whose result `call`'s result is, through `await` and parentheses: `return f(x)`, `lambda x: f(x)`. */
function returnedBy(call: PyNode): PyNode | undefined {
  let outer = call;
  while (outer.parent && (outer.parent.type === 'await' || outer.parent.type === 'parenthesized_expression')) outer = outer.parent;
  const holder = outer.parent;
  if (holder?.type === 'lambda') return outer.field === 'body' ? holder : undefined;
  if (holder?.type !== 'return_statement') return undefined;
  let fn = holder.parent;
  while (fn && !isFunction(fn)) fn = fn.parent;
  return fn;
}

/** The calls of a body, not those of nested functions and classes. */
function callsIn(body: PyNode): PyNode[] {
  const calls: PyNode[] = [];
  const stack = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'function_definition' || node.type === 'class_definition') continue;
    if (node.type === 'call') calls.push(node);
    for (const child of node.children) stack.push(child);
  }
  return calls;
}

function nameOf(module: PyModule, node: PyNode): { text: string; span: Span } | undefined {
  const own = field(node, 'name');
  if (own) return { text: textOf(module, own), span: spanOf(module, own) };
  // `guard = lambda input_data, tool_use_id, context: {}`
  const holder = node.parent?.type === 'assignment' && node.field === 'right' ? field(node.parent, 'left') : undefined;
  return holder?.type === 'identifier' ? { text: textOf(module, holder), span: spanOf(module, holder) } : undefined;
}

/** The head of a lambda: `lambda input_data, tool_use_id, context:`. */
function headOf(module: PyModule, node: PyNode): Span {
  if (!isFunction(node)) return spanOf(module, node);
  const colon = node.children.find((child) => child.type === ':');
  return { start: node.start, end: colon ? colon.end : node.end, file: module.path };
}
