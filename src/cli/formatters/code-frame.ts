import type { Finding } from '../../engine/findings.js';
import type { Colors } from '../color.js';
import { escapeForTerminal } from '../escape.js';

/** Characters of a long line shown around the finding: a minified line is cut, not printed whole. */
const window = 120;

/**
 * The finding's first line under it, with its line number and carets under
 * the reported text (to the end of the line when the text goes on), as
 * ESLint's and Babel's code frames show it. The line is escaped as all
 * scanned text is; tabs show as one space, so the carets stay aligned.
 */
export function codeFrame(finding: Finding, text: string, indent: string, colors: Colors): string[] {
  const line = text.split(/\r\n|\r|\n/)[finding.line - 1];
  if (line === undefined) return [];
  const startIndex = finding.column - 1;
  const endIndex = finding.endLine === finding.line ? Math.max(finding.endColumn - 1, finding.column) : line.length;
  const from = Math.max(0, Math.min(startIndex - 40, line.length - window));
  const to = Math.min(line.length, from + window);
  const shown = (part: string) => escapeForTerminal(part.replace(/\t/g, ' '));
  const before = `${from > 0 ? '…' : ''}${shown(line.slice(from, startIndex))}`;
  const marked = shown(line.slice(startIndex, Math.min(endIndex, to)));
  const gutter = String(finding.line);
  return [
    `${indent}${colors.dim(`${gutter} |`)} ${before}${marked}${shown(line.slice(Math.min(endIndex, to), to))}${to < line.length ? '…' : ''}`,
    `${indent}${colors.dim(`${' '.repeat(gutter.length)} |`)} ${' '.repeat(before.length)}${colors.red('^'.repeat(Math.max(1, marked.length)))}`,
  ];
}
