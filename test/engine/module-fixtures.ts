import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Finding } from '../../src/engine/findings.js';
import { scan } from '../support/scan.js';

/** The multi-module fixture projects and their single-file twins. */
export const fixtures = fileURLToPath(new URL('../../fixtures/modules/', import.meta.url));

/** A fixture project's findings; every file must have been checked. */
export async function findings(project: string): Promise<Finding[]> {
  const result = await scan({ cwd: fixtures, paths: [project] });
  expect(result.problems).toEqual([]);
  return result.findings;
}

/** What is reported, whatever file it lands in. */
export const reported = (list: readonly Finding[]): string[] =>
  list.map(({ ruleId, messageId, message }) => `${ruleId} ${messageId} ${message}`).sort();
