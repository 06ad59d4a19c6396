import { gitCommands, type GitCommand } from './git-batch.js';
import { searchMarkers, searchPathspecs } from './search-terms.js';

/**
 * What a staged check first asks git, all side by side from where the hook
 * runs (paths relative to the repository's top: `--full-name`,
 * `--no-relative`, the `:/` and `:(top)` pathspecs):
 *
 * - `top`: the repository's top folder;
 * - `staged`: the staged paths;
 * - `listing`: the index (`ls-files --stage -v`), no file read;
 * - `search`: the files of the working tree that name an SDK package
 *   (`git grep`, the one answer whose cost grows with the repository);
 * - `differs`: the files whose working-tree copy differs from the index,
 *   whose search answer is not the index's.
 *
 * The CLI asks these before it loads its own modules (`askGit`), so git's
 * work overlaps Node.js's start-up on the other core.
 */
export interface StagedQueries {
  top: Promise<string>;
  staged: Promise<string>;
  listing: Promise<string>;
  search: Promise<string>;
  differs: Promise<string>;
  /** Stop the processes whose answers were not needed (a change of a README needs no search). */
  dispose(): void;
}

let early: { cwd: string; queries: StagedQueries } | undefined;

/** Start the queries for a check that will run in `cwd`; `stagedQueries` takes them up. */
export function askGit(cwd: string): void {
  early = { cwd, queries: startQueries(cwd) };
}

/** The queries started early for `cwd` (each taken once), else started now. */
export function stagedQueries(cwd: string): StagedQueries {
  const started = early?.cwd === cwd ? early.queries : undefined;
  early = undefined;
  return started ?? startQueries(cwd);
}

function startQueries(cwd: string): StagedQueries {
  // The search first: it is the one that takes long, and the check waits for it.
  const search: GitCommand = {
    args: ['grep', '-l', '-z', '-F', '--no-color', '--full-name', ...searchMarkers.flatMap((marker) => ['-e', marker]), '--', ...searchPathspecs.map((spec) => `:(top)${spec}`)],
    okStatuses: [0, 1],
    globs: true,
  };
  const { answers, dispose } = gitCommands(
    [
      search,
      { args: ['rev-parse', '--show-toplevel'] },
      { args: ['diff', '--cached', '--name-only', '--no-renames', '--no-relative', '-z'] },
      { args: ['ls-files', '--stage', '-v', '-z', '--full-name', '--', ':/'], globs: true },
      { args: ['diff', '--name-only', '--no-relative', '-z'] },
    ],
    cwd,
  );
  // Awaited later, maybe never (outside a repository the first answer's error says it all): no unhandled rejection.
  for (const answer of answers) answer.catch(() => undefined);
  const [searched, top, staged, listing, differs] = answers as [Promise<string>, Promise<string>, Promise<string>, Promise<string>, Promise<string>];
  return { top, staged, listing, search: searched, differs, dispose };
}
