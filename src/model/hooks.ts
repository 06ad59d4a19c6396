import { optionOf, propertyOf } from './values.js';
import type { AgentConfiguration, FunctionFacts, Gate, ObjectValue, Span, Value, ValueSet } from './types.js';

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
 * configuration wires, which are checked on their own. Given the facts of
 * functions, a gate that returns what another function returns
 * (`(i, id, o) => this.guard(i, id, o)`, a wrapper's `return await
 * hook(...)`) hands that function over too: its catch handlers and checks
 * are the gate's. Every front end's project pass builds a file's gates this way.
 */
export function gatesOfFile(configurations: readonly AgentConfiguration[], declared: readonly Gate[], functions?: readonly FunctionFacts[]): Gate[] {
  const delegated = (gates: Gate[]): Gate[] => (functions ? withDelegates(gates, functions) : gates);
  const wired = delegated(configurations.flatMap(gatesOfConfiguration));
  const wiredIds = new Set(wired.map((gate) => gate.functionId));
  const unwired = delegated(declared.filter((gate) => gate.kind !== 'tool' && !wiredIds.has(gate.functionId)));
  return mergeGates([...wired, ...unwired, ...declared.filter((gate) => gate.kind === 'tool')]);
}

/** Each hook and `canUseTool` gate, and the functions whose result it returns, as far as such calls lead. */
function withDelegates(gates: readonly Gate[], functions: readonly FunctionFacts[]): Gate[] {
  return gates.flatMap((gate) => {
    if (gate.kind === 'tool') return [gate];
    const ids = [gate.functionId];
    // Each id once: the list grows while it is walked, and a cycle of calls ends.
    for (let index = 0; index < ids.length; index++) {
      for (const call of functions[ids[index]!]?.callSites ?? []) {
        if (call.returned) for (const id of call.functionIds) if (!ids.includes(id)) ids.push(id);
      }
    }
    return ids.map((functionId, index) => (index === 0 ? gate : { ...gate, functionId, returnedBy: gate.functionId }));
  });
}

/**
 * The hooks of SDK-typed matcher objects (`HookCallbackMatcher`,
 * `HookMatcher(hooks=[...])`) that may be registered for any event: the
 * type says each is a hook callback.
 */
export function matcherHooks(set: ValueSet): Gate[] {
  const gates: Gate[] = [];
  for (const matcher of set.alternatives) {
    if (matcher.kind !== 'object') continue;
    for (const callback of viewOf('', matcher).callbacks) {
      if (callback.functionId !== undefined) gates.push({ kind: 'hook', functionId: callback.functionId, span: callback.span, events: [] });
    }
  }
  return gates;
}
