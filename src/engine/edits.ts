import type { TextEdit } from '../model/rule.js';

/**
 * Apply the edits of one file to its text (offsets as the model's spans: BOM
 * removed). Overlapping edits have no single meaning: they are a rule bug
 * and throw, as ESLint does. Insertions at one offset keep their order.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  let result = '';
  let at = 0;
  for (const [index, { span, text: inserted }] of sorted.entries()) {
    if (span.start > span.end || span.end > text.length) {
      throw new Error(`Edit ${span.start}-${span.end} lies outside the text (length ${text.length}).`);
    }
    const previous = sorted[index - 1];
    if (previous && span.start < at) {
      throw new Error(`Edits ${previous.span.start}-${previous.span.end} and ${span.start}-${span.end} overlap.`);
    }
    result += text.slice(at, span.start) + inserted;
    at = span.end;
  }
  return result + text.slice(at);
}
