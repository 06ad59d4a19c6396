import type { Finding } from '../../engine/findings.js';

export function countSeverities(findings: readonly Finding[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const finding of findings) if (finding.severity === 'error') errors++;
  return { errors, warnings: findings.length - errors };
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
