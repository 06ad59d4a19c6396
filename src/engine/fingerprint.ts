import { createHash } from 'node:crypto';
import path from 'node:path';
import { compareText, type Finding } from './findings.js';
import { readTextFile } from './read-source.js';

/** A finding before its fingerprint is known. */
export type UnprintedFinding = Omit<Finding, 'fingerprint'>;

/** The same line breaks as `LineIndex`: \n, \r\n, \r, U+2028, U+2029. */
const lineBreak = /\r\n|[\n\r\u2028\u2029]/;

/**
 * Give each finding (sorted with `compareFindings`) its fingerprint: a hash of
 * the rule, message id and data, the file, and the text of the finding's first
 * line with whitespace collapsed, plus an ordinal among findings that share
 * all of these. No line or column goes in, so an edit elsewhere that moves the
 * code keeps the fingerprint; editing the offending line itself changes it.
 * Only the first line: a finding that spans a whole function keeps its
 * fingerprint when the body changes.
 *
 * Each file with findings is read once more here (`readText`, which the
 * scan shares with the suggested edits); a file that has gone since the scan
 * read it gives an empty line, never an error.
 */
export async function withFingerprints(root: string, findings: readonly UnprintedFinding[], readText: (absolute: string) => string = textOrEmpty): Promise<Finding[]> {
  const byPath = new Map<string, UnprintedFinding[]>();
  for (const finding of findings) {
    const group = byPath.get(finding.path);
    if (group) group.push(finding);
    else byPath.set(finding.path, [finding]);
  }
  const lineTexts = new Map<UnprintedFinding, string>();
  for (const [file, group] of byPath) {
    const lines = readText(path.resolve(root, file)).split(lineBreak);
    for (const finding of group) lineTexts.set(finding, normalizeLine(lines[finding.line - 1] ?? ''));
  }
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const key = fingerprintKey(finding, lineTexts.get(finding) ?? '');
    const ordinal = seen.get(key) ?? 0;
    seen.set(key, ordinal + 1);
    return { ...finding, fingerprint: createHash('sha256').update(`${key}\0${ordinal}`).digest('hex').slice(0, 32) };
  });
}

/** Whitespace collapsed and trimmed, so re-indenting or reformatting spaces keeps the fingerprint. */
export function normalizeLine(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}

function fingerprintKey(finding: UnprintedFinding, lineText: string): string {
  const data = Object.entries(finding.data).sort(([a], [b]) => compareText(a, b));
  return JSON.stringify([finding.ruleId, finding.messageId, data, finding.path, lineText]);
}

/** A file's text without a byte order mark; empty when it cannot be read. */
export function textOrEmpty(absolute: string): string {
  try {
    const text = readTextFile(absolute);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return '';
  }
}
