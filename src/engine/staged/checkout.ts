import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StagedPlan } from './plan.js';
import { underBase, type Snapshot } from './snapshot.js';

/** A temporary folder to check a snapshot's files out into. */
export function temporaryFolder(): { directory: string; dispose(): void } {
  const directory = mkdtempSync(path.join(tmpdir(), 'toolgate-staged-'));
  return { directory, dispose: () => rmSync(directory, { recursive: true, force: true }) };
}

/**
 * Write the plan's files, as the snapshot holds them, under `directory`: a
 * partial checkout the scan reads like any tree. A `.git` folder at its top
 * marks the repository's top, where the search for a `.claude/` folder stops.
 */
export function checkOut(snapshot: Snapshot, plan: StagedPlan, directory: string): void {
  snapshot.prefetch(plan.files);
  mkdirSync(path.join(directory, '.git'));
  for (const folder of plan.folders) mkdirSync(underBase(directory, folder), { recursive: true });
  for (const file of plan.files) {
    const target = underBase(directory, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, snapshot.bytes(file)!);
  }
}
