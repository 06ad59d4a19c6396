import type { AgentModel, Language } from './types.js';

/** What a file is written against: one of the two Agent SDKs, or a Claude Code file that holds no code. */
export type Sdk = 'typescript-sdk' | 'python-sdk' | 'claude-code-settings' | 'claude-code-frontmatter' | 'claude-code-command-line';

/** Where the SDKs and file formats behave differently, as facts rules read instead of asking for a language. */
export interface SdkFacts {
  /**
   * A hook callback matcher takes `onFailure` (`HookCallbackMatcher` in the
   * TypeScript SDK's sdk.d.ts); Python's `HookMatcher` has only `matcher`,
   * `hooks` and `timeout` (claude_agent_sdk/types.py).
   */
  hasOnFailure: boolean;
  /**
   * What the SDK does when `canUseTool` answers with no decision: the
   * TypeScript SDK's promise never settles, so the call waits; Python's
   * `_internal/query.py` raises a `TypeError` for anything but a
   * `PermissionResultAllow` or `PermissionResultDeny`. Undefined where a
   * file has no `canUseTool`.
   */
  undecidedCanUseTool?: 'waits' | 'raises';
  /**
   * The options are a Claude Code settings file's entries: deny rules in
   * `permissions.deny`, and a project tier whose escalating `defaultMode`
   * Claude Code ignores.
   */
  settingsFile: boolean;
}

const facts: Readonly<Record<Sdk, SdkFacts>> = {
  'typescript-sdk': { hasOnFailure: true, undecidedCanUseTool: 'waits', settingsFile: false },
  'python-sdk': { hasOnFailure: false, undecidedCanUseTool: 'raises', settingsFile: false },
  'claude-code-settings': { hasOnFailure: false, settingsFile: true },
  'claude-code-frontmatter': { hasOnFailure: false, settingsFile: false },
  'claude-code-command-line': { hasOnFailure: false, settingsFile: false },
};

const sdkOfLanguage: Readonly<Record<Language, Sdk>> = {
  typescript: 'typescript-sdk',
  javascript: 'typescript-sdk',
  python: 'python-sdk',
  settings: 'claude-code-settings',
  frontmatter: 'claude-code-frontmatter',
  'command-line': 'claude-code-command-line',
};

/** The SDK a model's file is written against. */
export function sdkOf(model: AgentModel): Sdk {
  return sdkOfLanguage[model.language];
}

/** The facts of the SDK a model's file is written against. */
export function sdkFacts(model: AgentModel): SdkFacts {
  return facts[sdkOf(model)];
}
