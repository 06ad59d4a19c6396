import { availableParallelism } from 'node:os';
import type { Analysis, FrontEnd } from '../frontends/contract.js';
import type { FrontmatterKind } from '../frontends/frontmatter/paths.js';
import { frontEnds as registered, readerOf } from '../frontends/registry.js';
import { loadAnalysis } from './front-ends.js';
import { withoutBom } from './prefilter.js';
import { WorkerPool, workersAvailable } from './worker-pool.js';

/** One file that passed the prefilter: its text as read, and the front end to read it with when its name does not decide. */
export interface SourceJob {
  text: string;
  absolutePath: string;
  /** A front end's id: a `settingsFiles` entry is read as settings whatever its name, a plugin's skill as frontmatter. */
  readAs?: string;
  /** A plugin's skill, command or agent file (`DiscoveredFile.frontmatter`). */
  frontmatter?: FrontmatterKind;
  /** `--no-prefilter`: analysed even if it names no SDK package. */
  everyFile?: boolean;
}

/** `reads`: every other path the analysis read or probed (hook scripts), for `--cache`. */
export interface SourceResult {
  analysis: Analysis;
  reads: string[];
  /** From a worker thread, which read the files itself: the state of each file in `reads` as it read it (`textState`). */
  states?: Record<string, string>;
  /** From a worker thread: the files in `reads` that are there but could not be read, with why (`readSource`). */
  refused?: Record<string, string>;
}

/** The front end that reads a job's file. */
export function frontEndOf(job: Pick<SourceJob, 'absolutePath' | 'readAs'>, frontEnds: readonly FrontEnd[]): FrontEnd {
  return (job.readAs !== undefined ? frontEnds.find((frontEnd) => frontEnd.id === job.readAs) : undefined) ?? readerOf(job.absolutePath, frontEnds);
}

/**
 * Build one file's agent model; `read` gives the other files it needs (a
 * settings file's hook scripts). Only the front end the file needs loads
 * (with its parser): they take longer to load than a tree without agent
 * code takes to scan.
 */
export async function analyseSource(job: SourceJob, read: (absolutePath: string) => string | undefined, frontEnds: readonly FrontEnd[]): Promise<Analysis> {
  const frontEnd = frontEndOf(job, frontEnds);
  const analysis = await loadAnalysis(frontEnd);
  // `scan` builds the models of files that cross modules in its project pass.
  return analysis.analyse(withoutBom(job.text), job.absolutePath, {
    readFile: read,
    deferCrossing: true,
    ...(job.everyFile ? { everyFile: true } : {}),
    ...(job.frontmatter ? { frontmatter: job.frontmatter } : {}),
  });
}

export interface ThreadOptions {
  /** Analyse on this thread until this many files passed the prefilter, then on worker threads. */
  after: number;
  /** Worker threads; by default one per core but the one this thread keeps busy (discovery, reads, rules). */
  size?: number;
  /** The worker's script (tests substitute one); by default the built `analysis-worker.js`. */
  script?: URL;
}

/**
 * On two cores threads never paid for themselves (docs/performance.md: 2,300
 * files of agent code took 3.7 s on two threads, 2.9 s on one): each loads
 * the parsers again and starts with a cold JIT, and models are copied back.
 * So they start only with four cores or more, after a thousand files.
 */
export const defaultThreads: ThreadOptions = { after: availableParallelism() >= 4 ? 1000 : Infinity };

/**
 * Analyses the files of one scan: on the calling thread while they are few,
 * then on a pool of worker threads. Each file's model depends on its text
 * alone, so where it was built changes nothing in the result.
 */
export class Analyser {
  private pool: WorkerPool | undefined;
  private count = 0;

  constructor(
    private readonly read: (absolutePath: string) => string | undefined,
    private readonly frontEnds: readonly FrontEnd[],
    private readonly threads: ThreadOptions = defaultThreads,
  ) {}

  async analyse(job: SourceJob): Promise<SourceResult> {
    this.count++;
    // A worker thread loads the registered front ends itself: functions cannot be sent to it.
    const inWorkers = this.frontEnds === registered && (workersAvailable || this.threads.script);
    if (!this.pool && this.count > this.threads.after && inWorkers) {
      this.pool = new WorkerPool(this.threads.size ?? Math.max(1, availableParallelism() - 1), this.threads.script);
    }
    if (this.pool) return this.pool.run(job);
    const reads = new Set<string>();
    const analysis = await analyseSource(
      job,
      (absolutePath) => {
        reads.add(absolutePath);
        return this.read(absolutePath);
      },
      this.frontEnds,
    );
    return { analysis, reads: [...reads] };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}
