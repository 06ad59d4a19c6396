import { defineRule, type Reporter } from '../src/model/rule.js';
import { decisionOf, exitDecisions, type ResultShape } from '../src/model/decisions.js';
import { echoingCommandHook } from '../src/model/echoed-output.js';
import { narrowedTo } from '../src/model/alternatives.js';
import { hookMatchers } from '../src/model/hooks.js';
import { allowEntries } from '../src/model/allow-lists.js';
import { removalSuggestions } from '../src/model/list-removal.js';
import { appliedRule, isMcpTool, isWholeMcpServer, isWholeToolRule, namesATool, scopedExample } from '../src/model/permission-rules.js';
import { isRetiredToolName } from '../src/model/tool-names.js';
import { loadedProjectSettings, settingsFileNames } from '../src/model/setting-sources.js';
import type { SourceWriter } from '../src/model/source-writer.js';
import type { AgentConfiguration, AgentModel, FunctionFacts, StringValue, Value } from '../src/model/types.js';
import { certaintyOf, isNotSet, isSet, isString, listEntries, modeSetter, optionOf, originClause, originPlaces } from '../src/model/values.js';

type Options = { allow: string[]; checkAutoMode: boolean };
type MessageIds =
  | 'bypassMode'
  | 'dontAskMode'
  | 'acceptEditsMode'
  | 'autoMode'
  | 'promptsNone'
  | 'wholeToolAllowed'
  | 'mcpToolAllowed'
  | 'allSkills'
  | 'hookApproves'
  | 'requestHookApproves'
  | 'settingsAllowed'
  | 'removeEntry';

/** Modes that decide before canUseTool, and the message for each. */
const shadowingModes: Array<[string, MessageIds]> = [
  ['bypassPermissions', 'bypassMode'],
  ['dontAsk', 'dontAskMode'],
  ['acceptEdits', 'acceptEditsMode'],
  ['auto', 'autoMode'],
];

export default defineRule<Options, MessageIds>({
  id: 'no-shadowed-can-use-tool',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow configuration that approves or denies tool calls before canUseTool can see them',
      config: 'recommended',
    },
    severity: 'error',
    messages: {
      bypassMode:
        "{{mode}} {{certainty}} 'bypassPermissions'{{from}}, so {{callback}} is never called: every tool call is approved before it runs. Use 'default' with {{callback}}, or gate calls with a PreToolUse hook, which holds in every mode.",
      dontAskMode:
        "{{mode}} {{certainty}} 'dontAsk'{{from}}, so {{callback}} is never called: calls that are not pre-approved are denied without asking it. Use 'default' to let {{callback}} decide.",
      acceptEditsMode:
        "{{mode}} {{certainty}} 'acceptEdits'{{from}}, so {{callback}} is skipped for file edits and filesystem commands (mkdir, touch, rm, mv, cp, sed) inside the working directory. Use 'default' if {{callback}} must see them, or check them in a PreToolUse hook.",
      autoMode:
        "{{mode}} {{certainty}} 'auto'{{from}}: a classifier approves most calls and {{callback}} only sees the ones it cannot decide. Use 'default' if {{callback}} must see every call.",
      promptsNone:
        "permissionPrompts 'none' denies every call that would prompt, so {{callback}} is never called. Remove permissionPrompts, or remove {{callback}}.",
      wholeToolAllowed:
        "'{{entry}}' in {{option}} approves every {{tool}} call before {{callback}} runs, so the callback never sees them. Scope it, e.g. {{example}}, or remove it and let {{callback}} decide.",
      mcpToolAllowed:
        "'{{entry}}' in {{option}} approves every call of this MCP tool before {{callback}} runs, so the callback never sees them. Remove it and let {{callback}} decide.",
      settingsAllowed:
        "'{{entry}}' approves every {{tool}} call before canUseTool runs in each configuration that loads {{file}} (listed with this finding), so the callback never sees them. Scope the rule, or set settingSources in those configurations to sources without '{{tier}}' (e.g. ['user'] or []).",
      allSkills:
        "skills: 'all' adds a bare 'Skill' allow rule, so {{callback}} never sees Skill calls. List the skills the agent needs instead.",
      hookApproves:
        "{{hook}} returns permissionDecision 'allow' on every path, so {{callback}} never sees {{tools}}. Return no decision ({}) for the calls {{callback}} should judge.",
      requestHookApproves:
        "{{hook}} answers every PermissionRequest with behavior 'allow', and PermissionRequest hooks decide before {{callback}}, so {{callback}} never sees {{tools}}. Return no decision ({}) for the requests {{callback}} should judge.",
      removeEntry: "Remove '{{entry}}' from the list, so {{callback}} decides its calls.",
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: { type: 'string' },
            description: 'Tool names or allow rules that may skip canUseTool on purpose (e.g. "Read").',
          },
          checkAutoMode: {
            type: 'boolean',
            description: "Also report permissionMode 'auto', where canUseTool only sees what the classifier cannot decide. On in the strict config.",
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allow: [], checkAutoMode: false }],
  },
  strictOptions: { checkAutoMode: true },
  check(model, options, report, write) {
    const callback = write.optionName('canUseTool');
    for (const configuration of model.configurations) {
      // Written in the options (or spread in from a known object): an unknown spread (`...options`) is not a callback.
      // Of several options objects, only those that set the callback.
      const config = narrowedTo(configuration, (one) => {
        const given = optionOf(one, 'canUseTool');
        return given.properties.length > 0 && isSet(given.values);
      });
      if (!config) continue;
      const mode = optionOf(config, 'permissionMode');
      for (const [name, messageId] of shadowingModes) {
        if (name === 'auto' && !options.checkAutoMode) continue;
        const found = certaintyOf(mode.values, (value) => isString(value, name));
        for (const value of found?.matching ?? []) {
          report({ messageId, span: value.span, related: originPlaces(value), data: { ...modeSetter(value, write.optionName('permissionMode'), found!.certainty), from: originClause(value), callback } });
        }
      }
      for (const value of optionOf(config, 'permissionPrompts').values) {
        if (isString(value, 'none')) report({ messageId: 'promptsNone', span: value.span, data: { callback } });
      }
      // The settings option's allow rules too: they approve before the callback like allowedTools.
      for (const listed of allowEntries(config)) {
        const { entry, option } = listed;
        const rule = appliedRule(entry.value, 'allow', listed.fromSettings);
        if (!rule || !namesATool(rule) || isRetiredToolName(rule.tool) || !isWholeToolRule(rule) || options.allow.includes(rule.tool) || options.allow.includes(entry.value)) continue;
        // Both messages already name removal as a fix: the callback then sees the calls, as its author meant.
        const at = { span: entry.span, ...removalSuggestions(listed, 'removeEntry', { entry: entry.value, callback }) };
        if (isMcpTool(rule.tool) && !isWholeMcpServer(rule.tool)) {
          report({ messageId: 'mcpToolAllowed', ...at, data: { entry: entry.value, option, callback } });
          continue;
        }
        report({
          messageId: 'wholeToolAllowed',
          ...at,
          data: { entry: entry.value, tool: rule.tool, option, callback, example: scopedExample(rule.tool) },
        });
      }
      for (const value of optionOf(config, 'skills').values) {
        if (isString(value, 'all')) report({ messageId: 'allSkills', span: value.span, data: { callback } });
      }
      reportApprovingHooks(model, config, callback, report);
      reportSettingsAllowRules(write, config, options, callback, report);
    }
  },
});

