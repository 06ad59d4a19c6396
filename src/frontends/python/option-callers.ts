import { isSdkModule } from './sdk.js';
import { importOfName } from './imports.js';
import { callsOf } from './parameters.js';
import type { Scopes } from './scope.js';
import { isStandardModule } from './standard-modules.js';
import { field, namedChildren, textOf, type PyModule } from './syntax.js';

/** Keywords that set what the agent may run, when a project helper forwards them to the options. */
const permissionKeywords = new Set(['permission_mode', 'allowed_tools', 'disallowed_tools', 'tools', 'can_use_tool', 'hooks', 'settings', 'extra_args']);

/**
 * Whether the module calls a function imported from another module of the
 * project with a permission keyword (`build_client(permission_mode=...)`):
 * that function may build its options from the argument, so only the
 * project pass, which reads both modules, can tell. A module with no
 * options of its own is otherwise analysed alone and its call never seen.
 * The standard library and the SDK itself build no project options.
 */
export function passesPermissionKeywords(source: PyModule, scopes: Scopes): boolean {
  return callsOf(source).some((call) => {
    const callee = field(call, 'function');
    const named = callee?.type === 'attribute' ? field(callee, 'object') : callee;
    if (named?.type !== 'identifier') return false;
    const binding = importOfName(source, scopes, named);
    if (!binding || isSdkModule(binding.module) || isStandardModule(binding.module)) return false;
    const list = field(call, 'arguments');
    return namedChildren(list ?? call).some((item) => {
      const keyword = item.type === 'keyword_argument' ? field(item, 'name') : undefined;
      return keyword !== undefined && permissionKeywords.has(textOf(source, keyword));
    });
  });
}
