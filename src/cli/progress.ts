import type { ScanStats } from '../engine/scan.js';
import { plural } from './formatters/summary.js';

/** A scan shorter than this shows no progress at all; then the line is redrawn at most this often. */
const quietFor = 1000;
const every = 100;

export interface Progress {
  update(stats: Readonly<ScanStats>): void;
  /** Clear the line, so the report and stderr's lines start on a clean one. */
  done(): void;
}

const none: Progress = { update: () => {}, done: () => {} };

/**
 * A one-line count of the files checked, redrawn on stderr, for a person
 * waiting at a terminal: only when stderr is a terminal and `CI` is not set
 * (a CI log keeps every redraw), and never on stdout, so a JSON or SARIF
 * report is untouched. The clock only decides when to draw, never what.
 */
export function progressFor(write: (text: string) => void, show: boolean, now: () => number): Progress {
  if (!show) return none;
  const start = now();
  let drawn = 0;
  let shown = false;
  return {
    update(stats) {
      const time = now();
      if (time - start < quietFor || time - drawn < every) return;
      drawn = time;
      shown = true;
      write(`\r\x1b[KChecking: ${plural(stats.files, 'file')} (${stats.analysed} analysed, ${stats.skipped} skipped by prefilter)`);
    },
    done() {
      if (shown) write('\r\x1b[K');
    },
  };
}

/** Whether a person is watching: stderr is a terminal that is not `TERM=dumb`, outside CI. */
export function showProgress(stderrIsTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  return stderrIsTTY && env.TERM !== 'dumb' && !env.CI;
}
