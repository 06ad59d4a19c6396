import { availableParallelism } from 'node:os';
import { isCommandLinePath } from '../frontends/command-line/paths.js';
import { isFrontmatterPath } from '../frontends/frontmatter/paths.js';
import type { FrontmatterKind } from '../frontends/frontmatter/paths.js';
import { extractSettings, isSettingsPath } from '../frontends/settings/index.js';
import type { Analysis } from './analyze.js';
import { withoutBom } from './prefilter.js';
import { WorkerPool, workersAvailable } from './worker-pool.js';

/** One file that passed the prefilter: its text as read, and whether to read it as a settings file whatever its name. */
export interface SourceJob {
  text: string;
  absolutePath: string;
  asSettings: boolean;
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

type FrontEnds = typeof import('./analyze.js');
let loading: Promise<FrontEnds> | undefined;
let frontEnds: FrontEnds | undefined;

/**
 * The front ends with their parsers (TypeScript, tree-sitter's WebAssembly),
 * loaded on first use: they take longer to load than a tree without agent
 * code takes to scan.
 */
export function loadFrontEnds(): Promise<FrontEnds> {
  return (loading ??= import('./analyze.js').then((loaded) => (frontEnds = loaded)));
}

/** The front ends, once `loadFrontEnds` has resolved. */
export function loadedFrontEnds(): FrontEnds {
  if (!frontEnds) throw new Error('the front ends are not loaded yet');
  return frontEnds;
}

/** Build one file's agent model; `read` gives the other files it needs (a settings file's hook scripts). */
export async function analyseSource(job: SourceJob, read: (absolutePath: string) => string | undefined): Promise<Analysis> {
  // Settings, skill and command files need no language parser to load (as in `analyzeText`).
  if (job.asSettings || isSettingsPath(job.absolutePath)) return extractSettings(withoutBom(job.text), job.absolutePath, read);
  // The YAML parser loads with the first skill or command file: about 0.1 s of start-up that most scans never need.
  if (job.frontmatter || isFrontmatterPath(job.absolutePath)) return (await import('../frontends/frontmatter/index.js')).extractFrontmatter(withoutBom(job.text), job.absolutePath, job.frontmatter);
  // Workflow files need the YAML parser too.
  if (isCommandLinePath(job.absolutePath)) return (await import('../frontends/command-line/index.js')).extractCommandLine(withoutBom(job.text), job.absolutePath);
  const { analyzeText, prepareFor } = await loadFrontEnds();
  await prepareFor(job.absolutePath);
  // `scan` builds the models of files that cross modules in its project pass.
  return analyzeText(job.text, job.absolutePath, read, { deferCrossing: true, ...(job.everyFile ? { everyFile: true } : {}) });
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
    private readonly threads: ThreadOptions = defaultThreads,
  ) {}

  async analyse(job: SourceJob): Promise<SourceResult> {
    this.count++;
    if (!this.pool && this.count > this.threads.after && (workersAvailable || this.threads.script)) {
      this.pool = new WorkerPool(this.threads.size ?? Math.max(1, availableParallelism() - 1), this.threads.script);
    }
    if (this.pool) return this.pool.run(job);
    const reads = new Set<string>();
    const analysis = await analyseSource(job, (absolutePath) => {
      reads.add(absolutePath);
      return this.read(absolutePath);
    });
    return { analysis, reads: [...reads] };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}
