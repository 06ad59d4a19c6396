import { isSettingsPath } from '../../frontends/settings/paths.js';
import { frontEnds } from '../../frontends/registry.js';
import { candidateText, isSupportedPath, sdkMarkers } from '../prefilter.js';
import { git, gitAsync, records } from './git.js';
import type { Snapshot } from './snapshot.js';

/**
 * The code files toolgate's front ends read, as git pathspecs (`*` spans
 * folders). Plain globs: git's `icase` magic makes the search 2.5 times
 * slower, so an extension in mixed case (`.Ts`) is not searched.
 */
const codePathspecs = frontEnds.flatMap((frontEnd) => frontEnd.pathspecs ?? []);

/**
 * The snapshot's files that can hold agent code: those the prefilter passes.
 * One `git grep` for the SDK's package names finds the candidates; it reads
 * the working tree, where git knows the copy equals the index, and the index
 * itself for every other file (modified or deleted in the working tree,
 * assume-unchanged, skip-worktree), so the answer is the index's, at the
 * cost of reading files from disk rather than unpacking blobs. The
 * candidates are then read from the snapshot and given the prefilter itself.
 */
export async function agentFiles(snapshot: Snapshot, changed: ReadonlySet<string>): Promise<string[]> {
  const { repository } = snapshot;
  const patterns = sdkMarkers(frontEnds).flatMap((marker) => ['-e', marker]);
  const grepArgs = (extra: readonly string[], pathspecs: readonly string[]): string[] => ['grep', '-l', '-z', '-F', '--no-color', ...extra, ...patterns, '--', ...pathspecs];
  // Side by side: the search of the working tree does not wait for the list of files that differ from the index.
  const [inTree, differs] = await Promise.all([
    gitAsync(grepArgs([], codePathspecs), repository, { okStatuses: [1], globs: true }),
    gitAsync(['diff', '--name-only', '-z'], repository),
  ]);
  const differing = new Set([...records(differs), ...snapshot.unwatched]);
  // The changed files are read from the snapshot itself, whichever state of them it holds.
  const found = records(inTree).filter((file) => !differing.has(file) && !changed.has(file));
  const inIndex = [...differing].filter((file) => snapshot.has(file) && !changed.has(file));
  if (inIndex.length > 0) {
    // Named one by one while they are few; many (an unstaged reformat) would overflow the command line: the whole index is searched then.
    const pathspecs = inIndex.length <= 500 ? inIndex.map((file) => `:(literal)${file}`) : codePathspecs;
    const wanted = new Set(inIndex);
    found.push(...records(git(grepArgs(['--cached'], pathspecs), repository, { okStatuses: [1], globs: true })).filter((file) => wanted.has(file)));
  }
  found.push(...[...changed].filter((file) => snapshot.has(file) && isSupportedPath(file)));
  snapshot.prefetch(found);
  return [...new Set(found)].filter((file) => !isSettingsPath(file) && candidateText(snapshot.bytes(file)!, file) !== undefined).sort();
}
