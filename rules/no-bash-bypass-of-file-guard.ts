import { defineRule } from '../src/model/rule.js';
import { ruleCoverage } from '../src/model/coverage.js';
import { exitDecisions } from '../src/model/decisions.js';
import { matcherCoverage } from '../src/model/hook-matcher.js';
import { hookMatchers, type HookMatcherView } from '../src/model/hooks.js';
import { parsePermissionRule } from '../src/model/permission-rules.js';
import { ruleLists } from '../src/model/rule-lists.js';
import { loadedProjectSettings } from '../src/model/setting-sources.js';
import { editTools } from '../src/model/tool-kinds.js';
import type { AgentConfiguration, AgentModel, StringValue, Value } from '../src/model/types.js';
import { isNotSet, listEntries, optionOf } from '../src/model/values.js';

type MessageIds = 'bashUnguarded';

export default defineRule<Record<string, never>, MessageIds>({
  id: 'no-bash-bypass-of-file-guard',
  meta: {
    type: 'problem',
    docs: { description: 'Disallow file-write guards that Bash can walk around', config: 'recommended' },
    severity: 'warn',
    messages: {
      bashUnguarded:
        "This PreToolUse hook guards {{tools}}, but Bash is available and no PreToolUse hook covers it, so the agent can write the same files with a shell command (echo > file, sed -i). Match Bash too ('{{matcher}}') and check its commands, or remove Bash with {{deny}}.",
    },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report, write) {
    for (const config of model.configurations) {
      const matchers = hookMatchers(config).filter((view) => view.event === 'PreToolUse');
      const guards = matchers.filter((view) => canBlock(model, view)).flatMap(guardedWrites);
      if (guards.length === 0 || !bashAvailable(config)) continue;
      const everyPreToolUse = [...matchers, ...loadedProjectSettings(config).flatMap((settings) => hookMatchers(settings).filter((view) => view.event === 'PreToolUse'))];
      if (everyPreToolUse.some((view) => mayCover(view, 'Bash'))) continue;
      const deny = write.option(write.optionName('disallowedTools'), write.list(['Bash']));
      for (const { matcher, tools } of guards) {
        report({ messageId: 'bashUnguarded', span: matcher.span, data: { tools: listed(tools), matcher: `${matcher.value}|Bash`, deny } });
      }
    }
  },
});

/** `Edit`, `Edit and Write`, `Edit, Write and NotebookEdit`. */
function listed(tools: string[]): string {
  return tools.length === 1 ? tools[0]! : `${tools.slice(0, -1).join(', ')} and ${tools.at(-1)!}`;
}

/** The file-write tools a matcher's string value names, for each value that names some. */
function guardedWrites(view: HookMatcherView): Array<{ matcher: StringValue; tools: string[] }> {
  return view.matcher.flatMap((matcher) => {
    if (matcher.kind !== 'string') return [];
    const tools = [...editTools].filter((tool) => matcherCoverage(matcher.value, tool) === 'all');
    // A matcher that also covers Bash (`*`, `.*`) guards both.
    return tools.length > 0 && matcherCoverage(matcher.value, 'Bash') === 'none' ? [{ matcher, tools }] : [];
  });
}

/** The matcher can cover `tool` on some path: no matcher (every tool), a matching one, or one computed at run time. */
function mayCover(view: HookMatcherView, tool: string): boolean {
  return view.matcher.some((value) => isNotSet(value) || value.kind !== 'string' || matcherCoverage(value.value, tool) !== 'none');
}

/**
 * A hook that can stop a call: a settings command, a callback toolgate
 * cannot see, or one that can return deny, ask or defer. A hook that only
 * logs (returns no decision, or allow) guards nothing.
 */
function canBlock(model: AgentModel, view: HookMatcherView): boolean {
  return view.callbacks.some((callback) => {
    const facts = callback.functionId === undefined ? undefined : model.functions[callback.functionId];
    if (!facts) return true;
    return facts.exits.some((exit) => exitDecisions(exit).some((decision) => !['none', 'allow', 'null'].includes(decision)));
  });
}

/**
 * Bash is certainly available: no deny rule removes it, and the `tools`
 * option, if set, lists it. A list computed at run time may remove it, so
 * it counts as not available.
 */
function bashAvailable(config: AgentConfiguration): boolean {
  if (!optionOf(config, 'tools').values.every(listsBash)) return false;
  if (!optionOf(config, 'disallowedTools').values.every(isKnownList)) return false;
  const denies = [...ruleLists(config), ...loadedProjectSettings(config).flatMap(ruleLists)].filter(({ list }) => list === 'deny');
  return !denies.some(({ entries }) => entries.some((entry) => ruleCoverage(parsePermissionRule(entry.value), 'Bash', 'deny') === 'all'));
}

/** `tools` unset, the preset, or a known list that names Bash. */
function listsBash(value: Value): boolean {
  if (isNotSet(value) || value.kind === 'object') return true;
  return value.kind === 'array' && listEntries([value]).some((entry) => entry.value === 'Bash');
}

function isKnownList(value: Value): boolean {
  if (isNotSet(value)) return true;
  return value.kind === 'array' && value.complete && value.elements.every((element) => element.alternatives.every((entry) => entry.kind === 'string'));
}
