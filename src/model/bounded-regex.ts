/**
 * Regular expressions from the scanned repository (hook matchers) are run by
 * a backtracking engine, so `^(.*){14}X$` can take minutes on one tool name.
 * Only a pattern whose work is bounded is run: short, without backreferences
 * or lookarounds, with no quantified group that holds a quantifier or an
 * alternation (star height 1), and with few quantifiers in all (`.*.*.*.*`
 * multiplies the work by the subject's length per quantifier). On subjects
 * of at most `maxSubjectLength` characters such a pattern is fast; callers
 * treat any other pattern's result as unknown.
 */
const maxPatternLength = 200;
const maxQuantifiers = 3;
export const maxSubjectLength = 100;

const braceQuantifier = /^\{\d+(?:,\d*)?\}/;

/** True for a pattern safe to run with `RegExp` on a subject of at most `maxSubjectLength` characters. */
export function isBoundedRegex(source: string): boolean {
  if (source.length > maxPatternLength) return false;
  // Per open group: whether it holds a quantifier or an alternation.
  const groups: boolean[] = [];
  const markGroup = () => {
    if (groups.length > 0) groups[groups.length - 1] = true;
  };
  let quantifiers = 0;
  let closedComplexGroup = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    const afterComplexGroup = closedComplexGroup;
    closedComplexGroup = false;
    const brace = char === '{' ? braceQuantifier.exec(source.slice(i))?.[0] : undefined;
    if (char === '*' || char === '+' || char === '?' || brace) {
      if (afterComplexGroup) return false;
      quantifiers++;
      markGroup();
      if (brace) i += brace.length - 1;
      if (source[i + 1] === '?') i++; // lazy, not a second quantifier
    } else if (char === '\\') {
      if (/[1-9k]/.test(source[i + 1] ?? '')) return false; // a backreference
      i++;
    } else if (char === '[') {
      i = classEnd(source, i);
    } else if (char === '(') {
      const head = /^\((?:\?(?::|<[A-Za-z_$][\w$]*>)?)?/.exec(source.slice(i))![0];
      if (head === '(?') return false; // a lookaround or another construct
      groups.push(false);
      i += head.length - 1;
    } else if (char === ')') {
      const complex = groups.pop();
      if (complex === undefined) return false;
      if (complex) markGroup();
      closedComplexGroup = complex;
    } else if (char === '|') {
      markGroup();
    }
  }
  return quantifiers <= maxQuantifiers;
}

/** Index of the `]` closing the character class opened at `start` (the end of the text if none). */
function classEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i;
  }
  return source.length;
}
