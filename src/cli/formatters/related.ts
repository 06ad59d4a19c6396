import type { Finding } from '../../engine/findings.js';

/**
 * A finding's related places as `path:line:column, ...` for the text
 * formats (the configurations a settings entry affects, the call that passes a
 * value that can be bad). Not escaped: each
 * format escapes it as it escapes the rest of its line. The JSON and SARIF
 * reports carry each place with its own message.
 */
export function relatedPlaces(finding: Pick<Finding, 'related'>): string {
  return (finding.related ?? []).map(({ path, line, column }) => `${path}:${line}:${column}`).join(', ');
}
