import { LineIndex } from '../../model/line-index.js';
import type { ScriptExit } from '../../model/types.js';

type ScriptLanguage = 'shell' | 'python' | 'javascript';

/** Exits with code 1 in each language; the code is the last `1` of the match. */
const exitOne: Record<ScriptLanguage, RegExp> = {
  shell: /(?<![\w$./-])exit[ \t]+1(?![\w.])/g,
  python: /(?<![\w.])(?:(?:sys\.exit|exit|quit|os\._exit)\([ \t]*1[ \t]*\)|raise[ \t]+SystemExit\([ \t]*1[ \t]*\))/g,
  javascript: /(?<![\w.$])process\.(?:exit\([ \t]*1[ \t]*\)|exitCode[ \t]*=[ \t]*1(?![\w.]))/g,
};

/**
 * The exits with code 1 in a hook script's text (`file` is the script's path),
 * outside comments and string literals. A script whose language cannot be
 * told (from its runner, its extension or its `#!` line) has none.
 */
export function nonBlockingExits(text: string, file: string, runner: string): ScriptExit[] {
  const language = languageOf(runner, file, text);
  if (!language) return [];
  const code = withoutCommentsAndStrings(text, language);
  const exits: ScriptExit[] = [];
  // Lines by binary search over line starts: counting newlines per exit was quadratic in the script.
  let lines: LineIndex | undefined;
  for (const match of code.matchAll(exitOne[language])) {
    const start = match.index;
    const written = text.slice(start, start + match[0].length);
    const one = written.lastIndexOf('1');
    exits.push({
      span: { start, end: start + written.length, file },
      line: (lines ??= new LineIndex(text)).locate(start).line,
      blocking: `${written.slice(0, one)}2${written.slice(one + 1)}`,
    });
  }
  return exits;
}

function languageOf(runner: string, file: string, text: string): ScriptLanguage | undefined {
  if (/^(?:ba|z|da)?sh$/.test(runner)) return 'shell';
  if (/^python3?$/.test(runner)) return 'python';
  // TypeScript runners: the exits are written as in JavaScript.
  if (/^(?:node|tsx|ts-node)$/.test(runner)) return 'javascript';
  const extension = /\.(\w+)$/.exec(file)?.[1];
  if (extension && /^(?:sh|bash|zsh)$/.test(extension)) return 'shell';
  if (extension === 'py') return 'python';
  if (extension && /^[mc]?[jt]s$/.test(extension)) return 'javascript';
  const shebang = /^#!(.*)/.exec(text)?.[1] ?? '';
  if (/\bpython/.test(shebang)) return 'python';
  if (/\bnode\b/.test(shebang)) return 'javascript';
  if (/\b(?:ba|z|da)?sh\b/.test(shebang)) return 'shell';
  return undefined;
}

/**
 * The text with comments and the insides of string literals blanked out
 * (newlines kept), so offsets still match. An approximation of each
 * language's lexer: enough that `echo "exit 1"` or `# exit 1` is not code.
 */
function withoutCommentsAndStrings(text: string, language: ScriptLanguage): string {
  // The blanked ranges, applied once at the end: an array of one string per character overflows on a large script.
  const blanked: Array<[number, number]> = [];
  const blank = (from: number, to: number): void => {
    if (from < to) blanked.push([from, Math.min(to, text.length)]);
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const next = text[i + 1];
    const lineComment =
      language === 'javascript' ? char === '/' && next === '/' : char === '#' && (language === 'python' || i === 0 || /[\s;&|(]/.test(text[i - 1]!));
    if (lineComment) {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (language === 'javascript' && char === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (char === '"' || char === "'" || (char === '`' && language === 'javascript')) {
      const quote = language === 'python' && text.startsWith(char.repeat(3), i) ? char.repeat(3) : char;
      const stop = closingQuote(text, i + quote.length, quote, language !== 'shell' || char === '"');
      blank(i + quote.length, stop - quote.length);
      i = stop;
    } else i++;
  }
  const parts: string[] = [];
  let done = 0;
  for (const [from, to] of blanked) {
    parts.push(text.slice(done, from), text.slice(from, to).replace(/[^\n]/g, ' '));
    done = to;
  }
  parts.push(text.slice(done));
  return parts.join('');
}

/** The offset just past the quote that closes a string opened before `from`. */
function closingQuote(text: string, from: number, quote: string, escapes: boolean): number {
  for (let i = from; i < text.length; i++) {
    if (escapes && text[i] === '\\') i++;
    else if (text.startsWith(quote, i)) return i + quote.length;
  }
  return text.length;
}
