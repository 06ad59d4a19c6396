import { switchMethods } from '../../model/switches.js';
import type { Scopes } from './scope.js';
import { field, namedChildren, textOf, type PyModule, type PyNode } from './syntax.js';

/**
 * `client.set_permission_mode(mode)` where `client` holds what one call
 * returned (`client = ClaudeSDKClient(options)`, or `async with
 * ClaudeSDKClient(options) as client`): that call, the method and its
 * argument. The call is an entry point when the caller knows it as one.
 */
export function switchOf(module: PyModule, scopes: Scopes, call: PyNode): { started: PyNode; method: string; written: string; argument: PyNode } | undefined {
  const callee = field(call, 'function');
  const receiver = callee?.type === 'attribute' ? field(callee, 'object') : undefined;
  const name = callee && field(callee, 'attribute');
  const args = field(call, 'arguments');
  const [argument] = args ? namedChildren(args) : [];
  if (!receiver || receiver.type !== 'identifier' || !name || !argument || argument.type === 'keyword_argument') return undefined;
  const method = textOf(module, name);
  if (!Object.hasOwn(switchMethods, method)) return undefined;
  const bound = scopes.resolve(receiver)?.bindings.get(textOf(module, receiver));
  if (!bound || bound.length !== 1) return undefined;
  const started = startedBy(bound[0]!);
  return started && { started, method, written: `${textOf(module, receiver)}.${method}`, argument };
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
