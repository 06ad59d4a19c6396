import { compareFindings } from '../../engine/findings.js';
import { escapeForTerminal } from '../escape.js';
import { relatedPlaces } from './related.js';
import type { Report } from './index.js';
import { summaryLine } from './summary.js';

/**
 * One line per finding, `path:line:column: severity rule-id message`, the
 * shape compilers print and editors, `grep` and CI logs link to; then one
 * summary line. A finding with related places (the configurations a settings
 * entry affects, the call that passes a value) ends with `(see also: path:line:column, ...)`. Files that
 * could not be checked are on stderr, as always.
 */
export function formatCompact(result: Report): string {
  const lines = [...result.findings]
    .sort(compareFindings)
    .map((finding) => {
      const related = finding.related ? ` (see also: ${relatedPlaces(finding)})` : '';
      return escapeForTerminal(`${finding.path}:${finding.line}:${finding.column}: ${finding.severity} ${finding.ruleId} ${finding.message}${related}`);
    });
  lines.push(summaryLine(result));
  return `${lines.join('\n')}\n`;
}
