import type { CallSite, CatchFacts, FunctionFacts, Span } from '../../model/types.js';
import type { Evaluator, FunctionTable } from './evaluate.js';
import { ExitWalker } from '../core/exits.js';
import { lowerFunction } from './lower.js';
import { randomValueFlows } from './random-value-flows.js';
import { qualifiedName } from './imports.js';
import { seenSetChecks } from './seen-set-checks.js';
import type { Scopes } from './scope.js';
import { field, isFunction, spanOf, textOf, unwrap, type PyModule, type PyNode } from './syntax.js';
import { firstThrowOutsideTry } from './throws.js';
import { settleMayThrow } from '../core/may-throw.js';

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
  const facts: FunctionFacts[] = [];
  for (let id = 0; id < registry.entries.length; id++) facts.push(describe(id, registry, contextOf, hookIds.has(id)));
  const mayThrow = settleMayThrow<{ call: PyNode; module: PyModule }>(
    facts.length,
    (id, callThrows) => {
      const { node, module } = registry.entries[id]!;
      return firstThrowOutsideTry(module, contextOf(module).scopes, node, (call) => callThrows({ call, module }));
    },
    ({ call, module }) => calleeIds(call, contextOf(module).evaluator),
  );
  mayThrow.forEach((found, id) => {
    if (found) facts[id]!.mayThrow = found;
  });
  return facts;
}

function describe(id: number, registry: FunctionRegistry, contextOf: ContextOf, isHook: boolean): FunctionFacts {
  const { node, module } = registry.entries[id]!;
  const { evaluator, scopes } = contextOf(module);
  const walker = new ExitWalker<PyNode>((expression) => evaluator.evaluate(expression));
  const lowered = lowerFunction(module, scopes, node);
  const exits = lowered ? walker.functionExits(lowered) : [];
  const catches: CatchFacts[] = [...walker.catches];
  const calls = new Set<number>();
  const callSites: CallSite[] = [];
  const body = field(node, 'body');
  if (body) {
    collectCalls(body, (call) => {
      const functionIds = calleeIds(call, evaluator);
      functionIds.forEach((callee) => calls.add(callee));
      const target = field(call, 'function');
      const callee = target && qualifiedName(module, scopes, target);
      callSites.push({ ...(callee === undefined ? {} : { callee }), functionIds, span: spanOf(module, call) });
    });
  }
  // The stack walk meets calls last to first.
  callSites.sort((a, b) => a.span.start - b.span.start);
  const flows = randomValueFlows(module, scopes, node, isHook);
  const name = nameOf(module, node);
  return {
    id,
    span: spanOf(module, node),
    ...(name ? { name: name.text } : {}),
    headSpan: name ? name.span : headOf(module, node),
    exits,
    catches,
    calls: [...calls],
    flows: flows.flows,
    idLookups: flows.idLookups,
    seenTests: seenSetChecks(module, node, (expression) => evaluator.evaluate(expression)),
    callSites,
    // `async def`: the keyword is the definition's first token.
    ...(node.children[0]?.type === 'async' ? { async: true } : {}),
  };
}

/** Functions a call can reach: `check(x)`, `helpers.check(x)` of an imported module. */
function calleeIds(call: PyNode, evaluator: Evaluator): number[] {
  const callee = field(call, 'function');
  if (!callee || !['identifier', 'attribute'].includes(unwrap(callee).type)) return [];
  return evaluator.evaluate(callee).alternatives.flatMap((value) => (value.kind === 'function' ? [value.functionId] : []));
}

function collectCalls(body: PyNode, onCall: (call: PyNode) => void): void {
  const stack = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'function_definition' || node.type === 'class_definition') continue;
    if (node.type === 'call') onCall(node);
    for (const child of node.children) stack.push(child);
  }
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
