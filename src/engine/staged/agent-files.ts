import { isSettingsPath } from '../../frontends/settings/paths.js';
import { candidateText, isSupportedPath } from '../prefilter.js';
import { git, records } from './git.js';
import { resolutionConfigs } from './names.js';
import { searchMarkers, searchPathspecs } from './search-terms.js';
import type { Snapshot } from './snapshot.js';

/** The answers of the search `agentFiles` reads (`StagedQueries`: asked early, side by side). */
export interface AgentSearch {
  /** `git grep -l` of the markers over the working tree, paths from the top. */
  search: Promise<string>;
  /** `git diff --name-only`: the files whose working-tree copy is not the index's. */
  differs: Promise<string>;
}

/**
 * The snapshot's files that can hold agent code: those the prefilter passes.
 * One `git grep` for the SDK's package names finds the candidates; it reads
 * the working tree, where git knows the copy equals the index, and the index
 * itself for every other file (modified or deleted in the working tree,
 * assume-unchanged, skip-worktree), so the answer is the index's, at the
 * cost of reading files from disk rather than unpacking blobs. The
 * candidates are then read from the snapshot and given the prefilter itself.
 */
export async function agentFiles(snapshot: Snapshot, changed: ReadonlySet<string>, { search, differs }: AgentSearch): Promise<string[]> {
  const { repository } = snapshot;
  const patterns = searchMarkers.flatMap((marker) => ['-e', marker]);
  const grepArgs = (extra: readonly string[], pathspecs: readonly string[]): string[] => ['grep', '-l', '-z', '-F', '--no-color', ...extra, ...patterns, '--', ...pathspecs];
  // Built while the search runs (Node.js's thread waits for it otherwise): the name test's index, which holds the configs read below.
  const configs = resolutionConfigs(snapshot);
  const [inTree, listed] = await Promise.all([search, differs]);
  const differing = new Set([...records(listed), ...snapshot.unwatched]);
  // The changed files are read from the snapshot itself, whichever state of them it holds.
  const found = records(inTree).filter((file) => !differing.has(file) && !changed.has(file));
  const inIndex = [...differing].filter((file) => snapshot.has(file) && !changed.has(file));
  if (inIndex.length > 0) {
    // Named one by one while they are few; many (an unstaged reformat) would overflow the command line: the whole index is searched then.
    const pathspecs = inIndex.length <= 500 ? inIndex.map((file) => `:(literal)${file}`) : searchPathspecs;
    const wanted = new Set(inIndex);
    found.push(...records(git(grepArgs(['--cached'], pathspecs), repository, { okStatuses: [1], globs: true })).filter((file) => wanted.has(file)));
  }
  found.push(...[...changed].filter((file) => snapshot.has(file) && isSupportedPath(file)));
  // With the configs the name test reads next: one `git cat-file` for both.
  snapshot.prefetch([...found, ...configs]);
  return [...new Set(found)].filter((file) => !isSettingsPath(file) && candidateText(snapshot.bytes(file)!, file) !== undefined).sort();
}
