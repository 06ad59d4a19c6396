/**
 * A small shell word splitter: enough of POSIX sh to find a command's words
 * and where each character of a word is written, never to run anything.
 * Quotes, backslash escapes and `\` line continuations are honoured;
 * anything whose value is only known when the shell runs (`$VAR`, `${...}`,
 * `$(...)`, backquotes, `$'...'`, and in a workflow GitHub's `${{ ... }}`,
 * which is replaced even inside single quotes) is an unknown part of the
 * word. Commands are split at newlines, `;`, `&`, `|`, `(` and `)`;
 * redirections and their targets are dropped; comments and here-document
 * bodies are skipped. The commands inside a `$(...)` are found too, to a
 * bounded depth. One pass over the text, so the cost is linear.
 */

/** Stands for a character whose value is unknown until the shell runs. */
export const unknownChar = '\u0000';

export interface ShellWord {
  /** The word as the shell passes it, with `unknownChar` for each unknown part. */
  text: string;
  /** Where each character of `text` is written (file offsets). */
  at: number[];
  start: number;
  end: number;
}

export interface ShellOptions {
  /** Treat GitHub's `${{ ... }}` as unknown wherever it is (workflow files). */
  expressions?: boolean;
}

/** Depth to which command substitutions are split in turn. */
const maxDepth = 4;

/**
 * The commands of `text`, each a list of words. `offsetOf(i)` is where the
 * character `text[i]` is written in the file (the identity for a file that
 * is itself a script; a decoded JSON or YAML string maps back to its source).
 */