/**
 * Whole-tool allow rules in the project's settings files that this
 * configuration loads (found by `scan` next to the code). The SDK's own
 * warning can only say they are "not visible here".
 */
function reportSettingsAllowRules(
  write: SourceWriter,
  config: AgentConfiguration,
  options: Options,
  callback: string,
  report: Reporter<MessageIds>,
): void {
  const sourcesOption = optionOf(config, 'settingSources');
  const anchor = sourcesOption.properties[0]?.keySpan ?? optionOf(config, 'canUseTool').properties[0]?.keySpan;
  if (!anchor) return;
  for (const settings of loadedProjectSettings(config)) {
    const file = settingsFileNames[settings.tier!]!;
    for (const entry of listEntries(optionOf(settings, 'allowedTools').values)) {
      const rule = appliedRule(entry.value, 'allow', true);
      if (!rule || !namesATool(rule) || isRetiredToolName(rule.tool) || !isWholeToolRule(rule) || options.allow.includes(rule.tool) || options.allow.includes(entry.value)) continue;
      const sources = sourcesOption.properties.length > 0 ? `${write.optionName('settingSources')} includes '${settings.tier}'` : `${write.optionName('settingSources')} is not set`;
      // Reported once at the entry, however many configurations load the file: each is a related place.
      report({
        messageId: 'settingsAllowed',
        span: entry.span,
        data: { entry: entry.value, file, tool: rule.tool, tier: settings.tier! },
        related: [{ span: anchor, message: `This configuration loads ${file} (${sources}), so ${callback} never sees ${rule.tool} calls.` }],
      });
    }
  }
}


function reportApprovingHooks(
  model: AgentModel,
  config: AgentConfiguration,
  callback: string,
  report: Reporter<MessageIds>,
): void {
  // A PermissionRequest hook answers where the callback would be asked; its allow is final too.
  const messageIds: Record<string, MessageIds> = { PreToolUse: 'hookApproves', PermissionRequest: 'requestHookApproves' };
  for (const matcher of hookMatchers(config)) {
    const messageId = Object.hasOwn(messageIds, matcher.event) ? messageIds[matcher.event]! : undefined;
    if (!messageId) continue;
    for (const hook of matcher.callbacks) {
      const facts = hook.functionId === undefined ? undefined : model.functions[hook.functionId];
      const command = facts ? undefined : echoedAllow(hook.value, matcher.event as ResultShape);
      if (command) report({ messageId, span: command.span, data: { hook: 'This command hook', callback, tools: coveredTools(matcher.matcher) } });
      if (!facts || !alwaysAllows(facts, matcher.event as ResultShape)) continue;
      report({ messageId, span: hook.span, data: { hook: facts.name ? `'${facts.name}'` : 'This hook', callback, tools: coveredTools(matcher.matcher) } });
    }
  }
}

/** A settings `command` hook that prints an allow on every run (`echo '{...}'`): its command string. */
function echoedAllow(hook: Value | undefined, event: ResultShape): StringValue | undefined {
  const echoing = echoingCommandHook(hook);
  return echoing && decisionOf(echoing.output, event) === 'allow' ? echoing.command : undefined;
}

/** Every normal exit returns allow, as the event reads it (a throw is a failure, not a path that decides). */
function alwaysAllows(facts: FunctionFacts, event: ResultShape): boolean {
  const decisions = facts.exits.flatMap((exit) => exitDecisions(exit, event));
  return decisions.length > 0 && decisions.every((decision) => decision === 'allow') && facts.exits.every((exit) => exit.kind !== 'end');
}

/** What a matcher covers, in words: `Bash calls`, or `any tool call` for a missing or `*` matcher. */
function coveredTools(matcher: Value[]): string {
  const matchesAll = (value: Value): boolean => isNotSet(value) || isString(value, '', '*');
  if (matcher.every(matchesAll)) return 'any tool call';
  const [only] = matcher;
  return matcher.length === 1 && only?.kind === 'string' ? `${only.value} calls` : 'the calls its matcher covers';
}
