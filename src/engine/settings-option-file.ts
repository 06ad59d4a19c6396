import path from 'node:path';
import { settingsPathOf, settingsValue, withSettingsOption } from '../frontends/core/settings-option.js';
import { hookScriptsIn } from '../frontends/settings/hook-scripts.js';
import { hookMatchers } from '../model/hooks.js';
import type { AgentConfiguration } from '../model/types.js';
import { optionOf } from '../model/values.js';
import type { SettingsTrouble } from './project-settings.js';
import { readSource } from './sources.js';

/**
 * The settings file a `settings` option names, read as `scan` reads
 * `.claude/settings.json` (never run), in the option's place. The SDK passes
 * the path on as `--settings <path>` and Claude Code, started in the `cwd`
 * option's folder, resolves it from there (`sdk.mjs`: the spawn's `cwd`); a
 * relative path without a literal `cwd` is resolved against the folder
 * `scan` runs in, where agents are usually started. A file that is missing,
 * unreadable or not valid settings JSON is trouble: the run exits 2.
 */
export function withSettingsFile(
  config: AgentConfiguration,
  root: string,
  onTrouble: (trouble: SettingsTrouble) => void,
  consulted: string[],
  onRead?: (absolutePath: string, text: string | undefined, refused: boolean) => void,
): AgentConfiguration {
  const written = settingsPathOf(config);
  if (!written) return config;
  const literalCwd = literalCwdOf(config);
  const base = literalCwd === undefined ? root : path.resolve(root, literalCwd);
  const absolutePath = path.resolve(base, written.value);
  consulted.push(absolutePath);
  const { text, refused } = readSource(absolutePath);
  onRead?.(absolutePath, text, refused !== undefined);
  if (text === undefined) {
    const why = refused ?? 'no such file';
    onTrouble({ absolutePath, refused: `The settings option names this file ('${written.value}', resolved against ${literalCwd === undefined ? 'the folder scan runs in' : 'the cwd option'}), but it cannot be read: ${why}. Claude Code would not start with it.` });
    return config;
  }
  const { value, syntaxErrors } = settingsValue(text, absolutePath);
  if (!value) {
    onTrouble({ absolutePath, text, errors: syntaxErrors });
    return config;
  }
  return withSettingsOption(config, value);
}

/**
 * The configuration with the scripts its `settings` option's command hooks
 * run, read (never run) from the folder Claude Code runs them in, which
 * `$CLAUDE_PROJECT_DIR` names: the literal `cwd` option's, else the folder
 * `scan` runs in. Without a literal `cwd` that folder is where agents are
 * usually started, not certainly theirs, so a script not found there is left
 * out rather than reported missing.
 */
export function withSettingsOptionScripts(config: AgentConfiguration, root: string, consulted: string[]): AgentConfiguration {
  if (!hookMatchers(config).some((view) => view.inSettings)) return config;
  const literalCwd = literalCwdOf(config);
  const folder = literalCwd === undefined ? root : path.resolve(root, literalCwd);
  const scripts = hookScriptsIn(config, folder, (file) => {
    consulted.push(file);
    return readSource(file).text;
  });
  const kept = literalCwd === undefined ? scripts.filter((script) => script.exists) : scripts;
  return kept.length > 0 ? { ...config, hookScripts: kept } : config;
}

/** The `cwd` option when it is one known string. */
function literalCwdOf(config: AgentConfiguration): string | undefined {
  const [cwd, ...others] = optionOf(config, 'cwd').values;
  return cwd?.kind === 'string' && others.length === 0 ? cwd.value : undefined;
}
