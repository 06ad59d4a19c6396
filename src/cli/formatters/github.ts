import type { FileProblem, Finding } from '../../engine/findings.js';
import { compareFindings, compareText } from '../../engine/findings.js';
import { escapeForTerminal } from '../escape.js';
import type { Report } from './index.js';
import { summaryLine } from './summary.js';
import { relatedPlaces } from './related.js';

/**
 * GitHub Actions workflow commands: one `::error` or `::warning` annotation
 * per finding and per file that could not be checked, shown on the pull
 * request's diff, then one plain summary line for the log. Paths are relative
 * to the directory toolgate ran in, which must be the repository root for
 * GitHub to place them.
 */
export function formatGithub(result: Report): string {
  const lines = [...result.findings].sort(compareFindings).map(findingCommand);
  lines.push(...[...result.problems].sort((a, b) => compareText(a.path, b.path)).map(problemCommand));
  lines.push(summaryLine(result));
  return `${lines.join('\n')}\n`;
}

function findingCommand(finding: Finding): string {
  return command(finding.severity, {
    file: finding.path,
    line: finding.line,
    col: finding.column,
    endLine: finding.endLine,
    endColumn: finding.endColumn,
    title: finding.ruleId,
  }, finding.related ? `${finding.message} (see also: ${relatedPlaces(finding)})` : finding.message);
}

function problemCommand(problem: FileProblem): string {
  const at: Record<string, number> = problem.line === undefined ? {} : { line: problem.line, col: problem.column ?? 1 };
  return command('error', { file: problem.path, ...at, title: `toolgate could not check this file (${problem.kind})` }, problem.message);
}

function command(kind: 'error' | 'warning', properties: Record<string, string | number>, message: string): string {
  const props = Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${kind} ${props}::${escapeData(message)}`;
}

/**
 * As `@actions/core` escapes a command's message (a newline would end the
 * command; GitHub decodes `%0A` back), after showing the other controls a
 * log viewer would act on (ESC, C1 controls, bidirectional overrides) as
 * escapes, as the pretty output does.
 */
export function escapeData(text: string): string {
  const shown = text
    .split(/([\r\n])/)
    .map((part, index) => (index % 2 === 1 ? part : escapeForTerminal(part)))
    .join('');
  return shown.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value also must not hold the `,` between properties or the `:` that ends them. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
