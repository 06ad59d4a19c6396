import type { ArrayValue, Span, StringValue, Value } from './types.js';

/** A string in a list, with the list literal that holds it (none for a string given in place of a list). */
export interface ListEntry {
  entry: StringValue;
  list?: ArrayValue;
  index: number;
}

/** The string entries of list values, as `listEntries` finds them, each with its list. */
export function entriesWithLists(values: readonly Value[]): ListEntry[] {
  const found: ListEntry[] = [];
  const visit = (value: Value, list?: ArrayValue, index = 0): void => {
    if (value.kind === 'string') found.push({ entry: value, ...(list ? { list } : {}), index });
    if (value.kind !== 'array') return;
    value.elements.forEach((element, at) => element.alternatives.forEach((alternative) => visit(alternative, value, at)));
  };
  values.forEach((value) => visit(value));
  return found;
}

/**
 * The text to delete to remove one entry from its list, separator included:
 * up to the next entry, else from the previous one, else everything up to the
 * closing bracket (so `['Bash',]` becomes `[]`, valid in every language).
 * Undefined unless the whole list is written out as one literal, each entry in
 * it and in order: an entry reached through a variable, a ternary, a spread or
 * a join (`concat`, `+`) has no separator here to remove.
 */
export function removalSpan({ entry, list, index }: ListEntry): Span | undefined {
  const spans = list && entrySpans(list);
  if (!list || !spans || spans[index] !== entry.span) return undefined;
  const next = spans[index + 1];
  const previous = spans[index - 1];
  if (next) return { ...entry.span, end: next.start };
  if (previous) return { ...entry.span, start: previous.end };
  return { ...entry.span, end: list.span.end - 1 };
}

/** Each list's entry spans, worked out once: a list with thousands of reported entries stays linear. */
const spansOfList = new WeakMap<ArrayValue, Span[] | undefined>();

function entrySpans(list: ArrayValue): Span[] | undefined {
  // A joined list's entries sit in several literals: the text between two of them is not a separator.
  if (!spansOfList.has(list)) spansOfList.set(list, list.complete && !list.joined ? writtenSpans(list) : undefined);
  return spansOfList.get(list);
}

/** The spans of a list literal's entries, in order; undefined unless each entry is written out in it. */
function writtenSpans(list: ArrayValue): Span[] | undefined {
  const spans: Span[] = [];
  for (const element of list.elements) {
    const [only, ...more] = element.alternatives;
    if (!only || more.length > 0 || !within(only.span, list.span, spans.at(-1)?.end ?? list.span.start)) return undefined;
    spans.push(only.span);
  }
  return spans;
}

function within(span: Span, list: Span, after: number): boolean {
  return span.file === list.file && span.start > after && span.end < list.end;
}

/**
 * The entry's removal as a rule's `suggestions` (shaped as the engine's
 * `Suggestion`), or nothing when `removalSpan` finds no safe edit.
 */
export function removalSuggestions<MessageId extends string>(
  listed: ListEntry,
  messageId: MessageId,
  data: Record<string, string>,
): { suggestions?: Array<{ messageId: MessageId; data: Record<string, string>; edits: Array<{ span: Span; text: string }> }> } {
  const span = removalSpan(listed);
  return span ? { suggestions: [{ messageId, data, edits: [{ span, text: '' }] }] } : {};
}
