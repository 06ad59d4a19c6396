import { switchMethods } from '../../model/switches.js';
import type { Evaluator } from './evaluate.js';
import { callerIndex, parameterOf, parameterPlace, passedTo, passedToParameter } from './parameters.js';
import { parameterName, splatOf, type Scopes } from './scope.js';
import { field, namedChildren, textOf, walk, type PyModule, type PyNode } from './syntax.js';

/** A run-time switch as written: the method, the call as written, its argument and the receiver's one binding site. */
interface SwitchCall {
  method: string;
  written: string;
  argument: PyNode;
  receiver: PyNode | undefined;
}

/**
 * `client.set_permission_mode(mode)` where `client` holds what one call
 * returned (`client = ClaudeSDKClient(options)`, or `async with
 * ClaudeSDKClient(options) as client`), or is a parameter that the calls of
 * its function in this module give such a client (`await drive(client)`):
 * those calls, the method and its argument. A call is an entry point when
 * the caller knows it as one.
 */
export function switchOf(module: PyModule, scopes: Scopes, call: PyNode): { started: PyNode[]; method: string; written: string; argument: PyNode } | undefined {
  const found = switchCall(module, scopes, call);
  if (!found) return undefined;
  const { receiver: bound, ...written } = found;
  const own = bound && startedBy(bound);
  const started = own ? [own] : bound ? passedIn(module, scopes, bound) : [];
  return started.length > 0 ? { started, ...written } : undefined;
}

function switchCall(module: PyModule, scopes: Scopes, call: PyNode): SwitchCall | undefined {
  const callee = field(call, 'function');
  const receiver = callee?.type === 'attribute' ? field(callee, 'object') : undefined;
  const name = callee && field(callee, 'attribute');
  const args = field(call, 'arguments');
  const [argument] = args ? namedChildren(args) : [];
  if (!receiver || receiver.type !== 'identifier' || !name || !argument || argument.type === 'keyword_argument') return undefined;
  const method = textOf(module, name);
  if (!Object.hasOwn(switchMethods, method)) return undefined;
  return { method, written: `${textOf(module, receiver)}.${method}`, argument, receiver: boundOnce(scopes, module, receiver) };
}

/**
 * `drive(client)` where `client` holds a client this module started and
 * `drive` is a function of another module: the switches its body makes on
 * the parameter it is handed (a command handler, a UI action), each with
 * the evaluator of that module for its argument. Calls in this module are
 * `switchOf`'s.
 */
export function switchesOfCallee(evaluator: Evaluator, call: PyNode): Array<{ started: PyNode; switched: PyNode; method: string; written: string; argument: PyNode; evaluator: Evaluator }> {
  const { source: module, scopes } = evaluator;
  const args = field(call, 'arguments');
  const callee = field(call, 'function');
  const handsClient = args ? namedChildren(args).some((item) => clientIn(module, scopes, item.type === 'keyword_argument' ? field(item, 'value') : item)) : false;
  // Only a call handed a client asks for its callee: looking it up marks the module as crossing modules.
  const target = handsClient && callee ? evaluator.importedFunction(callee) : undefined;
  const list = target && field(target.node, 'parameters');
  const body = target && field(target.node, 'body');
  if (!target || !list || !body) return [];
  const theirs = target.evaluator;
  const switches: Array<SwitchCall & { switched: PyNode }> = [];
  walk(body, (node) => {
    const found = node.type === 'call' ? switchCall(theirs.source, theirs.scopes, node) : undefined;
    if (found) switches.push({ ...found, receiver: found.receiver && parameterOf(found.receiver)?.parameter, switched: node });
  });
  return namedChildren(list).flatMap((parameter) => {
    const name = parameterName(parameter);
    if (!name || splatOf(parameter)) return [];
    const passed = passedTo(module, call, textOf(theirs.source, name), callerIndex(theirs.source, list, parameterPlace(parameter, list).index));
    const started = 'kind' in passed ? undefined : clientIn(module, scopes, passed);
    if (!started) return [];
    return switches.filter((found) => found.receiver === parameter).map(({ receiver: _, ...found }) => ({ ...found, started, evaluator: theirs }));
  });
}

/** The call that started the client an argument holds: `ClaudeSDKClient(options)` itself, or a name bound to it. */
function clientIn(module: PyModule, scopes: Scopes, passed: PyNode | undefined): PyNode | undefined {
  const value = passed?.type === 'await' ? namedChildren(passed)[0] : passed;
  if (value?.type === 'call') return value;
  const bound = value?.type === 'identifier' ? boundOnce(scopes, module, value) : undefined;
  return bound && startedBy(bound);
}

export function boundOnce(scopes: Scopes, module: PyModule, identifier: PyNode): PyNode | undefined {
  const bound = scopes.resolve(identifier)?.bindings.get(textOf(module, identifier));
  return bound?.length === 1 ? bound[0] : undefined;
}

/** The calls that started the clients the calls of its function pass a parameter: `drive(session)`, `drive(ClaudeSDKClient(options))`. */
function passedIn(module: PyModule, scopes: Scopes, identifier: PyNode): PyNode[] {
  return passedToParameter(module, scopes, identifier).flatMap((passed) => {
    const started = clientIn(module, scopes, passed);
    return started ? [started] : [];
  });
}

/** The call whose result a name is bound to: `name = call(...)`, `name = await call(...)`, `with call(...) as name`. */
function startedBy(identifier: PyNode): PyNode | undefined {
  const parent = identifier.parent;
  let value: PyNode | undefined;
  if (parent?.type === 'assignment' && field(parent, 'left') === identifier) value = field(parent, 'right');
  else if (parent?.type === 'as_pattern_target' && parent.parent?.type === 'as_pattern') value = namedChildren(parent.parent)[0];
  if (value?.type === 'await') value = namedChildren(value)[0];
  return value?.type === 'call' ? value : undefined;
}
