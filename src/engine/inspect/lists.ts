import { writerFor } from '../../frontends/registry.js';
import { single } from '../../model/build.js';
import { ruleCoverage, type Coverage, type RuleList } from '../../model/coverage.js';
import { parsePermissionRule } from '../../model/permission-rules.js';
import { loadedProjectSettings, settingsFileNames } from '../../model/setting-sources.js';
import { appliedSettingsKey } from '../../model/switches.js';
import type { AgentConfiguration, AgentModel, Span, StringValue, Value } from '../../model/types.js';
import { isNotSet, isString, listEntries, optionOf, propertyOf } from '../../model/values.js';

/** One list of permission rules: an option such as `allowedTools`, with its value on every path. */
export interface RuleSource {
  list: RuleList;
  /** As written: `allowedTools`, `permissions.allow`, `settings.permissions.deny`. */
  option: string;
  /** One value per path (alternative) of the configuration. */
  values: Value[];
  /** The value as written, when the rule is implied by it: `skills: 'all'` stands for `Skill`. */
  writtenAs?: string;
}

const directOptions: Array<[RuleList, string]> = [
  ['deny', 'disallowedTools'],
  ['ask', 'askTools'],
  ['allow', 'allowedTools'],
];

/**
 * Every rule list of a configuration: the SDK options (a settings file's
 * `permissions.allow/deny/ask` arrive as `allowedTools`, `disallowedTools`,
 * `askTools`), rules written inline in the `settings` and `managedSettings`
 * options, and the bare `Skill` rule that `skills: 'all'` adds.
 */
export function ruleSources(config: AgentConfiguration, model: AgentModel): RuleSource[] {
  const sources: RuleSource[] = [];
  for (const [list, key] of directOptions) {
    const view = optionOf(config, key);
    // askTools is no SDK option: only a settings file sets it, so an unknown spread cannot.
    if (key === 'askTools' && view.properties.length === 0) continue;
    sources.push({ list, option: view.properties[0]?.spelling ?? writerFor(model).optionName(key), values: view.values });
  }
  // And those a run-time applyFlagSettings call applies (spelt as the call).
  for (const holder of ['settings', 'managedSettings', appliedSettingsKey]) {
    const view = optionOf(config, holder);
    const spelling = view.properties[0]?.spelling ?? writerFor(model).optionName(holder);
    for (const list of ['deny', 'ask', 'allow'] as const) {
      const values = inlineRules(view.values, list);
      if (values.some((value) => !isNotSet(value))) sources.push({ list, option: `${spelling}.permissions.${list}`, values });
    }
  }
  // The project's settings files this configuration loads (found by scan next to the code).
  for (const settings of loadedProjectSettings(config)) {
    for (const [list, key] of directOptions) {
      const view = optionOf(settings, key);
      if (view.properties.length > 0) sources.push({ list, option: `${settingsFileNames[settings.tier!]} ${view.properties[0]!.spelling}`, values: view.values });
    }
  }
  const skills = optionOf(config, 'skills');
  const all = skills.values.filter((value) => isString(value, 'all'));
  if (all.length > 0) {
    const values = skills.values.map((value): Value => (isString(value, 'all') ? { ...value, value: 'Skill' } : { kind: 'absent', span: value.span }));
    sources.push({ list: 'allow', option: skills.properties[0]?.spelling ?? 'skills', values, writtenAs: 'all' });
  }
  return sources;
}

/**
 * `settings: { permissions: { allow: [...] } }`. A settings file named by
 * path, or settings computed at run time, are not read here: they count as
 * holding no rules.
 */
function inlineRules(settings: Value[], list: RuleList): Value[] {
  const values: Value[] = [];
  for (const value of settings) {
    if (value.kind !== 'object') {
      values.push({ kind: 'absent', span: value.span });
      continue;
    }
    for (const permissions of propertyOf(single(value), 'permissions').values) {
      if (permissions.kind === 'object') for (const entry of propertyOf(single(permissions), list).values) values.push(entry);
      else values.push(permissions.kind === 'unknown' ? permissions : { kind: 'absent', span: permissions.span });
    }
  }
  return values;
}

export interface RuleMatch {
  entry: StringValue;
  coverage: Exclude<Coverage, 'none'>;
  /** On every path of the configuration, not only on some. */
  everyPath: boolean;
}

export interface ListMatches {
  /** A rule that covers every call of the tool on every path, if there is one. */
  whole?: StringValue;
  /** The rules that cover the tool, in source order. */
  matches: RuleMatch[];
  /** Part of the list is computed at run time: `whole` when the list itself is. */
  unknown?: { span: Span; whole: boolean };
}

interface PathEntries {
  certain: StringValue[];
  uncertain: StringValue[];
  unknown?: { span: Span; whole: boolean };
}

/** Which rules of one list cover `tool`, and how sure that is. */
export function matchList(source: RuleSource, tool: string): ListMatches {
  const paths = source.values.map(pathEntries);
  const coverage = (entry: StringValue) => ruleCoverage(parsePermissionRule(entry.value), tool, source.list);
  const found = new Map<string, RuleMatch>();
  for (const entry of paths.flatMap((path) => [...path.certain, ...path.uncertain]).sort((a, b) => a.span.start - b.span.start)) {
    const covered = coverage(entry);
    if (covered === 'none' || found.has(entry.value)) continue;
    const everyPath = paths.every((path) => path.certain.some((other) => other.value === entry.value));
    found.set(entry.value, { entry, coverage: covered, everyPath });
  }
  const wholeOnEveryPath = paths.length > 0 && paths.every((path) => path.certain.some((entry) => coverage(entry) === 'all'));
  // Prefer one rule that is on every path; else each path has its own whole rule.
  const whole = wholeOnEveryPath
    ? ([...found.values()].find((match) => match.coverage === 'all' && match.everyPath)?.entry ?? firstWhole(paths, coverage))
    : undefined;
  const unknown = paths.find((path) => path.unknown)?.unknown;
  return { ...(whole ? { whole } : {}), matches: [...found.values()], ...(unknown ? { unknown } : {}) };
}

function firstWhole(paths: PathEntries[], coverage: (entry: StringValue) => Coverage): StringValue {
  return paths[0]!.certain.find((entry) => coverage(entry) === 'all')!;
}

/** The entries a list certainly holds on one path, the ones it only can hold, and whether some are unknown. */
function pathEntries(value: Value): PathEntries {
  if (isNotSet(value)) return { certain: [], uncertain: [] };
  if (value.kind === 'string') return { certain: [value], uncertain: [] };
  if (value.kind !== 'array') return { certain: [], uncertain: [], unknown: { span: value.span, whole: true } };
  const path: PathEntries = { certain: [], uncertain: [] };
  if (!value.complete) path.unknown = { span: value.span, whole: false };
  for (const element of value.elements) {
    const [only, ...more] = element.alternatives;
    if (only?.kind === 'string' && more.length === 0) {
      path.certain.push(only);
      continue;
    }
    for (const entry of listEntries(element.alternatives)) path.uncertain.push(entry);
    const opaque = element.alternatives.find((alternative) => alternative.kind !== 'string' && alternative.kind !== 'array' && !isNotSet(alternative));
    if (opaque) path.unknown ??= { span: opaque.span, whole: false };
  }
  return path;
}
