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
  // Discovery asks about every file it walks past: the name is cut out, not the whole path split.
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  if (name.endsWith('.sh') || name.endsWith('.bash')) return 'script';
  if (name === 'Makefile' || name === 'makefile' || name === 'GNUmakefile' || name.endsWith('.mk')) return 'makefile';
  if (name === 'package.json') return 'package';
  if ((name.endsWith('.yml') || name.endsWith('.yaml')) && workflowFolder.test(path)) return 'workflow';
  return undefined;
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
