import { homedir } from 'node:os';
import type { SettingsTier } from '../../model/types.js';

/** The last two segments of a path, with Windows separators read as `/`. */
function tail(path: string): { directory: string; name: string } {
  const parts = path.replace(/\\/g, '/').split('/');
  return { name: parts.at(-1) ?? '', directory: parts.at(-2) ?? '' };
}

/**
 * The Claude Code settings files toolgate reads:
 * `.claude/settings.json`, `.claude/settings.local.json`, and managed
 * settings (`managed-settings.json`, or a `.json` file in a
 * `managed-settings.d/` folder) wherever they are. A `settings.json` outside
 * a `.claude` folder is some other tool's file.
 */
export function isSettingsPath(path: string): boolean {
  return settingsTierOf(path) !== undefined;
}

/**
 * The level Claude Code reads a settings file at. `~/.claude/settings.json`
 * is the user's own file, not a project's, so it is told apart by the home
 * folder (`home`, for tests).
 */
export function settingsTierOf(path: string, home?: string): SettingsTier | undefined {
  // Every settings file's name ends so; discovery asks about every file it walks past.
  if (!path.endsWith('.json')) return undefined;
  const { directory, name } = tail(path);
  if (name === 'managed-settings.json') return 'managed';
  if (directory === 'managed-settings.d' && name.endsWith('.json')) return 'managed';
  if (directory !== '.claude') return undefined;
  if (name === 'settings.local.json') return 'local';
  if (name !== 'settings.json') return undefined;
  // Looked up only here, for the same reason.
  const folder = (home ?? homedir()).replace(/\\/g, '/').replace(/\/+$/, '');
  return folder !== '' && path.replace(/\\/g, '/') === `${folder}/.claude/settings.json` ? 'user' : 'project';
}
