import { optionOf, propertyOf } from './values.js';
import type { AgentConfiguration, Gate, ObjectValue, Span, Value } from './types.js';

/** One hook matcher of a configuration: `{ matcher, hooks: [...], timeout, onFailure }`. */
export interface HookMatcherView {
  event: string;
  /** The matcher object. */
  span: Span;
  matcher: Value[];
  /** Each hook: a function (code), or the value as written (a settings file's `{ type, command }` object). */
  callbacks: Array<{ functionId?: number; span: Span; value?: Value }>;
  onFailure: Value[];
  timeout: Value[];
  /**
   * A matcher of Claude Code settings, whose hooks are `{ type, command }`
   * objects each with its own timeout: a settings file's, or one in the SDK's
   * `settings` option, which Claude Code loads as flag-tier settings.
   */
  inSettings: boolean;
  /** The hooks object as written, e.g. `hooks` or `settings.hooks`. */
  option: string;
}

/**
 * Every hook matcher a configuration can register, for every event: its
 * `hooks` option, and in code the `hooks` of its `settings` option (an
 * object, a JSON string or the file it names, read in its place).
 */
export function hookMatchers(config: AgentConfiguration): HookMatcherView[] {
  const settingsFile = config.entry === 'settings';
  const hooks = optionOf(config, 'hooks');
  const views = matchersOf(hooks.values, settingsFile, hooks.properties[0]?.spelling ?? 'hooks');
  if (settingsFile) return views;
  const settings = optionOf(config, 'settings');
  const inSettings = propertyOf({ alternatives: settings.values }, 'hooks');
  return [...views, ...matchersOf(inSettings.values, true, `${settings.properties[0]?.spelling ?? 'settings'}.hooks`)];
}

function matchersOf(values: readonly Value[], inSettings: boolean, option: string): HookMatcherView[] {
  const views: HookMatcherView[] = [];
  for (const hooks of values) {
    if (hooks.kind !== 'object') continue;
    for (const [event, property] of hooks.properties) {
      for (const list of property.value.alternatives) {
        if (list.kind !== 'array') continue;
        for (const element of list.elements) {
          for (const matcher of element.alternatives) {
            if (matcher.kind === 'object') views.push({ ...viewOf(event, matcher), inSettings, option });
          }
        }
      }
    }
  }
  return views;
}

function viewOf(event: string, matcher: ObjectValue): Omit<HookMatcherView, 'inSettings' | 'option'> {
  const set = { alternatives: [matcher] };
  const callbacks: HookMatcherView['callbacks'] = [];
  for (const list of propertyOf(set, 'hooks').values) {
    if (list.kind !== 'array') continue;
    for (const element of list.elements) {
      for (const callback of element.alternatives) {
        callbacks.push(
          callback.kind === 'function' ? { functionId: callback.functionId, span: callback.span } : { span: callback.span, value: callback },
        );
      }
    }
  }
  return {
    event,
    span: matcher.span,
    matcher: propertyOf(set, 'matcher').values,
    callbacks,
    onFailure: propertyOf(set, 'onFailure').values,
    timeout: propertyOf(set, 'timeout').values,
  };
}

/** The gates a configuration wires up: its hook callbacks and `canUseTool`. */
export function gatesOfConfiguration(config: AgentConfiguration): Gate[] {
  const gates: Gate[] = [];
  for (const view of hookMatchers(config)) {
    for (const callback of view.callbacks) {
      if (callback.functionId !== undefined) {
        gates.push({ kind: 'hook', functionId: callback.functionId, span: callback.span, events: [view.event] });
      }
    }
  }
  for (const value of optionOf(config, 'canUseTool').values) {
    if (value.kind === 'function') {
      gates.push({ kind: 'canUseTool', functionId: value.functionId, span: value.span, events: [] });
    }
  }
  return gates;
}

/** Merge gates that hand over the same function, keeping every event. */
export function mergeGates(gates: readonly Gate[]): Gate[] {
  const merged = new Map<string, Gate>();
  for (const gate of gates) {
    const key = `${gate.kind}:${gate.functionId}:${gate.span.start}`;
    const existing = merged.get(key);
    if (existing) existing.events = [...new Set([...existing.events, ...gate.events])];
    else merged.set(key, { ...gate, events: [...gate.events] });
  }
  return [...merged.values()];
}

/**
 * The gates of one file: those its configurations wire up (hooks with their
 * events, `canUseTool`), its tool handlers, and the SDK-typed functions no
 * configuration wires, which are checked on their own. Every front end's
 * project pass builds a file's gates this way.
 */
export function gatesOfFile(configurations: readonly AgentConfiguration[], declared: readonly Gate[]): Gate[] {
  const wired = configurations.flatMap(gatesOfConfiguration);
  const wiredIds = new Set(wired.map((gate) => gate.functionId));
  return mergeGates([...wired, ...declared.filter((gate) => gate.kind === 'tool' || !wiredIds.has(gate.functionId))]);
}
