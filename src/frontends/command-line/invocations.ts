import { flagMeaning, optionsFromFlags, splitRules, type FlagUse } from '../../model/cli-flags.js';
import { single } from '../../model/build.js';
import type { AgentConfiguration, Span, Value } from '../../model/types.js';
import { shellCommands, unknownChar, type ShellOptions, type ShellWord } from './shell-words.js';

/**
 * Words that run the command after them: `sudo`, `env`, `npx`, shell
 * keywords. Their own options (`npx -y`) and a `timeout` duration are passed
 * over; anything else before `claude` means the command is not Claude Code.
 */
const wrappers = new Set(['sudo', 'env', 'exec', 'command', 'builtin', 'nohup', 'time', 'timeout', 'nice', 'stdbuf', 'npx', 'bunx', 'pnpx', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', '{']);
/** Package runners whose second word runs the package: `npm exec`, `pnpm dlx`, `yarn dlx`. */
const runners = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const runnerCommands = new Set(['exec', 'dlx', 'x']);

/** `claude`, a path to it, or the npm package `@anthropic-ai/claude-code` (with a version). */
function isClaude(text: string): boolean {
  return /(?:^|\/)claude$/.test(text) || /^@anthropic-ai\/claude-code(?:@[^/\s]*)?$/.test(text);
}

/** The `claude` commands of shell text whose characters are written at `offsetOf(i)`. */
export function shellConfigurations(text: string, offsetOf?: (index: number) => number, options?: ShellOptions): AgentConfiguration[] {
  return shellCommands(text, offsetOf, options).flatMap((words) => {
    const found = claudeArguments(words);
    return found ? [invocationConfiguration(found.command, found.args, 'claude')] : [];
  });
}

/** The words after `claude` when the command runs Claude Code, else undefined. */
export function claudeArguments(words: readonly ShellWord[]): { command: ShellWord; args: ShellWord[] } | undefined {
  let wrapped = false;
  for (let index = 0; index < words.length; index++) {
    const { text } = words[index]!;
    if (isClaude(text)) return { command: words[index]!, args: words.slice(index + 1) };
    if (/^[A-Za-z_]\w*=/.test(text) && !wrapped) continue;
    if (wrappers.has(text)) wrapped = true;
    else if (runners.has(text) && runnerCommands.has(words[index + 1]?.text ?? '')) {
      index++;
      wrapped = true;
    } else if (!wrapped || !(text.startsWith('-') || /^\d/.test(text) || /^[A-Za-z_]\w*=/.test(text))) return undefined;
  }
  return undefined;
}

/**
 * The permission flags among a command's arguments, read as the CLI reads
 * them: `--flag value` or `--flag=value`; a list flag takes every word up to
 * the next that starts with `-`; `--` ends the options.
 */
export function flagUses(args: readonly ShellWord[]): FlagUse[] {
  const uses: FlagUse[] = [];
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    if (word.text === '--') break;
    if (!word.text.startsWith('--')) continue;
    const equals = word.text.indexOf('=');
    const name = word.text.slice(2, equals === -1 ? undefined : equals);
    const meaning = flagMeaning(name);
    if (!meaning || name.includes(unknownChar)) continue;
    const span = spanIn(word, 0, equals === -1 ? word.text.length : equals);
    const pieces: Array<{ word: ShellWord; from: number }> = [];
    if (equals !== -1) pieces.push({ word, from: equals + 1 });
    else if (meaning.takes !== 'nothing' && index + 1 < args.length) pieces.push({ word: args[++index]!, from: 0 });
    if (meaning.takes === 'many') {
      while (index + 1 < args.length && !isOption(args[index + 1]!.text)) pieces.push({ word: args[++index]!, from: 0 });
    }
    const values = pieces.flatMap(({ word: piece, from }) => (meaning.takes === 'many' ? rulesOf(piece, from) : [valueOf(piece, from, piece.text.length)]));
    uses.push({ written: `--${name}`, meaning, span, values });
  }
  return uses;
}

/** The configuration one `claude` command sets, placed from the command name to its last word. */
export function invocationConfiguration(command: ShellWord, args: readonly ShellWord[], entry: string): AgentConfiguration {
  const span: Span = { start: command.start, end: (args.at(-1) ?? command).end };
  return { span, entry, options: single(optionsFromFlags(flagUses(args), span)) };
}

/** What the CLI takes for the next option: a word of two or more characters that starts with `-`. */
function isOption(text: string): boolean {
  return text.length > 1 && text.startsWith('-');
}

function rulesOf(word: ShellWord, from: number): Value[] {
  return splitRules(word.text.slice(from)).map(({ rule, offset }) => valueOf(word, from + offset, from + offset + rule.length));
}

/** The part `from`..`to` of a word: a string placed where it is written, or unknown when any of it is. */
function valueOf(word: ShellWord, from: number, to: number): Value {
  const text = word.text.slice(from, to);
  const span = to > from ? spanIn(word, from, to) : { start: word.start, end: word.end };
  return text.includes(unknownChar) ? { kind: 'unknown', span } : { kind: 'string', value: text, span };
}

function spanIn(word: ShellWord, from: number, to: number): Span {
  return { start: word.at[from] ?? word.start, end: (word.at[to - 1] ?? word.end - 1) + 1 };
}
