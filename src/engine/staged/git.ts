import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { UsageError } from '../errors.js';

export interface GitCall {
  input?: string;
  /** Exit statuses that are answers, not failures (`git grep` finding nothing exits 1). */
  okStatuses?: readonly number[];
  /** Pathspecs are globs (`*.ts`); by default they are literal, so a staged file named `*.ts` is that file. */
  globs?: boolean;
}

/** The arguments of a git command: pathspecs literal unless `globs`. */
export function gitArgs(args: readonly string[], globs = false): string[] {
  return [...(globs ? [] : ['--literal-pathspecs']), ...args];
}

/** Output of a git command in `cwd`, as bytes; any failure is a usage error (exit 2: `--staged` cannot judge the commit). */
export function gitBytes(args: readonly string[], cwd: string, { input, okStatuses = [0], globs = false }: GitCall = {}): Buffer {
  try {
    return execFileSync('git', gitArgs(args, globs), { cwd, input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (error) {
    const failed = error as { status?: number | null; stdout?: Buffer; stderr?: Buffer };
    if (failed.status !== undefined && failed.status !== null && okStatuses.includes(failed.status) && failed.stdout) return failed.stdout;
    const stderr = failed.stderr?.toString('utf8').trim();
    throw new UsageError(`--staged needs a git repository: git ${args[0]!} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/** `git` without waiting (two searches can run side by side on two cores), and its process, to stop it when its answer is not needed. */
export function gitAnswer(args: readonly string[], cwd: string, { okStatuses = [0], globs = false }: GitCall = {}): { answer: Promise<string>; child: ChildProcess } {
  let child!: ChildProcess;
  const answer = new Promise<string>((resolve, reject) => {
    child = execFile('git', gitArgs(args, globs), { cwd, maxBuffer: 1 << 30, encoding: 'utf8' }, (error, stdout, stderr) => {
      const status = (error as { code?: unknown } | null)?.code;
      if (!error || (typeof status === 'number' && okStatuses.includes(status))) resolve(stdout);
      else reject(new UsageError(`--staged needs a git repository: git ${args[0]!} failed${stderr.trim() ? `: ${stderr.trim()}` : ''}`));
    });
  });
  return { answer, child };
}

export function git(args: readonly string[], cwd: string, call?: GitCall): string {
  return gitBytes(args, cwd, call).toString('utf8');
}

/** NUL-separated records, the last one's terminator dropped. */
export function records(output: string): string[] {
  const parts = output.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}

/**
 * The contents of blobs by object id, in one `git cat-file --batch`. A blob
 * git cannot give is a usage error: a file toolgate needs was not read.
 */
export function readBlobs(oids: readonly string[], cwd: string): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  if (oids.length === 0) return blobs;
  const output = gitBytes(['cat-file', '--batch'], cwd, { input: `${oids.join('\n')}\n` });
  let at = 0;
  for (const oid of oids) {
    const end = output.indexOf(0x0a, at);
    const header = output.subarray(at, end).toString('utf8');
    const match = /^([0-9a-f]+) (\w+) (\d+)$/.exec(header);
    if (end < 0 || !match || match[2] !== 'blob') throw new UsageError(`--staged cannot read object ${oid} from the git index: ${header || 'no answer'}`);
    const size = Number(match[3]);
    blobs.set(oid, output.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return blobs;
}
