/**
 * Type parameter defaults (PEP 696, Python 3.13: `def f[T = int]()`,
 * `class C[T = int]`, `type A[T = int] = ...`) are the one form of the
 * Python 3.13 grammar that the tree-sitter grammar rejects (it parses the
 * standard library of CPython 3.13 otherwise). They never matter to an
 * agent's permissions, so before a second parse each default is blanked
 * out: the same length, newlines kept, so every offset stays where it is.
 */
const header = /^[ \t]*(?:(?:async[ \t]+)?def|class|type)[ \t]+[A-Za-z_]\w*[ \t]*\[/gm;

/** `text` with the defaults of its type parameter lists replaced by blanks; undefined when it has none. */
export function withoutTypeParamDefaults(text: string): string | undefined {
  const chars = [...text];
  let changed = false;
  for (const match of text.matchAll(header)) {
    const open = match.index + match[0].length - 1;
    const close = closingBracket(text, open);
    if (close === undefined) continue;
    for (const [start, end] of defaultsIn(text, open + 1, close)) {
      for (let at = start; at < end; at++) if (text[at] !== '\n' && text[at] !== '\r') chars[at] = ' ';
      changed = true;
    }
  }
  return changed ? chars.join('') : undefined;
}

/** The `]` that closes the `[` at `open`, brackets of every kind nested; undefined when a string or the end comes first. */
function closingBracket(text: string, open: number): number | undefined {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'" || char === '#') return undefined;
    if (char === '[' || char === '(' || char === '{') depth++;
    else if (char === ']' || char === ')' || char === '}') {
      depth--;
      if (depth === 0) return char === ']' ? at : undefined;
    }
  }
  return undefined;
}

/** Each `= default` of a parameter between `start` and `end`, as [from the `=`, to the parameter's end). */
function defaultsIn(text: string, start: number, end: number): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let depth = 0;
  let equals: number | undefined;
  for (let at = start; at <= end; at++) {
    const char = at === end ? ',' : text[at];
    if (char === '[' || char === '(' || char === '{') depth++;
    else if (char === ']' || char === ')' || char === '}') depth--;
    else if (depth === 0 && char === '=' && equals === undefined) equals = at;
    else if (depth === 0 && char === ',') {
      // `T = ` with nothing after the `=` stays, so the parse still fails on it.
      if (equals !== undefined && text.slice(equals + 1, at).trim() !== '') found.push([equals, at]);
      equals = undefined;
    }
  }
  return found;
}
