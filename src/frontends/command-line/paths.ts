import { permissionFlags } from '../../model/cli-flags.js';

/**
 * Files that run Claude Code on the command line: shell scripts (`.sh`,
 * `.bash`), Makefiles (`Makefile`, `makefile`, `GNUmakefile`, `*.mk`),
 * `package.json` (its `scripts`) and GitHub workflows
 * (`.github/workflows/*.yml|yaml`). Files are chosen by name: a script
 * without an extension would have to be opened to read its `#!` line, and
 * discovery reads no file it does not check.
 */
export type CommandLineKind = 'script' | 'makefile' | 'package' | 'workflow';

export function commandLineKindOf(path: string): CommandLineKind | undefined {
  // Discovery asks about every file it walks past: endings are tested on the path itself, and the name cut out only when one matches.
  if (path.endsWith('.sh') || path.endsWith('.bash')) return 'script';
  if (path.endsWith('.mk') || (path.endsWith('akefile') && makefiles.has(nameOf(path)))) return 'makefile';
  if (path.endsWith('package.json') && nameOf(path) === 'package.json') return 'package';
  if ((path.endsWith('.yml') || path.endsWith('.yaml')) && workflowFolder.test(path)) return 'workflow';
  return undefined;
}

const makefiles = new Set(['Makefile', 'makefile', 'GNUmakefile']);

function nameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** A file directly in `.github/workflows/`. */
const workflowFolder = /(?:^|[\\/])\.github[\\/]workflows[\\/][^\\/]+$/;

export function isCommandLinePath(path: string): boolean {
  return commandLineKindOf(path) !== undefined;
}

/** The Claude Code GitHub Actions, whose inputs pass flags to the CLI. */
export const claudeActions: readonly string[] = ['anthropics/claude-code-action', 'anthropics/claude-code-base-action'];

/**
 * Whether the text can run Claude Code with a permission flag: `claude`
 * and one of the flags, or one of the Claude Code Actions. Most scripts,
 * Makefiles and workflows cost only this search.
 */
export function mentionsClaudeFlags(text: string): boolean {
  if (claudeActions.some((action) => text.includes(action))) return true;
  return text.includes('claude') && permissionFlags.some((flag) => text.includes(flag));
}
