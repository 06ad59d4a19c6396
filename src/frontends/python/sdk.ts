import { isPythonSdkModule } from '../../model/sdk-modules.js';

export { mentionsSdk } from './prefilter.js';

export function isSdkModule(module: string): boolean {
  return isPythonSdkModule(module);
}

/** Constructors of options objects. */
export const optionsClasses = new Set(['ClaudeAgentOptions', 'ClaudeCodeOptions']);

/** Type names that mark a function as a gate when its parameters or result are annotated with them. */
export const gateTypes: Record<string, 'hook' | 'canUseTool'> = {
  HookContext: 'hook',
  HookJSONOutput: 'hook',
  HookCallback: 'hook',
  ToolPermissionContext: 'canUseTool',
  CanUseTool: 'canUseTool',
};

/**
 * Python option names whose TypeScript name is not the camel-cased one; the
 * rest map `permission_mode` → `permissionMode`.
 */
const renamedOptions: Record<string, string> = {
  add_dirs: 'additionalDirectories',
  continue_conversation: 'continue',
};

/** Names already converted: the same few keywords and attributes recur in every module. */
const canonicalNames = new Map<string, string>();

/** Enough for every option and attribute name real code uses; past it, the map starts afresh (memory stays bounded). */
const maxCanonicalNames = 10_000;

/** The canonical (TypeScript SDK) name of a Python keyword or attribute: `allowed_tools` → `allowedTools`. */
export function canonicalName(name: string): string {
  let canonical = canonicalNames.get(name);
  if (canonical === undefined) {
    canonical = Object.hasOwn(renamedOptions, name) ? renamedOptions[name]! : name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    if (canonicalNames.size >= maxCanonicalNames) canonicalNames.clear();
    canonicalNames.set(name, canonical);
  }
  return canonical;
}

/** Hook output keys that Python spells with a trailing underscore; the SDK renames them. */
export function hookOutputKey(key: string): string {
  return key === 'continue_' ? 'continue' : key === 'async_' ? 'async' : key;
}
