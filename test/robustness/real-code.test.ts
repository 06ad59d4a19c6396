import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';
import { collectCorpus, corpusFloor, type CorpusFile } from './corpus.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

interface FileResult {
  path: string;
  ok: boolean;
  syntaxErrors?: boolean;
  functions?: number;
  error?: string;
  ms: number;
}

/** Files handed to a worker at a time: small enough to balance the threads, big enough to keep messages few. */
const batchSize = 40;

/**
 * Start worker threads (they load the engine while the files are listed),
 * hand the files out as the workers ask for them, and gather what each file
 * gave. A worker that dies fails the run with the files it held.
 */
function startWorkers(threads: number, files: Promise<readonly CorpusFile[]>): Promise<FileResult[]> {
  const results: FileResult[] = [];
  let next = 0;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: {
        root: repoRoot,
        exercise: path.join(repoRoot, 'test/robustness/exercise.ts'),
        analyse: path.join(repoRoot, 'src/engine/analyse.ts'),
      },
    });
    return new Promise<void>((resolve, reject) => {
      let held: readonly CorpusFile[] = [];
      const feed = async (): Promise<void> => {
        const all = await files;
        held = all.slice(next, next + batchSize);
        next += held.length;
        worker.postMessage(held.length > 0 ? { type: 'files', files: held } : { type: 'stop' });
      };
      worker.on('message', (message: { type: 'ready' } | { type: 'results'; results: FileResult[] }) => {
        if (message.type === 'results') results.push(...message.results);
        feed().catch(reject);
      });
      worker.on('error', (error) => reject(new Error(`a worker died on one of ${held.map((file) => file.path).join(', ')}: ${error.stack}`)));
      worker.on('exit', () => resolve());
    });
  });
  return Promise.all(workers).then(() => results);
}

/*
 * The files come from the packages package-lock.json pins, installed by
 * `npm ci` under node_modules (test/robustness/corpus.ts): the same sample on
 * every machine, Python included (node-gyp ships gyp's Python sources).
 */
describe('real code no one here wrote', () => {
  it('goes through the engine without a crash or an internal error', async () => {
    const started = performance.now();
    const threads = Math.max(1, Math.min(availableParallelism(), 4));
    let listed!: (files: readonly CorpusFile[]) => void;
    const running = startWorkers(threads, new Promise((resolve) => (listed = resolve)));
    const corpus = collectCorpus(repoRoot);
    // Largest first, so no thread is left with a big file at the end.
    listed([...corpus.files].sort((a, b) => b.size - a.size));
    const results = await running;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);

    const failures = results.filter((result) => !result.ok);
    const count = (kind: CorpusFile['kind']): number => corpus.files.filter((file) => file.kind === kind).length;
    const deep = corpus.files.filter((file) => file.deep).length;
    const functions = results.reduce((sum, result) => sum + (result.functions ?? 0), 0);
    const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 3);
    const kindOf = new Map(corpus.files.map((file) => [file.path, `${file.kind}${file.deep ? ' deep' : ''}`]));
    const time = new Map<string, number>();
    for (const result of results) time.set(kindOf.get(result.path)!, (time.get(kindOf.get(result.path)!) ?? 0) + result.ms);
    console.log(
      [
        `robustness: ${results.length} real files through the engine in ${seconds} s on ${threads} threads, ${failures.length} crashed`,
        `  ${count('code')} JavaScript/TypeScript (of ${corpus.available.code} distinct found), ${count('declaration')} declaration files, ` +
          `${count('python')} Python (of ${corpus.available.python} distinct found)`,
        `  ${deep} also analysed function by function (${functions} functions); ` +
          `${results.filter((result) => result.syntaxErrors).length} have syntax errors in a dialect the parser reads differently`,
        `  thread time: ${[...time].map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
        `  slowest: ${slowest.map((result) => `${path.relative(repoRoot, result.path)} ${Math.round(result.ms)} ms`).join(', ')}`,
        `  from ${corpus.roots.join(', ')}`,
      ].join('\n'),
    );

    expect(failures.map((failure) => `${failure.path}\n${failure.error}`)).toEqual([]);
    expect(results).toHaveLength(corpus.files.length);
    for (const kind of ['code', 'declaration', 'python'] as const) expect(count(kind), kind).toBeGreaterThanOrEqual(corpusFloor[kind]);
  });

  it('scans node_modules (the Python of node-gyp included) as a project, reporting no internal error', async () => {
    const paths = ['node_modules'];
    const result = await scan({ cwd: repoRoot, paths });
    const internal = result.problems.filter((problem) => problem.kind === 'internal');
    console.log(
      `robustness: scan of ${paths.join(', ')}: ${result.stats.files} files ` +
        `(${result.stats.analysed} analysed, ${result.stats.skipped} skipped by prefilter, ${result.stats.failed} failed), ` +
        `${result.stats.ignored} ignored, ${result.findings.length} findings`,
    );
    expect(internal).toEqual([]);
    expect(result.stats.files).toBe(result.stats.analysed + result.stats.skipped + result.stats.failed);
    expect(result.stats.files).toBeGreaterThan(1000);
  });
});
