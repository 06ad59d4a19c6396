import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { gitAnswer, gitArgs, type GitCall } from './git.js';

/** One git command of a batch: its arguments and how its exit status is read. */
export interface GitCommand extends Pick<GitCall, 'okStatuses' | 'globs'> {
  args: readonly string[];
}

/** The answers of a batch of git commands, in the commands' order, and how to stop the ones still running. */
export interface GitAnswers {
  answers: Promise<string>[];
  dispose(): void;
}

const shell = '/bin/sh';

/**
 * Git commands started side by side. Node.js's start of a process blocks its
 * one thread until the new process runs (6 to 10 ms each on two loaded
 * cores, five of them at the start of each staged check), so on POSIX one
 * shell is started and it starts the commands, on the other core. Each
 * command writes its output to a pipe of its own and holds no other
 * command's (a pipe ends when every holder has closed it: a quick answer must
 * not wait for the search); its exit status and error text come as one
 * record on a pipe all share. A POSIX shell opens file descriptors up to 9
 * only: more commands than fit are started one by one, as on Windows, where
 * each is a process of Node.js's.
 */
export function gitCommands(commands: readonly GitCommand[], cwd: string): GitAnswers {
  if (process.platform === 'win32' || commands.length > maxBatched || !existsSync(shell)) return oneByOne(commands, cwd);
  // Output of command i: fd 3 + i of the shell; every command's record: the fd after them.
  const outputs = commands.map((_, index) => 3 + index);
  const records = 3 + commands.length;
  const script = commands
    .map(({ args, globs = false }, index) => {
      const out = outputs[index]!;
      const others = outputs.filter((fd) => fd !== out).map((fd) => `${fd}>&-`);
      // Its error text is captured (git's stdout goes to its own pipe), then written with the status in one write.
      return `{ error=$(git ${gitArgs(args, globs).map(quoted).join(' ')} 2>&1 >&${out} ${out}>&- ${records}>&- </dev/null); printf '%s %s %s\\0' ${index} "$?" "$error" >&${records}; } ${others.join(' ')} &`;
    })
    .join('\n');
  // Its own process group: stopping the batch stops the commands the shell started.
  const child = spawn(shell, ['-c', script], { cwd, detached: true, stdio: ['ignore', 'ignore', 'ignore', ...outputs.map(() => 'pipe' as const), 'pipe'] });
  const failed = new Promise<never>((_, reject) => child.once('error', (error) => reject(new UsageError(`--staged needs git: ${shell} could not start: ${error.message}`))));
  failed.catch(() => undefined);
  const statuses = statusRecords(child, records, commands.length);
  const settled = commands.map(() => false);
  const answers = commands.map(({ args, okStatuses = [0] }, index) => {
    const answer = Promise.race([
      failed,
      Promise.all([collect(child, outputs[index]!), statuses[index]!]).then(([output, record]) => {
        if (record && okStatuses.includes(record.status)) return output.toString('utf8');
        const message = record?.error.trim();
        throw new UsageError(`--staged needs a git repository: git ${args[0]!} failed${message ? `: ${message}` : record ? '' : ' (stopped)'}`);
      }),
    ]);
    answer.then(
      () => (settled[index] = true),
      () => (settled[index] = true),
    );
    return answer;
  });
  return {
    answers,
    dispose: () => {
      if (settled.every(Boolean) || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Every process of the group has ended already.
      }
    },
  };
}

/** Output pipes and the records' pipe must fit in fds 3 to 9. */
const maxBatched = 6;

interface StatusRecord {
  status: number;
  error: string;
}

/** Each command's record (`<index> <status> <error>` and a NUL) as it arrives; undefined for a command whose record never came (stopped). */
function statusRecords(child: ChildProcess, fd: number, count: number): Promise<StatusRecord | undefined>[] {
  const resolvers: Array<(record: StatusRecord | undefined) => void> = [];
  const promises = Array.from({ length: count }, (_, index) => new Promise<StatusRecord | undefined>((resolve) => (resolvers[index] = resolve)));
  const stream = child.stdio[fd] as NodeJS.ReadableStream | null | undefined;
  // No pipe (the shell did not start): no record will come.
  if (!stream) return promises.map(() => Promise.resolve(undefined));
  let pending = Buffer.alloc(0);
  stream.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (let end = pending.indexOf(0); end >= 0; end = pending.indexOf(0)) {
      const match = /^(\d+) (\d+) ([^]*)$/.exec(pending.subarray(0, end).toString('utf8'));
      pending = pending.subarray(end + 1);
      if (match) resolvers[Number(match[1])]?.({ status: Number(match[2]), error: match[3]! });
    }
  });
  const end = (): void => {
    for (const resolve of resolvers) resolve(undefined);
  };
  stream.once('end', end);
  stream.once('error', end);
  return promises;
}

/** Every byte a pipe of the child gives until it ends. */
function collect(child: ChildProcess, fd: number): Promise<Buffer> {
  const stream = child.stdio[fd] as NodeJS.ReadableStream | null | undefined;
  if (!stream) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('error', reject);
    stream.once('end', () => resolve(Buffer.concat(chunks)));
  });
}

function oneByOne(commands: readonly GitCommand[], cwd: string): GitAnswers {
  const started = commands.map(({ args, okStatuses, globs }) => gitAnswer(args, cwd, { okStatuses, globs }));
  return {
    answers: started.map(({ answer }) => answer),
    dispose: () => {
      for (const { child } of started) if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}

/** A word the shell passes to git as it is. */
function quoted(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
