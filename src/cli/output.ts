import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeForTerminal } from './escape.js';
import type { CliIo } from './run.js';

/** What writing a report needs of the file system; tests pass one that fails half-way (a full disk). */
export interface ReportFiles {
  writeFile(file: string, text: string, options: { flag: 'wx' }): Promise<void>;
}

const nodeFiles: ReportFiles = { writeFile: (file, text, options) => writeFile(file, text, options) };

/**
 * Write a report to stdout, or to the `--output` file (relative to the
 * working directory, parent folders created). The file is written whole or
 * not at all: the text goes to a new temporary file beside it (exclusive
 * create, so nothing planted there is followed), which then replaces the
 * target. On a failure nothing is left at the target, not even an older
 * report, so a CI step cannot upload a partial or stale one; the reason is
 * on stderr and the caller exits 2. A target that is not a regular file
 * (`/dev/stdout`, a pipe) is written directly.
 */
export async function writeReport(report: string, output: string | undefined, io: CliIo, files: ReportFiles = nodeFiles): Promise<boolean> {
  if (output === undefined) {
    io.stdout(report);
    return true;
  }
  const target = path.resolve(io.cwd, output);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  let direct = false;
  try {
    await mkdir(path.dirname(target), { recursive: true });
    direct = await isSpecialFile(target);
    if (direct) {
      await writeFile(target, report);
    } else {
      await files.writeFile(temporary, report, { flag: 'wx' });
      await rename(temporary, target);
    }
    return true;
  } catch (error) {
    if (!direct) {
      await rm(temporary, { force: true }).catch(() => {});
      await rm(target, { force: true }).catch(() => {});
    }
    const reason = error instanceof Error ? error.message : String(error);
    io.stderr(`error: cannot write the report to ${escapeForTerminal(output)}: ${escapeForTerminal(reason)}\n`);
    return false;
  }
}

async function isSpecialFile(file: string): Promise<boolean> {
  try {
    const info = await stat(file);
    return !info.isFile() && !info.isDirectory();
  } catch {
    return false;
  }
}

/** A file is not a terminal: colour goes into it only when `--color` asks. */
export function colorFlagFor(output: string | undefined, flag: boolean | undefined): boolean | undefined {
  return output === undefined ? flag : flag === true;
}
