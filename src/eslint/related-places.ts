import path from 'node:path';
import { readText } from '../engine/sources.js';
import type { RelatedPlace } from '../model/rule.js';
import { LineIndex } from '../model/line-index.js';
import type { Span } from '../model/types.js';

/**
 * ESLint and oxlint show no related locations, as SARIF and `scan` do, so
 * every message they are given ends in this placeholder: it names a
 * finding's related places (the call that passes a "can be" value, the
 * configurations that load a settings entry) and is empty when there are
 * none. The message id stays the rule's own, which the rule tests pin.
 */
export const withRelatedPlaceholder = (text: string): string => `${text}{{related}}`;

/** Where the finding shows: the linted file, its text (a span without a `file` is in it) and the span; and the folder paths are named from. */
export interface ReportPlace {
  filename: string;
  text: string;
  at: Span;
  cwd: string;
}

/**
 * A report's data as ESLint and oxlint interpolate it: with `related`, which
 * is ` (See also line 8.)` for a place in the linted file, or
 * ` (See also src/run.ts:8, line 12.)` with another file's path from `cwd`.
 * A place on the finding's own line (a call that passes the value as
 * written) is left out: the finding is shown there already.
 */
export function withRelatedPlaces(
  data: Readonly<Record<string, string | number>> | undefined,
  related: readonly RelatedPlace[] | undefined,
  place: ReportPlace,
): Record<string, string | number> {
  return { ...data, related: relatedText(related ?? [], place) };
}

function relatedText(related: readonly RelatedPlace[], { filename, text, at, cwd }: ReportPlace): string {
  if (related.length === 0) return '';
  const linted = path.resolve(filename);
  const lines = new Map<string, LineIndex | undefined>();
  const linesOf = (file: string): LineIndex | undefined => {
    if (!lines.has(file)) {
      const fileText = file === linted ? text : readText(file);
      lines.set(file, fileText === undefined ? undefined : new LineIndex(fileText));
    }
    return lines.get(file);
  };
  const ownLine = linesOf(linted)!.locate(at.start).line;
  const names = related.flatMap(({ span }) => {
    const file = path.resolve(span.file ?? filename);
    const line = linesOf(file)?.locate(span.start).line;
    if (file === linted) return line === ownLine ? [] : [`line ${line}`];
    const shown = path.relative(cwd, file).split(path.sep).join('/');
    return [line === undefined ? shown : `${shown}:${line}`];
  });
  return names.length === 0 ? '' : ` (See also ${[...new Set(names)].join(', ')}.)`;
}
