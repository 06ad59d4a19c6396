import type { Finding } from '../../engine/findings.js';

/**
 * A finding's related places as `path:line:column, ...` for the text
 * formats (the configurations a settings entry affects). Not escaped: each
 * format escapes it as it escapes the rest of its line. The JSON and SARIF
 * reports carry each place with its own message.
 */
export function affectedPlaces(finding: Pick<Finding, 'related'>): string {
  return (finding.related ?? []).map(({ path, line, column }) => `${path}:${line}:${column}`).join(', ');
}
