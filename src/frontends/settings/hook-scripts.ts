import { settingsHooks, stringOf } from '../../model/settings-hooks.js';
import type { AgentConfiguration, HookScript, Value } from '../../model/types.js';
import { scriptOf } from './hook-command.js';
import { nonBlockingExits } from './script-exits.js';

/** A file's text, or undefined when nothing can be read there. Given by the engine: front ends never touch the disk. */
export type ReadFile = (path: string) => string | undefined;

/**
 * The project scripts a settings file's `command` hooks run, read through
 * `readFile`, never run. Only a project's own files (`.claude/settings.json`,
 * `.claude/settings.local.json`) are read: the project folder, which
 * `$CLAUDE_PROJECT_DIR` and relative paths name, is the one holding `.claude/`.
 * User and managed settings run in whichever project is open.
 */
export function hookScriptsOf(config: AgentConfiguration, settingsPath: string, readFile: ReadFile): HookScript[] | undefined {
  if (config.tier !== 'project' && config.tier !== 'local') return undefined;
  return hookScriptsIn(config, settingsPath.replace(/\\/g, '/').split('/').slice(0, -2).join('/'), readFile);
}

/**
 * The scripts the settings hooks of `config` run (a settings file's, or the
 * `settings` option's), read from `project`, the folder Claude Code runs
 * them in and `$CLAUDE_PROJECT_DIR` names.
 */
export function hookScriptsIn(config: AgentConfiguration, project: string, readFile: ReadFile): HookScript[] {
  const scripts: HookScript[] = [];
  for (const hook of settingsHooks(config)) {
    // PowerShell reads the command by other rules.
    if (stringOf(hook.type) !== 'command' || !hook.command || stringOf(hook.shell) === 'powershell') continue;
    const args = execArguments(hook.args);
    const script = args !== null && scriptOf(hook.command.value, args);
    if (!script) continue;
    const path = project === '' ? script.relative : `${project}/${script.relative}`;
    const text = readFile(path);
    scripts.push({
      command: hook.command.span,
      written: script.written,
      runner: script.runner,
      exists: text !== undefined,
      nonBlockingExits: text === undefined ? [] : nonBlockingExits(text, path, script.runner),
    });
  }
  return scripts;
}

/** The exec form's `args` (no shell runs): undefined when there are none, null when one is not a string. */
function execArguments(args: Value | undefined): string[] | undefined | null {
  if (args === undefined) return undefined;
  if (args.kind !== 'array') return null;
  const strings = args.elements.map((element) => stringOf(element.alternatives[0]));
  return strings.every((arg) => arg !== undefined) ? strings : null;
}
