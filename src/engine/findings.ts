import type { Span } from '../model/types.js';

/** A place in a file. Lines and columns are 1-based; the end is exclusive. */
export interface Located {
  /** Relative to the scan root, with `/` separators. */
  path: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  span: Span;
}

/** One problem a rule found, located in a file. */
export interface Finding extends Located {
  ruleId: string;
  messageId: string;
  message: string;
  data: Record<string, string | number>;
  severity: 'error' | 'warning';
  /**
   * Stable identity for SARIF `partialFingerprints` and baselines: survives
   * edits that move the code, not edits of the offending line (`withFingerprints`).
   */
  fingerprint: string;
  /**
   * Set when a comment suppresses it: such findings are kept for SARIF
   * (`suppressions`) and JSON's `suppressed`, and neither shown nor counted.
   */
  suppression?: { justification?: string; via: 'toolgate' | 'eslint' };
  /** Edits the user may apply to fix it; toolgate never applies them. */
  suggestions?: FindingSuggestion[];
  /** Other places it concerns (the configurations a settings entry affects), in `compareLocated` order. */
  related?: RelatedLocation[];
  /** Other places whose mistakes it explains, so one finding per mistake holds across files (`onePerMistake`). */
  covers?: Span[];
}

export interface RelatedLocation extends Located {
  message: string;
}

export interface FindingSuggestion {
  messageId: string;
  message: string;
  edits: SuggestedEdit[];
}

/** One text replacement, placed like a finding; `before` is empty for an insertion. */
export interface SuggestedEdit extends Located {
  before: string;
  text: string;
}

/** A file toolgate could not check. Any of these makes `scan` exit 2 (fail closed). */
export interface FileProblem {
  path: string;
  kind: 'read' | 'parse' | 'internal';
  message: string;
  line?: number;
  column?: number;
}

/**
 * One finding that two files' checks both made (a settings entry that
 * configurations in two files load): the related places of both.
 */
export function withRelatedOf<Found extends Pick<Finding, 'related'>>(finding: Found, other: Pick<Finding, 'related'>): Found {
  if (!other.related) return finding;
  const key = (place: RelatedLocation): string => `${place.path}\0${place.line}\0${place.column}\0${place.endLine}\0${place.endColumn}\0${place.message}`;
  const union = new Map([...(finding.related ?? []), ...other.related].map((place) => [key(place), place]));
  return { ...finding, related: [...union.values()].sort(compareLocated) };
}

type SortedFields = Pick<Finding, 'path' | 'line' | 'column' | 'ruleId' | 'messageId' | 'message'>;

/** Order findings by path, position and rule, so output is stable. */
export function compareFindings(a: SortedFields, b: SortedFields): number {
  return (
    compareText(a.path, b.path) ||
    a.line - b.line ||
    a.column - b.column ||
    compareText(a.ruleId, b.ruleId) ||
    compareText(a.messageId, b.messageId) ||
    compareText(a.message, b.message)
  );
}

/** Order places by path, then position. */
export function compareLocated(a: Omit<Located, 'span'>, b: Omit<Located, 'span'>): number {
  return compareText(a.path, b.path) || a.line - b.line || a.column - b.column || a.endLine - b.endLine || a.endColumn - b.endColumn;
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
