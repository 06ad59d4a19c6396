import type { Located } from './findings.js';
import type { UnprintedFinding } from './fingerprint.js';
import type { AuditRecord } from './suppression-audit.js';

/**
 * Shape checks for what a cache entry holds. A stored value that is
 * well-formed JSON but not what toolgate wrote (damaged, edited) must be a
 * cache miss, never a crash later in the run: every field the report reads
 * is checked here.
 */
export function isStoredCheck(value: unknown): value is { findings: UnprintedFinding[]; audit: AuditRecord; dated: boolean } {
  if (!isRecord(value) || typeof value.dated !== 'boolean' || !Array.isArray(value.findings) || !isRecord(value.audit)) return false;
  const { comments, used } = value.audit;
  return (
    value.findings.every(isFinding) &&
    Array.isArray(used) &&
    used.every((key) => typeof key === 'string') &&
    Array.isArray(comments) &&
    comments.every(isAuditComment)
  );
}

function isFinding(value: unknown): value is UnprintedFinding {
  if (!isRecord(value) || !isLocated(value) || !strings(value, 'ruleId', 'messageId', 'message')) return false;
  if (value.severity !== 'error' && value.severity !== 'warning') return false;
  if (!isRecord(value.data) || !Object.values(value.data).every((item) => typeof item === 'string' || typeof item === 'number')) return false;
  if (value.suppression !== undefined && (!isRecord(value.suppression) || typeof value.suppression.via !== 'string')) return false;
  if (value.covers !== undefined && !(Array.isArray(value.covers) && value.covers.every(isSpan))) return false;
  if (value.related !== undefined && !(Array.isArray(value.related) && value.related.every((place) => isRecord(place) && isLocated(place) && strings(place, 'message')))) return false;
  return value.suggestions === undefined || (Array.isArray(value.suggestions) && value.suggestions.every(isSuggestion));
}

function isSuggestion(value: unknown): boolean {
  return isRecord(value) && strings(value, 'messageId', 'message') && Array.isArray(value.edits) && value.edits.every((edit) => isRecord(edit) && isLocated(edit) && strings(edit, 'before', 'text'));
}

function isAuditComment(value: unknown): boolean {
  return isRecord(value) && strings(value, 'key', 'ruleId', 'comment', 'ids') && typeof value.justified === 'boolean' && isRecord(value.at) && isLocated(value.at);
}

function isLocated(value: Record<string, unknown>): value is Record<string, unknown> & Located {
  const span = value.span;
  return (
    typeof value.path === 'string' &&
    ['line', 'column', 'endLine', 'endColumn'].every((key) => Number.isInteger(value[key])) &&
    isSpan(span)
  );
}

function isSpan(span: unknown): boolean {
  return isRecord(span) && Number.isInteger(span.start) && Number.isInteger(span.end) && (span.file === undefined || typeof span.file === 'string');
}

function strings(value: Record<string, unknown>, ...keys: string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
