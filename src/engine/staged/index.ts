import type { FileProblem, Finding } from '../findings.js';
import type { ScanResult } from '../scan.js';
import { checkOut, temporaryFolder } from './checkout.js';
import { records } from './git.js';
import { planStaged, type Reach } from './plan.js';
import { stagedQueries, type StagedQueries } from './queries.js';
import { headEntries, readIndex, type Snapshot } from './snapshot.js';

/** A partial checkout to scan: `paths` (relative to `directory`) are the files to check. */
export interface StagedTree {
  directory: string;
  paths: string[];
}

/** Runs the scan on a tree; `quiet` for the second run, which shows no progress. */
export type ScanTree = (tree: StagedTree, quiet: boolean) => Promise<ScanResult>;

/**
 * `scan --staged`: check the commit the index holds, as the project will be
 * after it, reporting what the staged change causes (docs/pre-commit.md):
 *
 * - every finding in a staged file;
 * - every finding elsewhere (in a file whose values come from a staged one,
 *   or that loads a staged settings file) that the same files, with the
 *   staged files as HEAD has them, do not have.
 *
 * Only the files the change can reach are read from the index and written
 * out. Undefined when the change holds nothing toolgate reads nor reaches
 * anything it does. Finding paths are relative to the repository's top.
 */
export async function scanStaged(cwd: string, scanTree: ScanTree): Promise<ScanResult | undefined> {
  const queries = stagedQueries(cwd);
  try {
    return await scanQueried(queries, scanTree);
  } finally {
    queries.dispose();
  }
}

async function scanQueried(queries: StagedQueries, scanTree: ScanTree): Promise<ScanResult | undefined> {
  const [top, staged, listing] = await Promise.allSettled([queries.top, queries.staged, queries.listing]);
  // Outside a repository, the first call's error says so.
  const [topLine, names, entries] = [top, staged, listing].map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  }) as [string, string, string];
  const repository = topLine.trim();
  const changed = new Set(records(names));
  if (changed.size === 0) return undefined;
  const index = readIndex(repository, entries);
  let before: Snapshot | undefined;
  // Asked of HEAD only when needed: for a deleted module's importers, or for findings outside the staged files.
  const beforeChange = (): Snapshot => (before ??= index.with(headEntries(repository, [...changed])));
  const after = await scanSnapshot(index, changed, { before: beforeChange, search: queries }, (tree) => scanTree(tree, false));
  if (!after) return undefined;
  const elsewhere = (item: { path: string }): boolean => !changed.has(item.path);
  const outside = [...after.result.findings, ...(after.result.suppressed ?? []), ...after.result.problems].some(elsewhere);
  // Nothing outside the staged files: no need to know what was there before.
  const earlier = outside ? (await scanSnapshot(beforeChange(), changed, { roots: after.roots }, (tree) => scanTree(tree, true)))?.result : undefined;
  const known = new Set([...(earlier?.findings ?? []), ...(earlier?.suppressed ?? [])].map(findingKey));
  const knownProblems = new Set((earlier?.problems ?? []).map(problemKey));
  const caused = (finding: Finding): boolean => !elsewhere(finding) || !known.has(findingKey(finding));
  const { result } = after;
  return {
    ...result,
    root: repository,
    findings: result.findings.filter(caused),
    ...(result.suppressed ? { suppressed: result.suppressed.filter(caused) } : {}),
    problems: result.problems.filter((problem) => !elsewhere(problem) || !knownProblems.has(problemKey(problem))),
  };
}

/** Plan, check out and scan one snapshot; undefined when there is nothing to check. */
async function scanSnapshot(
  snapshot: Snapshot,
  changed: ReadonlySet<string>,
  reach: Reach,
  scanTree: (tree: StagedTree) => Promise<ScanResult>,
): Promise<{ result: ScanResult; roots: string[] } | undefined> {
  const folder = temporaryFolder();
  try {
    const plan = await planStaged(snapshot, changed, folder.directory, reach);
    if (plan.roots.length === 0) return undefined;
    checkOut(snapshot, plan, folder.directory);
    return { result: await scanTree({ directory: folder.directory, paths: plan.roots }), roots: plan.roots };
  } finally {
    folder.dispose();
  }
}

/** The same finding in both states: same rule, place and words (a value that changed changes the message). */
function findingKey(finding: Finding): string {
  return [finding.ruleId, finding.messageId, finding.path, finding.line, finding.column, finding.endLine, finding.endColumn, finding.message].join('\0');
}

function problemKey(problem: FileProblem): string {
  return [problem.path, problem.kind, problem.line ?? '', problem.message].join('\0');
}
