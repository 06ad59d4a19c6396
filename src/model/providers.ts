import { emptyObject, spreadInto } from './build.js';
import type { ObjectValue, Span, ValueSet } from './types.js';

/**
 * The Vercel AI SDK provider `ai-sdk-provider-claude-code` (3.6 and 4.1, on
 * the Agent SDK): `createClaudeCode({ defaultSettings })` makes a provider
 * (`claudeCode` is one without defaults); a model, `provider(id, settings)`
 * or its `languageModel`/`chat` methods, gets `{ ...defaultSettings,
 * ...settings }` and passes the settings below to `query()` under the same
 * names (its `createQueryOptions`; the names either version forwards). Its
 * own settings (`logger`, `streamingInput`, `verbose`, ...) are not SDK
 * options.
 */
export const providerFactories: readonly string[] = ['createClaudeCode'];
export const defaultProviders: readonly string[] = ['claudeCode'];
export const modelMethods: readonly string[] = ['languageModel', 'chat'];

const forwarded = new Set([
  'additionalDirectories',
  'agent',
  'agentProgressSummaries',
  'agents',
  'allowDangerouslySkipPermissions',
  'allowedTools',
  'betas',
  'canUseTool',
  'continue',
  'cwd',
  'debug',
  'debugFile',
  'disallowedTools',
  'effort',
  'enableFileCheckpointing',
  'executable',
  'executableArgs',
  'extraArgs',
  'fallbackModel',
  'forkSession',
  'forwardSubagentText',
  'hooks',
  'includeHookEvents',
  'includePartialMessages',
  'loadTimeoutMs',
  'managedSettings',
  'maxBudgetUsd',
  'maxThinkingTokens',
  'maxTurns',
  'mcpServers',
  'onUserDialog',
  'pathToClaudeCodeExecutable',
  'permissionMode',
  'permissionPromptToolName',
  'permissionPrompts',
  'perTaskStopAffordance',
  'persistSession',
  'planModeInstructions',
  'pluginDelivery',
  'plugins',
  'promptSuggestions',
  'resume',
  'resumeDropsTurn',
  'resumeSessionAt',
  'sandbox',
  'sessionId',
  'sessionStore',
  'sessionStoreFlush',
  'settings',
  'settingSources',
  'skills',
  'spawnClaudeCodeProcess',
  'strictMcpConfig',
  'supportedDialogKinds',
  'systemPrompt',
  'taskBudget',
  'thinking',
  'title',
  'toolAliases',
  'toolConfig',
  'tools',
]);

/** What `sdkOptions` cannot set: the provider's own. */
const managed = ['model', 'abortController', 'prompt', 'outputFormat'];

/**
 * The `query()` options of one model: the provider's default settings with
 * the model's own spread over them, the names the provider forwards kept,
 * then `sdkOptions` (any other option) over those. Without `settingSources`
 * the provider passes `[]`, so no settings file is loaded.
 */
export function providerModelOptions(defaults: ValueSet | undefined, settings: ValueSet | undefined, span: Span): ValueSet {
  const merged = emptyObject(span);
  for (const part of [defaults, settings]) if (part) spreadInto(merged, part, span);
  const options: ObjectValue = { ...merged, properties: new Map([...merged.properties].filter(([key]) => forwarded.has(key))) };
  if (!merged.properties.has('settingSources') && merged.complete) {
    options.properties.set('settingSources', { key: 'settingSources', spelling: 'settingSources', keySpan: span, value: { alternatives: [{ kind: 'array', span, elements: [], complete: true }] } });
  }
  const overlay = merged.properties.get('sdkOptions');
  if (overlay) {
    spreadInto(options, overlay.value, overlay.keySpan);
    for (const key of managed) options.properties.delete(key);
  }
  return { alternatives: [options] };
}
