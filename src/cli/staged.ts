import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isSupportedPath } from '../engine/prefilter.js';
import { UsageError } from '../engine/errors.js';

const run = promisify(execFile);

/** The index checked out on its own: what a commit would hold, not the working tree. */
export interface StagedTree {
  /** The repository's top folder. */
  repository: string;
  /** A temporary folder holding every file of the index, as staged. */
  directory: string;
  /** Staged files (added, copied, modified, renamed) a front end reads, relative to both folders. */
  paths: string[];
  dispose(): Promise<void>;
}

/**
 * Check out the index into a temporary folder, so staged content is scanned,
 * imports resolve to staged versions, and the working tree is never touched.
 */
export async function checkoutStaged(cwd: string): Promise<StagedTree> {
  const git = async (args: string[], at: string): Promise<string> => {
    try {
      return (await run('git', args, { cwd: at, maxBuffer: 256 * 1024 * 1024 })).stdout;
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim();
      throw new UsageError(`--staged needs a git repository: git ${args[0]!} failed${stderr ? `: ${stderr}` : ''}`);
    }
  };
  const repository = (await git(['rev-parse', '--show-toplevel'], cwd)).trim();
  const listed = await git(['diff', '--cached', '--name-only', '--diff-filter=ACMR', '-z'], repository);
  const paths = listed.split('\0').filter((file) => file !== '' && isSupportedPath(file));
  const directory = await mkdtemp(path.join(tmpdir(), 'toolgate-staged-'));
  const dispose = (): Promise<void> => rm(directory, { recursive: true, force: true });
  try {
    if (paths.length > 0) await git(['checkout-index', '--all', '--force', `--prefix=${directory}${path.sep}`], repository);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { repository, directory, paths, dispose };
}
