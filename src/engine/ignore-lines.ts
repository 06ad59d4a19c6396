/**
 * Ignore lines from the scanned repository (`.gitignore`, config patterns),
 * made safe for the `ignore` package, whose regular expressions backtrack:
 * `a/**` then `/`, repeated a dozen times or more, over a folder 32 levels
 * deep takes seconds to minutes. Consecutive `**` segments mean the same as
 * one, so they are collapsed. A line still holding more than `maxGlobstars` `**` or `maxStars` `*` is not
 * handed over as written, and the replacement checks more, never less: a
 * positive line is dropped (what it ignored is scanned), a negated line
 * re-includes everything beneath the folder its pattern starts with (`!*`,
 * everything, when it has none).
 */
const maxGlobstars = 4;
const maxStars = 16;

/** The lines of an ignore file (or a list of patterns), each safe to match. */
export function safeIgnoreLines(lines: string | readonly string[]): string[] {
  return (typeof lines === 'string' ? lines.split(/\r?\n/) : lines).map(safeIgnoreLine);
}

function safeIgnoreLine(line: string): string {
  // `(?<!\\)`: an escaped `\*` is a literal star, not part of a globstar.
  const collapsed = line.replace(/(?<!\\)(?:\*\*\/){2,}/g, '**/');
  const globstars = collapsed.match(/(?<!\\)\*\*/g)?.length ?? 0;
  const stars = collapsed.match(/(?<!\\)\*/g)?.length ?? 0;
  if (globstars <= maxGlobstars && stars <= maxStars) return collapsed;
  if (!collapsed.startsWith('!')) return '';
  const base = literalBase(collapsed.slice(1));
  return base === '' ? '!*' : `!${base}**`;
}

/**
 * The folders a pattern starts with before its first wildcard, as a prefix
 * (`src/gen/`), or '' when the pattern can match at any depth (no slash
 * before its end) or its first segment already holds a wildcard.
 */
function literalBase(pattern: string): string {
  const anchored = pattern.replace(/\/+$/, '').includes('/');
  if (!anchored) return '';
  const segments = pattern.replace(/^\//, '').split('/');
  const literal = segments.slice(0, segments.findIndex((segment) => /[*?[\\]/.test(segment)));
  return literal.length > 0 ? `/${literal.join('/')}/` : '';
}
