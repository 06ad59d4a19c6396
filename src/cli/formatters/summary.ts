import type { Finding } from '../../engine/findings.js';
import type { ScanResult } from '../../engine/scan.js';

export function countSeverities(findings: readonly Finding[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const finding of findings) if (finding.severity === 'error') errors++;
  return { errors, warnings: findings.length - errors };
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/**
 * Files that could not be checked, each once: the candidate files that
 * failed (`stats.failed`) and the files they read that are not candidates
 * themselves (a `.claude/settings.json` a scanned agent loads, an imported
 * module), which `stats` does not count. Every summary counts both, so
 * "could not be checked" and "failed" never disagree.
 */
export function uncheckedFiles(result: Pick<ScanResult, 'problems' | 'stats'>): { total: number; read: number } {
  const total = new Set(result.problems.map((problem) => problem.path)).size;
  return { total: Math.max(total, result.stats.failed), read: Math.max(0, total - result.stats.failed) };
}

export interface RuleCount {
  ruleId: string;
  errors: number;
  warnings: number;
}

/** Findings per rule, most first, then by id. */
export function countByRule(findings: readonly Finding[]): RuleCount[] {
  const counts = new Map<string, RuleCount>();
  for (const finding of findings) {
    const count = counts.get(finding.ruleId) ?? { ruleId: finding.ruleId, errors: 0, warnings: 0 };
    if (finding.severity === 'error') count.errors++;
    else count.warnings++;
    counts.set(finding.ruleId, count);
  }
  const total = (count: RuleCount) => count.errors + count.warnings;
  return [...counts.values()].sort((a, b) => total(b) - total(a) || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
}

/** The one-line summary of the line-per-finding formats (compact, GitHub annotations). */
export function summaryLine(result: Pick<ScanResult, 'findings' | 'problems' | 'stats'> & { baselined?: number }): string {
  const { errors, warnings } = countSeverities(result.findings);
  const unchecked = uncheckedFiles(result);
  const checked = result.stats.files === 0 ? 'no files were checked' : `in ${plural(result.stats.files, 'file')}`;
  const notChecked = unchecked.total > 0 ? `; ${plural(unchecked.total, 'file')} could not be checked` : '';
  const baselined = result.baselined ? `; ${plural(result.baselined, 'finding')} hidden by the baseline` : '';
  return `toolgate: ${plural(result.findings.length, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) ${checked}${notChecked}${baselined}`;
}
