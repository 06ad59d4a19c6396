import { parse, type DocumentNode, type Token } from '@humanwhocodes/momoa';
import type { SyntaxError } from '../contract.js';

export interface ParsedSettings {
  /** Undefined when the text cannot be read as JSON even with comments and trailing commas allowed. */
  document?: DocumentNode;
  syntaxErrors: SyntaxError[];
}

/** The consequence every syntax message ends with: the file is not a partial success. */
const ignored = 'Claude Code reads settings as plain JSON and ignores a file it cannot parse.';

/**
 * Parse a settings file as Claude Code does: plain JSON (`JSON.parse`
 * decides what is valid, with its own message), no comments, no trailing
 * commas; Claude Code reports such a file as invalid and applies none of
 * it. A file whose only faults are comments or trailing commas is still
 * read as JSONC, so its rules are checked, and each comment and trailing
 * comma is a syntax error. Never throws.
 */
export function parseSettings(text: string): ParsedSettings {
  const invalid = jsonError(text);
  if (!invalid) {
    try {
      return { document: parse(text, { mode: 'json', ranges: true }), syntaxErrors: [] };
    } catch (error) {
      return { syntaxErrors: [locatedError(error, text)] };
    }
  }
  let document: DocumentNode;
  try {
    document = parse(text, { mode: 'jsonc', allowTrailingCommas: true, ranges: true, tokens: true });
  } catch (error) {
    const located = locatedError(error, text);
    return { syntaxErrors: [error instanceof RangeError ? located : fromJsonParse(invalid, located.span.start, text)] };
  }
  const extensions = jsoncExtensions(document.tokens ?? []);
  // JSON.parse can reject what JSONC accepts for other reasons (a raw control character in a string).
  return { document, syntaxErrors: extensions.length > 0 ? extensions : [fromJsonParse(invalid, 0, text)] };
}

/** Why `JSON.parse` rejects the text, if it does: the same verdict Claude Code reaches. */
function jsonError(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * `JSON.parse`'s message, placed at the position it names, or at `fallback`
 * (the position momoa found) when it names none.
 */
function fromJsonParse(message: string, fallback: number, text: string): SyntaxError {
  const position = /\bat position (\d+)/.exec(message);
  const start = Math.min(position ? Number(position[1]) : fallback, text.length);
  const words = message
    // The position is reported on its own, and a quote of the text can be long.
    .replace(/\s+in JSON at position \d+.*$/s, '')
    .replace(/^Unexpected token '(.+?)', .* is not valid JSON$/s, "Unexpected '$1'")
    .replace(/^Unexpected end of JSON input$/, 'Unexpected end of the file');
  return { span: { start, end: Math.min(start + 1, text.length) }, message: `${words}. ${ignored}` };
}

/** Comments and trailing commas, in source order. */
function jsoncExtensions(tokens: readonly Token[]): SyntaxError[] {
  const errors: SyntaxError[] = [];
  let comma: Token | undefined;
  for (const token of tokens) {
    const [start, end] = token.range ?? [0, 0];
    if (token.type === 'LineComment' || token.type === 'BlockComment') {
      errors.push({ span: { start, end }, message: `Comments are not allowed in a settings file. ${ignored}` });
      continue;
    }
    if (comma && (token.type === 'RBrace' || token.type === 'RBracket')) {
      const [commaStart, commaEnd] = comma.range ?? [0, 0];
      errors.push({ span: { start: commaStart, end: commaEnd }, message: `Trailing comma. ${ignored}` });
    }
    comma = token.type === 'Comma' ? token : undefined;
  }
  return errors.sort((a, b) => a.span.start - b.span.start);
}

/** A momoa error at its offset. */
function locatedError(error: unknown, text: string): SyntaxError {
  if (error instanceof RangeError) {
    // The parser recurses once per nesting level; no settings file nests this deep.
    return { span: { start: 0, end: 0 }, message: `The JSON is nested too deeply to read. ${ignored}` };
  }
  const { message, offset } = error as { message?: unknown; offset?: unknown };
  const start = typeof offset === 'number' ? Math.min(Math.max(offset, 0), text.length) : 0;
  // Momoa ends its messages with "(line:column)"; the location is reported on its own.
  const words = typeof message === 'string' ? message.replace(/\s*\(\d+:\d+\)\s*$/, '') : String(error);
  return { span: { start, end: Math.min(start + 1, text.length) }, message: `${words} ${ignored}` };
}
