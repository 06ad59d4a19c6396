import { decisionOf } from './decisions.js';
import { appliedRule, isMcpTool, isWholeMcpServer, isWholeToolRule, namesATool, type PermissionRule } from './permission-rules.js';
import { returnedObjects } from './permission-gates.js';
import type { FunctionFacts, Gate, ObjectValue, ParameterRead, Property, StringValue, Value, ValueSet } from './types.js';
import { isNotSet, isString, propertyOf, type Certainty } from './values.js';

/**
 * `updatedPermissions` in a gate's allow (`PermissionResult`, a
 * PermissionRequest hook's `decision`): `PermissionUpdate` objects whose
 * `addRules` / `replaceRules` rules Claude Code writes to their destination.
 */

/** Destinations Claude Code writes to a settings file, each read again by every later session. */
export const persistentDestinations: Readonly<Record<string, string>> = {
  localSettings: '.claude/settings.local.json',
  projectSettings: '.claude/settings.json',
  userSettings: '~/.claude/settings.json',
};

/** An allow result a gate can return, the `updatedPermissions` it sets, and where the gate's caller passes its suggestions. */
export interface AllowWithUpdates {
  updates: Property;
  /** The argument that holds the suggestions: canUseTool's `options.suggestions`, a PermissionRequest input's `permission_suggestions`. */
  suggestions: ParameterRead;
}

const canUseToolSuggestions: ParameterRead = { parameter: 2, path: ['suggestions'] };
const requestSuggestions: ParameterRead = { parameter: 0, path: ['permission_suggestions'] };

/** The allow results with `updatedPermissions` of a canUseTool callback or a PermissionRequest hook. */
export function allowsWithUpdates(gate: Gate, facts: FunctionFacts): AllowWithUpdates[] {
  const found: AllowWithUpdates[] = [];
  const add = (result: ObjectValue, suggestions: ParameterRead): void => {
    const updates = result.properties.get('updatedPermissions');
    if (updates && ['allow', 'unknown'].includes(decisionOf(result, 'canUseTool'))) found.push({ updates, suggestions });
  };
  for (const result of returnedObjects(facts)) {
    if (gate.kind === 'canUseTool') add(result, canUseToolSuggestions);
    if (gate.kind !== 'hook' || !gate.events.includes('PermissionRequest')) continue;
    for (const specific of propertyOf({ alternatives: [result] }, 'hookSpecificOutput').values) {
      if (specific.kind !== 'object') continue;
      for (const decision of propertyOf({ alternatives: [specific] }, 'decision').values) {
        if (decision.kind === 'object') add(decision, requestSuggestions);
      }
    }
  }
  return found;
}

/** The value is the gate's own suggestions argument, passed on as it came. */
export function isSuggestionsRead(value: Value, suggestions: ParameterRead): boolean {
  return (
    value.kind === 'unknown' &&
    value.read?.parameter === suggestions.parameter &&
    value.read.path.length === suggestions.path.length &&
    value.read.path.every((key, index) => key === suggestions.path[index])
  );
}

/** One rule of an update that allows a whole tool at a persistent destination. */
export interface PersistedWholeTool {
  rule: PermissionRule;
  /** The rule's `toolName` as written. */
  toolName: StringValue;
  /** The destinations written that persist. */
  destinations: StringValue[];
  /** "is" when every alternative of the update and the rule makes it so. */
  certainty: Certainty;
}

/**
 * The whole-tool allow rules an update list writes to a settings file. A
 * rule is written as `toolName`, or `toolName(ruleContent)` when the content
 * is not empty, and read back through the settings validator: `Bash`,
 * `Bash(*)`, `mcp__server`, `mcp__server__*` approve every call; a single
 * MCP tool has no narrower rule, and a wildcard name is skipped.
 */
export function persistedWholeTools(updates: ValueSet): PersistedWholeTool[] {
  const found: PersistedWholeTool[] = [];
  for (const list of updates.alternatives) {
    if (list.kind !== 'array') continue;
    for (const element of list.elements) {
      for (const update of element.alternatives) {
        if (update.kind === 'object') found.push(...wholeToolsOf(update, updates.alternatives.length > 1 || element.alternatives.length > 1));
      }
    }
  }
  return found;
}

function wholeToolsOf(update: ObjectValue, alternatives: boolean): PersistedWholeTool[] {
  const field = (key: string): Value[] => propertyOf({ alternatives: [update] }, key).values;
  const type = field('type');
  const behavior = field('behavior');
  const destination = field('destination');
  const destinations = destination.filter((value): value is StringValue => value.kind === 'string' && Object.hasOwn(persistentDestinations, value.value));
  if (!type.some((value) => isString(value, 'addRules', 'replaceRules')) || !behavior.some((value) => isString(value, 'allow')) || destinations.length === 0) return [];
  const certain = !alternatives && [type, behavior, destination].every((values) => values.length === 1);
  const found: PersistedWholeTool[] = [];
  for (const rules of field('rules')) {
    if (rules.kind !== 'array') continue;
    for (const element of rules.elements) {
      for (const rule of element.alternatives) {
        if (rule.kind !== 'object') continue;
        const contents = propertyOf({ alternatives: [rule] }, 'ruleContent').values;
        for (const toolName of propertyOf({ alternatives: [rule] }, 'toolName').values) {
          if (toolName.kind !== 'string') continue;
          const whole = contents.filter((content) => wholeRuleOf(toolName.value, content) !== undefined);
          const applied = whole.length > 0 ? wholeRuleOf(toolName.value, whole[0]!) : undefined;
          if (!applied) continue;
          const every = certain && element.alternatives.length === 1 && whole.length === contents.length && contents.length === 1;
          found.push({ rule: applied, toolName, destinations, certainty: every ? 'is' : 'can be' });
        }
      }
    }
  }
  return found;
}

/** The rule Claude Code writes for a tool name and content, when it approves every call of one tool or server. */
function wholeRuleOf(toolName: string, content: Value): PermissionRule | undefined {
  if (!isNotSet(content) && content.kind !== 'string') return undefined;
  const text = content.kind === 'string' && content.value !== '' ? `${toolName}(${content.value})` : toolName;
  const rule = appliedRule(text, 'allow', true);
  if (!rule || !namesATool(rule) || !isWholeToolRule(rule)) return undefined;
  return isMcpTool(rule.tool) && !isWholeMcpServer(rule.tool) ? undefined : rule;
}
