import { hookMatchers } from './hooks.js';
import type { AgentConfiguration, Span, StringValue, Value } from './types.js';

/**
 * One hook of a settings file: `hooks.<event>[].hooks[]`, e.g.
 * `{ "type": "command", "command": "...", "timeout": 30 }`.
 * Values are as written; a key the entry does not hold is undefined.
 */
export interface SettingsHook {
  event: string;
  /** The `matcher` of the hook's matcher object, when it has one. */
  matcher?: Value;
  /** The matcher object. */
  matcherSpan: Span;
  /** The hook object. */
  span: Span;
  type?: Value;
  /** `command`, when it is a string. */
  command?: StringValue;
  args?: Value;
  shell?: Value;
  timeout?: Value;
  onFailure?: Value;
  async?: Value;
  asyncRewake?: Value;
}

/**
 * Every settings hook a configuration registers, in file order: a settings
 * file's, or those of the SDK's `settings` option.
 */
export function settingsHooks(config: AgentConfiguration): SettingsHook[] {
  const hooks: SettingsHook[] = [];
  for (const view of hookMatchers(config)) {
    if (!view.inSettings) continue;
    for (const { value } of view.callbacks) {
      if (value?.kind !== 'object') continue;
      const field = (key: string) => value.properties.get(key)?.value.alternatives[0];
      const command = field('command');
      hooks.push({
        event: view.event,
        ...(view.matcher[0] && view.matcher[0].kind !== 'absent' ? { matcher: view.matcher[0] } : {}),
        matcherSpan: view.span,
        span: value.span,
        type: field('type'),
        ...(command?.kind === 'string' ? { command } : {}),
        args: field('args'),
        shell: field('shell'),
        timeout: field('timeout'),
        onFailure: field('onFailure'),
        async: field('async'),
        asyncRewake: field('asyncRewake'),
      });
    }
  }
  return hooks;
}

/** A string field's value, or undefined when it is not a string. */
export function stringOf(value: Value | undefined): string | undefined {
  return value?.kind === 'string' ? value.value : undefined;
}
