import type { StringValue, TextEdit } from './types.js';

/**
 * Replace the text inside a string literal's quotes. Only for a literal
 * written verbatim (one literal whose text is the value between two quotes:
 * no escapes, no prefix such as `r"..."`), so the edit cannot break the
 * string. The edit names its file only when it is not the model's own
 * (`path`; see TextEdit).
 */
export function insideQuotes(value: StringValue, replacement: string, path: string): TextEdit | undefined {
  const { start, end, file } = value.span;
  if (!value.literal || end - start !== value.value.length + 2) return undefined;
  return { span: { start: start + 1, end: end - 1, ...(file === undefined || file === path ? {} : { file }) }, text: replacement };
}
