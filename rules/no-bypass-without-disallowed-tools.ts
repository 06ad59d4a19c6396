import { defineRule } from '../src/model/rule.js';
import { eachObject, mergesCallers } from '../src/model/alternatives.js';
import { sdkFacts } from '../src/model/sdk-facts.js';
import type { AgentConfiguration, Value } from '../src/model/types.js';
import { certaintyOf, isCertainlyEmptyList, isNotSet, isSet, isString, listEntries, modeSetter, optionOf, originClause, originPlaces, propertyOf, untrustedInputClause } from '../src/model/values.js';

type MessageIds = 'bypassWithoutDeny' | 'allowedToolsIgnored' | 'bypassWithoutDenyRules' | 'bypassInProjectSettings' | 'allowRulesIgnored';

export default defineRule<Record<string, never>, MessageIds>({
  id: 'no-bypass-without-disallowed-tools',
  meta: {
    type: 'problem',
    docs: {
      description: "Disallow permissionMode 'bypassPermissions' without deny rules or a narrowed tool set",
      config: 'recommended',
    },
    severity: 'error',
    messages: {
      bypassWithoutDeny:
        "{{mode}} {{certainty}} 'bypassPermissions'{{from}} with no {{deny}}: every tool, Bash included, runs without any check.{{exposure}} Add {{deny}} for what the agent must never do (e.g. 'Bash(rm *)', 'WebFetch'), or list the tools it needs in {{tools}}.",
      allowedToolsIgnored:
        "{{allowed}} does not limit 'bypassPermissions': every tool is approved whether it is listed or not. Only {{deny}} (or {{tools}}) restricts what the agent can run in this mode.",
      bypassWithoutDenyRules:
        '{{mode}} is "bypassPermissions" with no {{deny}} rules: every tool, Bash included, runs without any check. Add {{deny}} rules for what the agent must never do (e.g. "Bash(rm *)", "WebFetch").',
      bypassInProjectSettings:
        '{{mode}} is "bypassPermissions" with no {{deny}} rules. Claude Code ignores an escalating defaultMode in project settings, so it has no effect from this file, but wherever it is honoured (copied into settings.local.json or user settings, or read by another tool) every tool, Bash included, runs without a check. Remove it, or add {{deny}} rules for what the agent must never do (e.g. "Bash(rm *)", "WebFetch").',
      allowRulesIgnored:
        '{{allowed}} does not limit "bypassPermissions": every tool is approved whether it is listed or not. Only {{deny}} rules restrict what the agent can run in this mode.',
    },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report, write) {
    const names = {
      mode: write.optionName('permissionMode'),
      deny: write.optionName('disallowedTools'),
      tools: write.optionName('tools'),
      allowed: write.optionName('allowedTools'),
    };
    const { settingsFile } = sdkFacts(model);
    const isBypass = (value: Value) => isString(value, 'bypassPermissions');
    for (const config of model.configurations) {
      const bypass = certaintyOf(optionOf(config, 'permissionMode').values, isBypass);
      if (!bypass) continue;
      // Each options object that can set bypass is judged by its own deny rules and allow list.
      for (const one of eachObject(config)) {
        const inOne = certaintyOf(optionOf(one, 'permissionMode').values, isBypass);
        if (!inOne) continue;
        if (hasNoDenyRules(one) && toolsNotNarrowed(optionOf(one, 'tools').values)) {
          const messageId = !settingsFile ? 'bypassWithoutDeny' : config.tier === 'project' ? 'bypassInProjectSettings' : 'bypassWithoutDenyRules';
          for (const value of inOne.matching) {
            report({ messageId, span: value.span, related: originPlaces(value), data: { ...names, ...modeSetter(value, names.mode, bypass.certainty), from: originClause(value), exposure: untrustedInputClause(config) } });
          }
        }
        // The allow list and the mode may be two callers' in an object that merges callers. A list
        // that is empty on every path (a wrapper's `allowed_tools or []`) names nothing to mislead.
        const allowed = optionOf(one, 'allowedTools');
        if (mergesCallers(one) || !isSet(allowed.values) || isCertainlyEmptyList(allowed.values)) continue;
        // Under a mode that is always bypass this message is the one finding for the list: it explains its
        // entries. Not in project settings, where Claude Code drops the escalating mode and the entries apply.
        const honoured = inOne.certainty === 'is' && !(settingsFile && config.tier === 'project');
        const covers = honoured ? listEntries(allowed.values).map((entry) => entry.span) : [];
        for (const property of allowed.properties) {
          report({ messageId: settingsFile ? 'allowRulesIgnored' : 'allowedToolsIgnored', span: property.keySpan, covers, data: { ...names, allowed: property.spelling } });
        }
      }
    }
  },
});

/** No deny rule on any path: neither `disallowedTools` nor deny rules in the `settings` or `managedSettings` options. */
function hasNoDenyRules(config: AgentConfiguration): boolean {
  if (!isCertainlyEmptyList(optionOf(config, 'disallowedTools').values)) return false;
  const settings = [...optionOf(config, 'settings').values, ...optionOf(config, 'managedSettings').values];
  return settings.every((settings) => {
    if (isNotSet(settings)) return true;
    if (settings.kind !== 'object') return false; // a settings file path: its rules are not visible here
    return propertyOf({ alternatives: [settings] }, 'permissions').values.every(
      (permissions) => isNotSet(permissions) || isCertainlyEmptyList(propertyOf({ alternatives: [permissions] }, 'deny').values),
    );
  });
}

/** `tools` absent or the full preset: bypass mode can reach every built-in tool. */
function toolsNotNarrowed(values: Value[]): boolean {
  return values.every((value) => isNotSet(value) || (value.kind === 'object' && value.complete && !value.properties.has('tools')));
}
