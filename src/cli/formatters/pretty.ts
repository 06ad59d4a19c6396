import type { Finding, FindingSuggestion } from '../../engine/findings.js';
import { compareFindings } from '../../engine/findings.js';
import type { ScanResult } from '../../engine/scan.js';
import { describeShard } from '../../engine/shard.js';
import type { Colors } from '../color.js';
import { escapeForTerminal } from '../escape.js';
import type { FormatContext } from './index.js';
import { countSeverities, plural } from './summary.js';

/**
 * Human-readable report: findings grouped by file, position and severity
 * aligned within a file (messages are sentences, so they are not padded:
 * padding to the longest would wrap every line), then a summary. Files that could not be checked are counted here and
 * listed by the CLI on stderr.
 */
export function formatPretty(result: ScanResult, { colors }: FormatContext): string {
  const lines: string[] = [];
  for (const group of groupByPath([...result.findings].sort(compareFindings))) {
    lines.push(colors.underline(escapeForTerminal(group[0]!.path)));
    const rows = group.map((finding) => ({
      position: `${finding.line}:${finding.column}`,
      severity: finding.severity,
      message: escapeForTerminal(finding.message),
      ruleId: escapeForTerminal(finding.ruleId),
      suggestions: finding.suggestions ?? [],
    }));
    // Not Math.max(...): a file can have more findings than a call takes arguments.
    const positionWidth = rows.reduce((width, row) => Math.max(width, row.position.length), 0);
    const severityWidth = rows.reduce((width, row) => Math.max(width, row.severity.length), 0);
    for (const row of rows) {
      const paint = row.severity === 'error' ? colors.red : colors.yellow;
      lines.push(
        `  ${colors.dim(row.position.padEnd(positionWidth))}  ${paint(row.severity.padEnd(severityWidth))}  ` +
          `${row.message}  ${colors.dim(row.ruleId)}`,
      );
      const indent = ' '.repeat(positionWidth + 4);
      for (const suggestion of row.suggestions) lines.push(...suggestionLines(suggestion, indent, colors));
    }
    lines.push('');
  }

  const { errors, warnings } = countSeverities(result.findings);
  if (result.findings.length > 0) {
    const counts = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
    lines.push(colors.bold(colors.red(`✖ ${plural(result.findings.length, 'problem')} (${counts})`)));
  }
  if (result.problems.length > 0) {
    const failed = new Set(result.problems.map((problem) => problem.path)).size;
    lines.push(colors.bold(colors.red(`✖ ${plural(failed, 'file')} could not be checked`)));
  }
  if (result.findings.length === 0 && result.problems.length === 0) lines.push(colors.green('✔ No problems found'));

  // Ignored entries are not among the files checked, so they are counted outside the parentheses.
  const { files, analysed, cached, skipped, failed, ignored } = result.stats;
  const fromCache = cached === undefined ? '' : `, ${cached} from cache`;
  const shard = result.shard ? ` in shard ${describeShard(result.shard)}` : '';
  lines.push(
    colors.dim(
      `${plural(files, 'file')} checked${shard} (${analysed} analysed${fromCache}, ${skipped} skipped by prefilter, ${failed} failed), ` +
        `${ignored} ignored`,
    ),
  );
  return `${lines.join('\n')}\n`;
}

/** A suggestion under its finding: its message, then each edit exactly, as a string literal so whitespace shows. */
function suggestionLines({ message, edits }: FindingSuggestion, indent: string, colors: Colors): string[] {
  const quoted = (text: string) => escapeForTerminal(JSON.stringify(text));
  return [
    `${indent}${colors.cyan('suggestion:')} ${escapeForTerminal(message)}`,
    ...edits.map(({ path, line, column, before, text }) => {
      const change = before === '' ? `insert ${quoted(text)}` : text === '' ? `delete ${quoted(before)}` : `replace ${quoted(before)} with ${quoted(text)}`;
      return `${indent}  ${colors.dim(`${escapeForTerminal(path)}:${line}:${column}`)}  ${change}`;
    }),
  ];
}

function groupByPath(findings: readonly Finding[]): Finding[][] {
  const groups: Finding[][] = [];
  for (const finding of findings) {
    const last = groups.at(-1);
    if (last && last[0]!.path === finding.path) last.push(finding);
    else groups.push([finding]);
  }
  return groups;
}
