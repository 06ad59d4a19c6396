import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './errors.js';
import { compareText, type Finding } from './findings.js';
import { readTextFile } from './read-source.js';

/** One accepted finding. Only `fingerprint` is matched; the rest is for the people reviewing the file. */
interface BaselineEntry {
  fingerprint: string;
  ruleId: string;
  path: string;
  message: string;
}

/**
 * The baseline file (docs/baseline.md): findings sorted by path, rule and
 * fingerprint, no line numbers, so it changes only when findings do.
 */
export function baselineText(findings: readonly Finding[]): string {
  const entries: BaselineEntry[] = findings
    .map(({ fingerprint, ruleId, path: file, message }) => ({ fingerprint, ruleId, path: file, message }))
    .sort((a, b) => compareText(a.path, b.path) || compareText(a.ruleId, b.ruleId) || compareText(a.fingerprint, b.fingerprint));
  return `${JSON.stringify({ version: 1, findings: entries }, null, 2)}\n`;
}

export async function writeBaseline(file: string, findings: readonly Finding[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, baselineText(findings));
}

/** The fingerprints a baseline file accepts. A missing or malformed file is a usage error, never an empty baseline. */
export async function readBaseline(file: string): Promise<Set<string>> {
  let text: string;
  try {
    text = readTextFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `Baseline file not found: ${file}. Create it with --update-baseline.`
        : `Cannot read the baseline file ${file}: ${(error as Error).message}`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`The baseline file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const findings = (data as { version?: unknown; findings?: unknown } | null)?.findings;
  if ((data as { version?: unknown } | null)?.version !== 1 || !Array.isArray(findings)) {
    throw new UsageError(`The baseline file ${file} is not a toolgate baseline (expected { "version": 1, "findings": [...] }).`);
  }
  const fingerprints = new Set<string>();
  for (const entry of findings) {
    const fingerprint = (entry as { fingerprint?: unknown } | null)?.fingerprint;
    if (typeof fingerprint !== 'string') throw new UsageError(`The baseline file ${file} has an entry without a string "fingerprint".`);
    fingerprints.add(fingerprint);
  }
  return fingerprints;
}
