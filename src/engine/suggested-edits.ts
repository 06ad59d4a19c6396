import path from 'node:path';
import type { Span } from '../model/types.js';
import type { ReportSuggestion } from './check.js';
import type { FindingSuggestion } from './findings.js';
import { readText, type SpanLocation } from './sources.js';

/** A report's suggestions placed in their files; the replaced texts are read later (`withReplacedTexts`). */
export function locateSuggestions(
  suggestions: readonly ReportSuggestion[] | undefined,
  locate: (span: Span) => SpanLocation,
): { suggestions?: FindingSuggestion[] } {
  if (!suggestions || suggestions.length === 0) return {};
  return {
    suggestions: suggestions.map(({ messageId, message, edits }) => ({
      messageId,
      message,
      edits: edits.map(({ span, text }) => ({ ...locate(span), span, before: '', text })),
    })),
  };
}

/**
 * Fill in each edit's `before`, the text it replaces, so output can show the
 * exact change. Each file with edits is read once more; a file that has gone
 * since the scan read it gives empty texts, never an error.
 */
export async function withReplacedTexts<T extends { suggestions?: FindingSuggestion[] }>(
  root: string,
  findings: readonly T[],
  readFile: (absolute: string) => string = (absolute) => readText(absolute) ?? '',
): Promise<T[]> {
  const texts = new Map<string, Promise<string>>();
  const textOf = (file: string): Promise<string> => {
    let text = texts.get(file);
    if (!text) texts.set(file, (text = Promise.resolve(readFile(path.resolve(root, file)))));
    return text;
  };
  return Promise.all(
    findings.map(async (finding) => {
      if (!finding.suggestions) return finding;
      const suggestions = await Promise.all(
        finding.suggestions.map(async (suggestion) => ({
          ...suggestion,
          edits: await Promise.all(
            suggestion.edits.map(async (edit) => ({ ...edit, before: (await textOf(edit.path)).slice(edit.span.start, edit.span.end) })),
          ),
        })),
      );
      return { ...finding, suggestions };
    }),
  );
}
