import { assignAt, withOrigin } from './build.js';
import type { AgentConfiguration, Span, ValueSet } from './types.js';
import { isNotSet, propertyOf } from './values.js';

/** The run-time calls that change the mode of the session an entry point starts. */
export const switchMethods: Readonly<Record<string, 'mode' | 'settings'>> = {
  // Query.setPermissionMode(mode) (sdk.d.ts, the Query interface) and Python's ClaudeSDKClient.set_permission_mode(mode).
  setPermissionMode: 'mode',
  set_permission_mode: 'mode',
  // Query.applyFlagSettings(settings): the settings option applied mid-session, so its permissions.defaultMode too.
  applyFlagSettings: 'settings',
};

/**
 * The configuration with a run-time switch of its session's mode: after the
 * call the mode "can be" what the call sets, named as coming from it.
 * `written` is the call as written (`q.setPermissionMode`), `span` the call;
 * `spelling` names the mode option as the file's language does (`permission_mode`).
 */
export function withSwitch(config: AgentConfiguration, method: string, argument: ValueSet, written: string, span: Span, spelling = 'permissionMode'): AgentConfiguration {
  const kind = switchMethods[method];
  if (!kind) return config;
  const permissions: ValueSet = { alternatives: propertyOf(argument, 'permissions').values };
  // The deny rules such a call may bring are not read yet, so a switch that can carry some is not reported.
  if (kind === 'settings' && propertyOf(permissions, 'deny').values.some((value) => !isNotSet(value))) return config;
  const mode = kind === 'mode' ? argument : propertyOf(permissions, 'defaultMode');
  const values: ValueSet = { alternatives: 'values' in mode ? mode.values.filter((value) => value.kind === 'string') : mode.alternatives };
  if (values.alternatives.length === 0) return config;
  const switched = withOrigin(values, { kind: 'switch', name: written, span });
  return { ...config, options: assignAt(config.options, [{ key: 'permissionMode', spelling, span }], switched, false) };
}
