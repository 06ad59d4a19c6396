import type { Finding, FindingSuggestion } from '../../engine/findings.js';
import { compareFindings } from '../../engine/findings.js';
import { describeShard } from '../../engine/shard.js';
import type { Colors } from '../color.js';
import { escapeForTerminal } from '../escape.js';
import { codeFrame } from './code-frame.js';
import { relatedPlaces } from './related.js';
import type { FormatContext, Report } from './index.js';
import { countByRule, countSeverities, plural, uncheckedFiles } from './summary.js';

/**
 * Human-readable report: findings grouped by file, position and severity
 * aligned within a file (messages are sentences, so they are not padded:
 * padding to the longest would wrap every line), with a code frame when
 * `source` is given; then each rule that reported, with its count and docs
 * page; then a summary. Files that could not be checked are counted here
 * and listed by the CLI on stderr.
 */
export function formatPretty(result: Report, { colors, source }: FormatContext): string {
  const lines: string[] = [];
  for (const group of groupByPath([...result.findings].sort(compareFindings))) {
    lines.push(colors.underline(escapeForTerminal(group[0]!.path)));
    const rows = group.map((finding) => ({
      position: `${finding.line}:${finding.column}`,
      severity: finding.severity,
      message: escapeForTerminal(finding.message),
      ruleId: escapeForTerminal(finding.ruleId),
      suggestions: finding.suggestions ?? [],
      finding,
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
      const text = source?.(row.finding.path);
      if (text !== undefined) lines.push(...codeFrame(row.finding, text, indent, colors));
      if (row.finding.related) lines.push(`${indent}${colors.cyan('see also:')} ${colors.dim(escapeForTerminal(relatedPlaces(row.finding)))}`);
      for (const suggestion of row.suggestions) lines.push(...suggestionLines(suggestion, indent, colors));
    }
    lines.push('');
  }

  if (result.findings.length > 0) lines.push(...ruleLines(result, colors), '');
  lines.push(...summaryLines(result, colors));
  return `${lines.join('\n')}\n`;
}

/** Each rule that reported: its count and where its page is, so every finding's id leads to why and how to fix. */
function ruleLines(result: Report, colors: Colors): string[] {
  const urls = new Map(result.rules.map((rule) => [rule.id, rule.meta.docs.url]));
  const counts = countByRule(result.findings);
  const countWidth = counts.reduce((width, count) => Math.max(width, String(count.errors + count.warnings).length), 0);
  const idWidth = counts.reduce((width, count) => Math.max(width, count.ruleId.length), 0);
  return [
    colors.bold('Rules (`toolgate explain <rule>` shows why and how to fix):'),
    ...counts.map((count) => {
      const url = urls.get(count.ruleId);
      const total = String(count.errors + count.warnings).padStart(countWidth);
      return `  ${total}  ${escapeForTerminal(count.ruleId.padEnd(idWidth))}${url ? `  ${colors.dim(url)}` : ''}`.trimEnd();
    }),
  ];
}

/** The verdict, the baseline's share, and what was checked: a run that checked nothing never reads as a pass. */
function summaryLines(result: Report, colors: Colors): string[] {
  const lines: string[] = [];
  const { errors, warnings } = countSeverities(result.findings);
  const unchecked = uncheckedFiles(result);
  if (result.findings.length > 0) {
    const counts = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
    lines.push(colors.bold(colors.red(`✖ ${plural(result.findings.length, 'problem')} (${counts})`)));
  }
  if (unchecked.total > 0) lines.push(colors.bold(colors.red(`✖ ${plural(unchecked.total, 'file')} could not be checked (listed on stderr)`)));
  if (result.stats.files === 0 && unchecked.total === 0) lines.push(colors.yellow('⚠ No files were checked'));
  else if (result.findings.length === 0 && unchecked.total === 0) lines.push(colors.green('✔ No problems found'));
  if (result.baselined) lines.push(colors.dim(`${plural(result.baselined, 'finding')} hidden by the baseline`));

  // Ignored entries are not among the files checked, so they are counted outside the parentheses.
  const { files, analysed, cached, skipped, failed, ignored } = result.stats;
  const fromCache = cached === undefined ? '' : `, ${cached} from cache`;
  const shard = result.shard ? ` in shard ${describeShard(result.shard)}` : '';
  const read = unchecked.read > 0 ? `, ${plural(unchecked.read, 'file')} they read failed` : '';
  lines.push(
    colors.dim(
      `${plural(files, 'file')} checked${shard} (${analysed} analysed${fromCache}, ${skipped} skipped by prefilter, ${failed} failed)${read}, ` +
        `${ignored} ignored`,
    ),
  );
  return lines;
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
