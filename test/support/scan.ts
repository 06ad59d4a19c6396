import { expect } from 'vitest';
import { defaultToolkit } from '../../src/defaults.js';
import { scan as scanWith, type ScanOptions, type ScanResult } from '../../src/engine/scan.js';

/** `scan` with toolgate's own rules and front ends, as src/index.ts and the CLI hand them in, without loading either. */
export function scan(options: ScanOptions = {}): Promise<ScanResult> {
  return scanWith(options, defaultToolkit);
}

/** The findings of a scan of `project` inside the fixtures folder `fixtures`, asserting that nothing failed to be read. */
export async function fixtureFindings(fixtures: string, project: string): Promise<ScanResult['findings']> {
  const result = await scan({ cwd: fixtures, paths: [project] });
  expect(result.problems).toEqual([]);
  return result.findings;
}
