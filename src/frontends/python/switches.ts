import { switchMethods } from '../../model/switches.js';
import { passedToParameter } from './parameters.js';
import type { Scopes } from './scope.js';
import { field, namedChildren, textOf, type PyModule, type PyNode } from './syntax.js';

/**
 * `client.set_permission_mode(mode)` where `client` holds what one call
 * returned (`client = ClaudeSDKClient(options)`, or `async with
 * ClaudeSDKClient(options) as client`), or is a parameter that the calls of
 * its function in this module give such a client (`await drive(client)`):
 * those calls, the method and its argument. A call is an entry point when
 * the caller knows it as one.
 */
export function switchOf(module: PyModule, scopes: Scopes, call: PyNode): { started: PyNode[]; method: string; written: string; argument: PyNode } | undefined {
  const callee = field(call, 'function');
  const receiver = callee?.type === 'attribute' ? field(callee, 'object') : undefined;
  const name = callee && field(callee, 'attribute');
  const args = field(call, 'arguments');
  const [argument] = args ? namedChildren(args) : [];
  if (!receiver || receiver.type !== 'identifier' || !name || !argument || argument.type === 'keyword_argument') return undefined;
  const method = textOf(module, name);
  if (!Object.hasOwn(switchMethods, method)) return undefined;
  const bound = boundOnce(scopes, module, receiver);
  const own = bound && startedBy(bound);
  const started = own ? [own] : bound ? passedIn(module, scopes, bound) : [];
  return started.length > 0 ? { started, method, written: `${textOf(module, receiver)}.${method}`, argument } : undefined;
}

function boundOnce(scopes: Scopes, module: PyModule, identifier: PyNode): PyNode | undefined {
  const bound = scopes.resolve(identifier)?.bindings.get(textOf(module, identifier));
  return bound?.length === 1 ? bound[0] : undefined;
}

/** The calls that started the clients the calls of its function pass a parameter: `drive(session)`, `drive(ClaudeSDKClient(options))`. */
function passedIn(module: PyModule, scopes: Scopes, identifier: PyNode): PyNode[] {
  return passedToParameter(module, scopes, identifier).flatMap((passed) => {
    const value = passed.type === 'await' ? namedChildren(passed)[0] : passed;
    if (value?.type === 'call') return [value];
    const bound = value?.type === 'identifier' ? boundOnce(scopes, module, value) : undefined;
    const started = bound && startedBy(bound);
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
