import { writerFor } from '../../frontends/registry.js';
import { single } from '../../model/build.js';
import { decisionOf, exitDecisions, type Decision, type ResultShape } from '../../model/decisions.js';
import { echoingCommandHook } from '../../model/echoed-output.js';
import { matcherCoverage } from '../../model/hook-matcher.js';
import { hookMatchers, type HookMatcherView } from '../../model/hooks.js';
import { canThrowUnder } from '../../model/tool-input-fields.js';
import type { AgentConfiguration, AgentModel, Span, Value } from '../../model/types.js';
import { isNotSet, isString, optionOf, propertyOf } from '../../model/values.js';
import { step } from './describe.js';
import type { Effect, Step } from './types.js';

export interface HookSteps {
  /** Checks that run first: denies, asks, hooks that are not visible. */
  early: Step[];
  /** Approvals: they hold only after deny and ask rules. */
  late: Step[];
}

interface Verdict {
  effect: Effect;
  /** Decides the same on every path (or is not visible at all). */
  always: boolean;
  note: string;
}

/** What the configuration's PreToolUse hooks do to `tool`'s calls. */
export function hookSteps(config: AgentConfiguration, model: AgentModel, tool: string): HookSteps {
  const { early, late } = eventSteps(config, model, tool, 'PreToolUse');
  const view = optionOf(config, 'hooks');
  const unknownList = unknownHookList(view.values);
  if (unknownList) {
    const option = `${view.properties[0]?.spelling ?? writerFor(model).optionName('hooks')}.PreToolUse`;
    early.push({
      rank: 9,
      step: step({ stage: 'hook', effect: 'unknown', calls: 'some', certainty: 'is', option, value: '', note: 'the hook list is computed at run time', span: unknownList }),
    });
  }
  const ordered = (list: typeof early) => list.sort((a, b) => a.rank - b.rank).map((entry) => entry.step);
  return { early: ordered(early), late: ordered(late) };
}

/**
 * What the configuration's PermissionRequest hooks do to `tool`'s calls that
 * would prompt: they answer before `canUseTool` is asked.
 */
export function permissionRequestSteps(config: AgentConfiguration, model: AgentModel, tool: string): Step[] {
  const { early, late } = eventSteps(config, model, tool, 'PermissionRequest');
  return [...early, ...late].sort((a, b) => a.rank - b.rank).map((entry) => entry.step);
}

type Ranked = Array<{ rank: number; step: Step }>;

/** The steps of one event's hooks for `tool`: those of the `hooks` option and of the `settings` option's hooks. */
function eventSteps(config: AgentConfiguration, model: AgentModel, tool: string, event: 'PreToolUse' | 'PermissionRequest'): { early: Ranked; late: Ranked } {
  const early: Ranked = [];
  const late: Ranked = [];
  // Hooks set on some paths only "can be" there.
  const pathsOf = (key: string) => optionOf(config, key).values.length;
  for (const matcher of hookMatchers(config)) {
    if (matcher.event !== event) continue;
    const covered = coverageOf(matcher.matcher, tool);
    if (!covered) continue;
    const option = `${matcher.option === 'hooks' ? (optionOf(config, 'hooks').properties[0]?.spelling ?? writerFor(model).optionName('hooks')) : matcher.option}.${event}`;
    const onEveryPath = pathsOf(matcher.inSettings && config.entry !== 'settings' ? 'settings' : 'hooks') === 1;
    for (const callback of matcher.callbacks) {
      const facts = callback.functionId === undefined ? undefined : model.functions[callback.functionId];
      const opaque = facts ? undefined : opaqueHook(callback.value, event);
      const verdict = facts ? verdictOf(facts.exits.flatMap((exit) => exitDecisions(exit, event)), canThrowUnder(facts.mayThrow, matcher.matcher) && !blocksOnFailure(matcher)) : opaque!.verdict;
      if (!verdict) continue;
      const unknownMatcher = covered === 'unknown';
      const fields = {
        stage: 'hook' as const,
        effect: unknownMatcher ? ('unknown' as const) : verdict.effect,
        calls: unknownMatcher || !verdict.always || covered.calls === 'some' ? ('some' as const) : ('all' as const),
        certainty: onEveryPath && (unknownMatcher || covered.certainty === 'is') ? ('is' as const) : ('can be' as const),
        option,
        value: facts?.name ?? opaque?.name ?? '',
        note: unknownMatcher ? `${verdict.note}; its matcher is computed at run time` : verdict.note,
        span: callback.span,
      };
      const target = verdict.effect === 'approve' && !unknownMatcher ? late : early;
      target.push({ rank: rankOf(verdict), step: step(fields) });
    }
  }
  return { early, late };
}

