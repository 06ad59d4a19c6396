import { emptyObject, single } from './build.js';
import type { AgentConfiguration, ObjectValue, Property, Value, ValueSet } from './types.js';
import { isNotSet, optionOf } from './values.js';

/**
 * Parent modes a subagent's own `permissionMode` cannot change: Claude Code
 * keeps the parent's mode for the subagent (CLI 2.1.332, the function that
 * builds a subagent's permission context: `bypassPermissions`, `acceptEdits`,
 * `auto` and `plan` parents are kept as they are).
 */
const lockingParentModes = new Set(['bypassPermissions', 'acceptEdits', 'auto', 'plan']);

/** What a subagent takes from its parent: the callback that sees its calls, the settings whose rules hold for it too. */
const inherited = ['canUseTool', 'permissionPromptToolName', 'permissionPrompts', 'cwd', 'settingSources', 'settings', 'managedSettings'];

/**
 * Every subagent an `agents` option defines, as a configuration of its own,
 * so the rules check it like the main agent: its `tools` (the tools it may
 * use) and `disallowedTools` as rule lists, and the mode it runs in next to
 * the parent's `canUseTool`, which sees the subagent's calls too.
 *
 * The mode is the one Claude Code applies: a definition's mode counts only
 * where the parent runs in `default` or `dontAsk`, and a definition's
 * `bypassPermissions` never does (Claude Code refuses it unless the parent is
 * already in bypass, and keeps the parent's mode). Where the definition's
 * mode does not apply, the subagent runs in its parent's mode, which the
 * parent's own configuration already reports, so it is left out here.
 */
export function subagentConfigurations(parent: AgentConfiguration): AgentConfiguration[] {
  const configurations: AgentConfiguration[] = [];
  const parentModes = optionOf(parent, 'permissionMode').values;
  for (const agents of optionOf(parent, 'agents').values) {
    if (agents.kind !== 'object') continue;
    for (const [name, property] of agents.properties) {
      for (const definition of property.value.alternatives) {
        if (definition.kind !== 'object') continue;
        configurations.push({ span: definition.span, entry: `agents.${name}`, options: single(subagentOptions(parent, definition, parentModes)) });
      }
    }
  }
  return configurations;
}

function subagentOptions(parent: AgentConfiguration, definition: ObjectValue, parentModes: Value[]): ObjectValue {
  const options = emptyObject(definition.span);
  // An unknown spread in the definition may set anything: nothing it leaves out is certain.
  options.complete = definition.complete;
  for (const key of inherited) {
    const [property] = optionOf(parent, key).properties;
    if (property) options.properties.set(key, property);
  }
  for (const key of ['tools', 'disallowedTools']) {
    const property = definition.properties.get(key);
    if (property) options.properties.set(key, property);
  }
  const mode = definition.properties.get('permissionMode');
  if (mode) options.properties.set('permissionMode', { ...mode, value: appliedModes(mode, parentModes) });
  return options;
}

/** The definition's modes on the paths where Claude Code applies them; elsewhere the parent's mode (absent here). */
function appliedModes(mode: Property, parentModes: Value[]): ValueSet {
  const locked = (value: Value): boolean => value.kind === 'string' && lockingParentModes.has(value.value);
  const alternatives: Value[] = [];
  for (const value of mode.value.alternatives) {
    if (value.kind === 'string' && value.value === 'bypassPermissions') alternatives.push({ kind: 'absent', span: value.span });
    else alternatives.push(value);
  }
  if (parentModes.every(locked)) return single({ kind: 'absent', span: mode.keySpan });
  // On paths where the parent is locked (or its mode unknown) the definition's mode may not apply.
  if (parentModes.some(locked)) alternatives.push({ kind: 'absent', span: mode.keySpan });
  else if (parentModes.some((value) => !isNotSet(value) && value.kind !== 'string')) alternatives.push({ kind: 'unknown', span: mode.keySpan });
  return { alternatives };
}
