import type { CallSite, CatchFacts, FunctionFacts, IdLookup, SeenTest, Span, ValueFlow, ValueSet } from '../../model/types.js';
import { ExitWalker } from './exits.js';
import type { LoweredFunction } from './lowered.js';
import { settleMayThrow } from './may-throw.js';

/** What a language tells the core about one registered function. `E`: its expression node; `C`: its call node. */
export interface FunctionSyntax<E, C> {
  span: Span;
  name?: { text: string; span: Span };
  /** Where to report about an anonymous function: its head. */
  head: Span;
  async: boolean;
  /** Undefined for a function without a body (a declaration, an overload). */
  lowered: LoweredFunction<E> | undefined;
  evaluate(expression: E): ValueSet;
  /** The calls the body makes, not those of nested named functions. */
  calls: C[];
  callSite(call: C): { callee?: string; span: Span };
  /** The function returns the call's result as it is (`return f(x)`, `return await f(x)`, an arrow's body). */
  returnsResultOf(call: C): boolean;
  /** `return promise.catch(handler)`: the handler's exits are the function's once it runs. */
  returnedHandler?(call: C): { head: Span; span: Span; lowered: LoweredFunction<E> | undefined } | undefined;
  /** Worked out after the exits and calls, in this order: evaluating registers the functions met. */
  flows(): { flows: ValueFlow[]; idLookups: IdLookup[] };
  seenTests(): SeenTest[];
}

/** How the core reads a language's registry: by function id, with the calls between functions. */
export interface FunctionsOf<E, C> {
  /** How many functions are registered now; describing them registers the ones they call. */
  count(): number;
  describe(id: number): FunctionSyntax<E, C>;
  /** Project functions a call can reach. */
  calleeIds(call: C): number[];
  /** False for a function without a body to walk (a declaration, an overload): a call of it gets the default guess. */
  hasBody?(id: number): boolean;
  /** The language's walk of a body for the first place an exception can escape. */
  firstThrow(id: number, callThrows: (call: C) => boolean | undefined): FunctionFacts['mayThrow'];
}

/** Facts about every registered function, and about the functions they call (registered as they are found). */
export function describeFunctions<E, C>(functions: FunctionsOf<E, C>): FunctionFacts[] {
  const facts: FunctionFacts[] = [];
  for (let id = 0; id < functions.count(); id++) facts.push(describe(id, functions));
  // mayThrow of a caller depends on its callees: settled once all are known.
  const callees = (call: C): number[] | undefined => {
    const ids = functions.calleeIds(call);
    return functions.hasBody && ids.some((id) => !functions.hasBody!(id)) ? undefined : ids;
  };
  settleMayThrow(facts.length, functions.firstThrow, callees).forEach((found, id) => {
    if (found) facts[id]!.mayThrow = found;
  });
  return facts;
}

function describe<E, C>(id: number, functions: FunctionsOf<E, C>): FunctionFacts {
  const fn = functions.describe(id);
  const walker = new ExitWalker<E>(fn.evaluate);
  const exits = fn.lowered ? walker.functionExits(fn.lowered) : [];
  const catches: CatchFacts[] = [...walker.catches];
  const calls = new Set<number>();
  const callSites: CallSite[] = [];
  for (const call of fn.calls) {
    const functionIds = functions.calleeIds(call);
    for (const callee of functionIds) calls.add(callee);
    const { callee, span } = fn.callSite(call);
    callSites.push({ ...(callee === undefined ? {} : { callee }), functionIds, span, ...(fn.returnsResultOf(call) ? { returned: true as const } : {}) });
    const handler = fn.returnedHandler?.(call);
    if (handler) catches.push({ span: handler.head, body: handler.span, exits: handler.lowered ? walker.functionExits(handler.lowered) : [] });
  }
  callSites.sort((a, b) => a.span.start - b.span.start);
  const flows = fn.flows();
  return {
    id,
    span: fn.span,
    ...(fn.name ? { name: fn.name.text } : {}),
    headSpan: fn.name ? fn.name.span : fn.head,
    exits,
    catches,
    calls: [...calls],
    flows: flows.flows,
    idLookups: flows.idLookups,
    seenTests: fn.seenTests(),
    callSites,
    ...(fn.async ? { async: true } : {}),
  };
}
