import { compareFindings } from '../../engine/findings.js';
import { escapeForTerminal } from '../escape.js';
import { affectedPlaces } from './related.js';
import type { Report } from './index.js';
import { summaryLine } from './summary.js';

/**
 * One line per finding, `path:line:column: severity rule-id message`, the
 * shape compilers print and editors, `grep` and CI logs link to; then one
 * summary line. A finding with related places (the configurations a settings
 * entry affects) ends with `(affects: path:line:column, ...)`. Files that
 * could not be checked are on stderr, as always.
 */
export function formatCompact(result: Report): string {
  const lines = [...result.findings]
    .sort(compareFindings)
    .map((finding) => {
      const affects = finding.related ? ` (affects: ${affectedPlaces(finding)})` : '';
      return escapeForTerminal(`${finding.path}:${finding.line}:${finding.column}: ${finding.severity} ${finding.ruleId} ${finding.message}${affects}`);
    });
  lines.push(summaryLine(result));
  return `${lines.join('\n')}\n`;
}
