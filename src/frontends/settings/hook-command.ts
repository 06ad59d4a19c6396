/** A script a hook command runs, found by reading the command (never by running it). */
export interface ScriptReference {
  /** The script word as written, e.g. `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`. */
  written: string;
  /** Its path relative to the project folder, `/`-separated. */
  relative: string;
  /** The interpreter named before it (`bash`, `python3`, `node`, ...), or `direct`. */
  runner: string;
}

/** Interpreters a hook command commonly names before its script. */
const interpreters = new Set(['bash', 'sh', 'zsh', 'dash', 'python', 'python3', 'node']);

/**
 * TypeScript runners a project installs as packages: run as
 * `node_modules/.bin/tsx x.ts` or `npx tsx x.ts`. The runner is an install
 * artefact (not committed, not on `PATH` until installed), so it is no
 * script; the file it runs is.
 */
const installedRunners = new Set(['tsx', 'ts-node']);

const projectDir = /^\$(?:CLAUDE_PROJECT_DIR\b|\{CLAUDE_PROJECT_DIR\})/;

/** `$CLAUDE_PROJECT_DIR` or `${CLAUDE_PROJECT_DIR}` at `index`, without copying the rest of the text. */
function projectDirAt(text: string, index: number): string | undefined {
  const sticky = new RegExp(projectDir.source.slice(1), 'y');
  sticky.lastIndex = index;
  return sticky.exec(text)?.[0];
}

/**
 * The project script a hook command runs: `path/to/script`, `bash x.sh`,
 * `python3 x.py`, `node x.js`, with `$CLAUDE_PROJECT_DIR` (quoted or not)
 * standing for the project folder and other paths read from it. Undefined
 * for anything else, since its script cannot be known for certain: a program
 * found on `PATH` (`jq`, `check.sh`), inline shell, pipes, lists,
 * redirections, other variables, flags before the script, `~`, and absolute
 * or `..` paths that leave the project.
 * `args` is the exec form, where `command` is the program and no shell runs.
 */
export function scriptOf(command: string, args?: readonly string[]): ScriptReference | undefined {
  const words = args ? [{ text: command, value: command }, ...args.map((arg) => ({ text: arg, value: arg }))] : shellWords(command);
  if (!words || words.length === 0) return undefined;
  // `NAME=value program`: an environment assignment, not a path.
  if (/^[A-Za-z_]\w*=/.test(words[0]!.value)) return undefined;
  const installed = installedRunner(words.map((word) => word.value));
  if (installed === null) return undefined;
  const program = words[0]!.value.split('/').at(-1)!;
  const runner = installed?.runner ?? (interpreters.has(program) ? program : 'direct');
  const script = installed ? words[installed.script] : runner === 'direct' ? words[0]! : words[1];
  if (!script) return undefined;
  // A program without a slash is looked up on PATH.
  if (runner === 'direct' && !script.value.includes('/')) return undefined;
  const relative = projectRelative(script.value);
  return relative === undefined ? undefined : { written: script.text, relative, runner };
}

/**
 * `npx tsx x.ts`, `node_modules/.bin/tsx x.ts`: the runner and where its
 * script is. Null for another program installed under `node_modules` (or
 * run by `npx`), whose script cannot be known; undefined when the command
 * starts with no such program.
 */
function installedRunner(words: readonly string[]): { runner: string; script: number } | null | undefined {
  const [first = '', second = ''] = words;
  const inBin = /(?:^|\/)node_modules\/\.bin\/([^/]+)$/.exec(first.replace(projectDir, ''))?.[1];
  const [runner, script] = first === 'npx' ? [second, 2] : inBin !== undefined ? [inBin, 1] : [undefined, 0];
  if (runner === undefined) return undefined;
  return installedRunners.has(runner) ? { runner, script } : null;
}

/** `$CLAUDE_PROJECT_DIR/x` and `x` to `x`, normalised; undefined for paths that leave the project, and for flags. */
function projectRelative(value: string): string | undefined {
  const prefix = projectDir.exec(value)?.[0];
  const rest = prefix === undefined ? value : value.slice(prefix.length);
  if (prefix === undefined ? value.startsWith('/') || value.startsWith('-') : !rest.startsWith('/')) return undefined;
  if (rest.includes('$')) return undefined;
  const parts: string[] = [];
  for (const part of rest.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') parts.push(part);
    else if (parts.pop() === undefined) return undefined;
  }
  return parts.length === 0 ? undefined : parts.join('/');
}

interface Word {
  /** As written, quotes included. */
  text: string;
  /** After quote removal; `$CLAUDE_PROJECT_DIR` is kept, other expansions make the command unreadable. */
  value: string;
}

/**
 * The words of a simple shell command, quotes removed. Undefined when the
 * command is more than one program with plain arguments: operators,
 * redirections, substitutions, globs, `~`, or a variable other than
 * `CLAUDE_PROJECT_DIR`.
 */
function shellWords(command: string): Word[] | undefined {
  const words: Word[] = [];
  let text = '';
  let value = '';
  let quote: '"' | "'" | undefined;
  const end = (): void => {
    if (text !== '') words.push({ text, value });
    text = value = '';
  };
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (char === '$') {
      // In single quotes `$` is literal: the path names no folder toolgate can find.
      const variable = quote === "'" ? undefined : projectDirAt(command, i);
      if (variable === undefined) return undefined;
      text += variable;
      value += variable;
      i += variable.length - 1;
    } else if (quote) {
      text += char;
      if (char === quote) quote = undefined;
      else if (quote === '"' && (char === '`' || char === '\\')) return undefined;
      else value += char;
    } else if (char === ' ' || char === '\t') end();
    else if (char === '"' || char === "'") {
      quote = char;
      text += char;
    } else if (/[|&;<>()`\\*?[\]{}~\n\r#]/.test(char)) return undefined;
    else {
      text += char;
      value += char;
    }
  }
  if (quote) return undefined;
  end();
  return words;
}