/**
 * A hook whose code toolgate does not read: a function from a module it
 * cannot see, or a settings hook (a command, an HTTP call, a prompt) that
 * decides when it runs, unless it is a command that prints the same
 * output on every run (`echo '{...}'`).
 */
function opaqueHook(value: Value | undefined, event: ResultShape): { verdict: Verdict | undefined; name: string } {
  const field = (key: string) => {
    const [only] = value?.kind === 'object' ? (value.properties.get(key)?.value.alternatives ?? []) : [];
    return only?.kind === 'string' ? only.value : undefined;
  };
  const type = field('type');
  if (!type) return { verdict: { effect: 'unknown', always: true, note: 'its code is not visible here' }, name: '' };
  const name = field('command') ?? field('url') ?? '';
  const echoing = echoingCommandHook(value);
  if (!echoing) return { verdict: { effect: 'unknown', always: true, note: `a ${type} hook: it decides when it runs` }, name };
  const verdict = verdictOf([decisionOf(echoing.output, event)], false);
  return { verdict: verdict && { ...verdict, note: `${verdict.note}: it prints the same output on every run` }, name };
}

/** What a hook decides, from the decisions of its exits; undefined when it never decides. */
function verdictOf(decisions: Decision[], throwsOpen: boolean): Verdict | undefined {
  // null means nothing to a hook; defer ends the query, which stops the call like a deny.
  const seen = new Set<Decision>(decisions.map((decision) => (decision === 'null' ? 'none' : decision === 'defer' ? 'deny' : decision)));
  if (seen.has('unknown')) return { effect: 'unknown', always: true, note: 'its result is computed at run time' };
  const only = seen.size === 1;
  const failOpen = throwsOpen ? '; a throw lets the call through' : '';
  if (only && seen.has('deny')) return { effect: 'deny', always: true, note: `denies on every path${failOpen}` };
  if (only && seen.has('allow')) return { effect: 'approve', always: true, note: 'allows on every path' };
  if (only && seen.has('ask')) return { effect: 'prompt', always: true, note: 'asks on every path' };
  const can = (['deny', 'ask', 'allow'] as const).filter((decision) => seen.has(decision));
  if (can.length === 0) return undefined;
  const note = `can ${can.join(' or ')}${seen.has('deny') ? failOpen : ''}`;
  if (can.length > 1) return { effect: 'decide', always: false, note };
  const effect: Effect = can[0] === 'deny' ? 'deny' : can[0] === 'ask' ? 'prompt' : 'approve';
  return { effect, always: false, note };
}

/** Denials first: when hooks disagree, deny wins over ask, and ask over allow. */
function rankOf(verdict: Verdict): number {
  const order: Record<Effect, number> = { deny: 0, decide: 1, prompt: 2, approve: 3, unknown: 4, none: 5 };
  return order[verdict.effect] * 2 + (verdict.always ? 0 : 1);
}

function blocksOnFailure(matcher: HookMatcherView): boolean {
  return matcher.onFailure.length > 0 && matcher.onFailure.every((value) => isString(value, 'block'));
}

/** How a matcher covers the tool on the configuration's paths; `unknown` when it is computed at run time. */
function coverageOf(matcher: Value[], tool: string): { calls: 'all' | 'some'; certainty: 'is' | 'can be' } | 'unknown' | undefined {
  const results = matcher.map((value) => {
    if (isNotSet(value)) return matcherCoverage(undefined, tool);
    return value.kind === 'string' ? matcherCoverage(value.value, tool) : 'unknown';
  });
  if (results.every((result) => result === 'none')) return undefined;
  if (results.includes('unknown')) return 'unknown';
  return { calls: results.includes('some') ? 'some' : 'all', certainty: results.includes('none') ? 'can be' : 'is' };
}

/** Where PreToolUse hooks are computed at run time: the hooks option, its PreToolUse list, or one of its matchers. */
function unknownHookList(values: Value[]): Span | undefined {
  for (const hooks of values) {
    if (isNotSet(hooks)) continue;
    if (hooks.kind !== 'object') return hooks.span;
    for (const list of propertyOf(single(hooks), 'PreToolUse').values) {
      if (isNotSet(list)) continue;
      if (list.kind !== 'array' || !list.complete) return list.span;
      for (const element of list.elements) {
        const opaque = element.alternatives.find((matcher) => matcher.kind !== 'object' && !isNotSet(matcher));
        if (opaque) return opaque.span;
      }
    }
  }
  return undefined;
}
