import { emptyObject, single } from '../../model/build.js';
import type { AgentConfiguration, ObjectValue, SettingsTier } from '../../model/types.js';

/** `permissions.<key>` in a settings file, and the SDK option it stands for. */
const permissionKeys: ReadonlyArray<[string, string]> = [
  ['allow', 'allowedTools'],
  ['deny', 'disallowedTools'],
  ['ask', 'askTools'],
  ['defaultMode', 'permissionMode'],
];

/**
 * A settings file as one agent configuration. Its permission rules and mode
 * appear under the SDK's option names (so the rules read them like
 * `allowedTools`), each property spelt as written (`permissions.allow`) and
 * placed at the key inside `permissions`; `hooks` is kept as written. The
 * file is read whole, so the options object is complete: a key it does not
 * hold is absent, not unknown.
 */
export function settingsConfiguration(root: ObjectValue, tier: SettingsTier | undefined): AgentConfiguration {
  const options = emptyObject(root.span);
  const permissions = root.properties.get('permissions')?.value.alternatives[0];
  if (permissions?.kind === 'object') {
    for (const [written, canonical] of permissionKeys) {
      const property = permissions.properties.get(written);
      if (property) options.properties.set(canonical, { ...property, key: canonical, spelling: `permissions.${written}` });
    }
  }
  const hooks = root.properties.get('hooks');
  if (hooks) options.properties.set('hooks', hooks);
  return { span: root.span, entry: 'settings', options: single(options), ...(tier ? { tier } : {}) };
}