export function shellCommands(text: string, offsetOf: (index: number) => number = (index) => index, options: ShellOptions = {}, depth = 0): ShellWord[][] {
  const commands: ShellWord[][] = [];
  const nested: Array<[number, number]> = [];
  let command: ShellWord[] = [];
  let word: ShellWord | undefined;
  let dropNext = false;
  const heredocs: Array<{ delimiter: string; tabs: boolean }> = [];
  let index = 0;

  const add = (char: string, from: number): void => {
    word ??= { text: '', at: [], start: offsetOf(from), end: offsetOf(from) };
    word.text += char;
    word.at.push(offsetOf(from));
  };
  const unknownFrom = (from: number, to: number): void => {
    add(unknownChar, from);
    word!.end = offsetOf(Math.max(from, to - 1)) + 1;
  };
  const endWord = (): void => {
    if (word && !dropNext) command.push(word);
    else if (word) dropNext = false;
    word = undefined;
  };
  const endCommand = (): void => {
    endWord();
    dropNext = false;
    if (command.length > 0) commands.push(command);
    command = [];
  };
  const touched = (to: number): void => {
    if (word) word.end = offsetOf(to - 1) + 1;
  };

  while (index < text.length) {
    const char = text[index]!;
    const next = text[index + 1];
    if (options.expressions && char === '$' && next === '{' && text[index + 2] === '{') {
      const close = text.indexOf('}}', index + 3);
      const to = close === -1 ? text.length : close + 2;
      unknownFrom(index, to);
      index = to;
    } else if (char === '\\') {
      if (next === '\n') index += 2;
      else if (next === '\r' && text[index + 2] === '\n') index += 3;
      else if (next === undefined) index++;
      else {
        add(next, index + 1);
        index += 2;
        touched(index);
      }
    } else if (char === "'") {
      const close = text.indexOf("'", index + 1);
      const to = close === -1 ? text.length : close;
      word ??= { text: '', at: [], start: offsetOf(index), end: offsetOf(index) };
      for (let at = index + 1; at < to; at++) {
        if (options.expressions && text.startsWith('${{', at)) {
          const end = text.indexOf('}}', at + 3);
          const stop = end === -1 || end + 2 > to ? to : end + 2;
          add(unknownChar, at);
          at = stop - 1;
        } else add(text[at]!, at);
      }
      index = Math.min(to + 1, text.length);
      touched(index);
    } else if (char === '"') {
      word ??= { text: '', at: [], start: offsetOf(index), end: offsetOf(index) };
      index = doubleQuoted(index + 1);
      touched(index);
    } else if (char === '$' || char === '`') {
      index = expansion(index);
    } else if (char === ' ' || char === '\t' || char === '\r') {
      endWord();
      index++;
    } else if (char === '\n') {
      endCommand();
      index = skipHeredocs(index + 1);
    } else if (char === '#' && !word) {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end;
    } else if (char === ';' || char === '&' || char === '|' || char === '(' || char === ')') {
      endCommand();
      index++;
    } else if (char === '<' || char === '>') {
      index = redirection(index);
    } else {
      add(char, index);
      index++;
      touched(index);
    }
  }
  endCommand();
  if (depth < maxDepth) {
    for (const [from, to] of nested) {
      commands.push(...shellCommands(text.slice(from, to), (at) => offsetOf(from + at), options, depth + 1));
    }
  }
  return commands;

  /** A double-quoted part from `from` (after the quote); returns the index after the closing quote. */
  function doubleQuoted(from: number): number {
    let at = from;
    while (at < text.length && text[at] !== '"') {
      const char = text[at]!;
      if (options.expressions && text.startsWith('${{', at)) {
        const close = text.indexOf('}}', at + 3);
        const to = close === -1 ? text.length : close + 2;
        add(unknownChar, at);
        at = to;
      } else if (char === '\\' && text[at + 1] === '\n') at += 2;
      else if (char === '\\' && '$`"\\'.includes(text[at + 1] ?? '')) {
        add(text[at + 1]!, at + 1);
        at += 2;
      } else if (char === '$' || char === '`') {
        at = expansion(at, true);
      } else {
        add(char, at);
        at++;
      }
    }
    return Math.min(at + 1, text.length);
  }

  /** `$...` or a backquoted command at `from`: an unknown part; returns the index after it. */
  function expansion(from: number, quoted = false): number {
    const char = text[from]!;
    const next = text[from + 1];
    let to: number;
    if (char === '`') {
      const close = text.indexOf('`', from + 1);
      to = close === -1 ? text.length : close + 1;
      nested.push([from + 1, close === -1 ? text.length : close]);
    } else if (next === '(') {
      to = closing(from + 2, '(', ')');
      nested.push([from + 2, Math.max(from + 2, to - 1)]);
    } else if (next === '{') {
      to = closing(from + 2, '{', '}');
    } else if (next === "'" && !quoted) {
      let at = from + 2;
      while (at < text.length && text[at] !== "'") at += text[at] === '\\' ? 2 : 1;
      to = Math.min(at + 1, text.length);
    } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
      to = from + 1;
      while (to < text.length && /\w/.test(text[to]!)) to++;
    } else if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
      to = from + 2;
    } else {
      add('$', from);
      touched(from + 1);
      return from + 1;
    }
    unknownFrom(from, to);
    return to;
  }

  /** The index after the bracket that closes one opened before `from`. */
  function closing(from: number, open: string, close: string): number {
    let depthHere = 1;
    for (let at = from; at < text.length; at++) {
      if (text[at] === '\\') at++;
      else if (text[at] === open) depthHere++;
      else if (text[at] === close && --depthHere === 0) return at + 1;
    }
    return text.length;
  }

  /** `>`, `>>`, `2>&1`, `<`, `<<EOF`: the operator and its target are not words of the command. */
  function redirection(from: number): number {
    // A file descriptor number written against the operator belongs to it.
    if (word && /^\d+$/.test(word.text)) word = undefined;
    else endWord();
    let at = from;
    if (text.startsWith('<<', at) && text[at + 2] !== '<') {
      at += 2;
      const tabs = text[at] === '-';
      if (tabs) at++;
      while (text[at] === ' ' || text[at] === '\t') at++;
      const match = /^(['"]?)([^\s'";&|<>()]+)\1/.exec(text.slice(at, at + 200));
      if (match) {
        heredocs.push({ delimiter: match[2]!, tabs });
        return at + match[0].length;
      }
      return at;
    }
    while (at < text.length && '<>&|'.includes(text[at]!)) at++;
    // `2>&1`, `>&2`: the target is a descriptor written right after.
    if (/^\d+/.test(text.slice(at, at + 4)) && text[at - 1] === '&') {
      while (at < text.length && /\d/.test(text[at]!)) at++;
      return at;
    }
    dropNext = true;
    return at;
  }

  /** After a newline: the bodies of the here-documents opened on the line that ended. */
  function skipHeredocs(from: number): number {
    let at = from;
    while (heredocs.length > 0) {
      const { delimiter, tabs } = heredocs.shift()!;
      for (;;) {
        if (at >= text.length) return text.length;
        const end = text.indexOf('\n', at);
        const line = text.slice(at, end === -1 ? text.length : end).replace(/\r$/, '');
        at = end === -1 ? text.length : end + 1;
        if ((tabs ? line.replace(/^\t+/, '') : line) === delimiter) break;
      }
    }
    return at;
  }
}
