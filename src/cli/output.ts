import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeForTerminal } from './escape.js';
import type { CliIo } from './run.js';

/**
 * Write a report to stdout, or to the `--output` file (relative to the
 * working directory, parent folders created). False, with the reason on
 * stderr, when the file cannot be written: the caller exits 2.
 */
export async function writeReport(report: string, output: string | undefined, io: CliIo): Promise<boolean> {
  if (output === undefined) {
    io.stdout(report);
    return true;
  }
  const target = path.resolve(io.cwd, output);
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, report);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    io.stderr(`error: cannot write the report to ${escapeForTerminal(output)}: ${escapeForTerminal(reason)}\n`);
    return false;
  }
}

/** A file is not a terminal: colour goes into it only when `--color` asks. */
export function colorFlagFor(output: string | undefined, flag: boolean | undefined): boolean | undefined {
  return output === undefined ? flag : flag === true;
}
