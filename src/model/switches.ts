import { assignAt, withOrigin } from './build.js';
import type { AgentConfiguration, Span, ValueSet } from './types.js';
import { isCertainlyEmptyList, isNotSet, propertyOf } from './values.js';

/** The run-time calls that change the mode of the session an entry point starts. */
export const switchMethods: Readonly<Record<string, 'mode' | 'settings'>> = {
  // Query.setPermissionMode(mode) (sdk.d.ts, the Query interface) and Python's ClaudeSDKClient.set_permission_mode(mode).
  setPermissionMode: 'mode',
  set_permission_mode: 'mode',
  // Query.applyFlagSettings(settings): the settings option applied mid-session (TypeScript only).
  applyFlagSettings: 'settings',
};

/**
 * The model's key for the settings an `applyFlagSettings` call merges into
 * the flag tier (not an SDK option): its `permissions.allow`, `deny` and
 * `defaultMode` are read like those of the `settings` option.
 */
export const appliedSettingsKey = 'appliedSettings';

/**
 * The configuration with a run-time switch of its session's mode: after the
 * call the mode "can be" what the call sets, named as coming from it.
 * `written` is the call as written (`q.setPermissionMode`), `span` the call;
 * `spelling` names the mode option as the file's language does (`permission_mode`).
 *
 * `applyFlagSettings({ permissions })` also brings the allow and deny rules
 * of its `permissions`, kept under `appliedSettingsKey`. It replaces the
 * flag tier's whole `permissions` object ("a second call with
 * `{permissions: {...}}` replaces the entire `permissions` object", sdk.d.ts),
 * while `disallowedTools` and settings files stay: its defaultMode is a
 * switch only when it brings no deny rule, since deny rules hold in bypass.
 */
export function withSwitch(config: AgentConfiguration, method: string, argument: ValueSet, written: string, span: Span, spelling = 'permissionMode'): AgentConfiguration {
  const kind = switchMethods[method];
  if (!kind) return config;
  const permissions: ValueSet = { alternatives: propertyOf(argument, 'permissions').values };
  let options = config.options;
  if (kind === 'settings') {
    if (permissions.alternatives.every(isNotSet)) return config;
    options = assignAt(options, [{ key: appliedSettingsKey, spelling: `${written}()`, span }], argument, false);
    if (!isCertainlyEmptyList(propertyOf(permissions, 'deny').values)) return { ...config, options };
  }
  const mode = kind === 'mode' ? argument : propertyOf(permissions, 'defaultMode');
  const values: ValueSet = { alternatives: 'values' in mode ? mode.values.filter((value) => value.kind === 'string') : mode.alternatives };
  if (values.alternatives.length === 0) return { ...config, options };
  const switched = withOrigin(values, { kind: 'switch', name: written, span });
  return { ...config, options: assignAt(options, [{ key: 'permissionMode', spelling, span }], switched, false) };
}
