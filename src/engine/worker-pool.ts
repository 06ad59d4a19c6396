import { Worker } from 'node:worker_threads';
import type { SourceJob, SourceResult } from './analyser.js';

/**
 * Worker threads run built JavaScript. From the TypeScript sources (under
 * Vitest) there is no script to start, and files are analysed in-thread.
 */
export const workersAvailable = import.meta.url.endsWith('.js');

const builtScript = new URL('./analysis-worker.js', import.meta.url);

interface Task {
  job: SourceJob;
  resolve(result: SourceResult): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** The one file the thread is on: so a crash is known to be that file's. */
  task?: Task;
}

/**
 * Analysis threads fed from one queue. A thread that dies (a crash, out of
 * memory) fails only the file it was on, which the scan reports (fail
 * closed); a new thread takes the files still queued.
 */
export class WorkerPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Task[] = [];
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly script: URL = builtScript,
  ) {}

  run(job: SourceJob): Promise<SourceResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = [...this.threads];
    this.threads.clear();
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const thread = this.idleThread();
      if (!thread) return;
      thread.task = this.queue.shift()!;
      thread.worker.postMessage(thread.task.job);
    }
  }

  private idleThread(): Thread | undefined {
    for (const thread of this.threads) if (!thread.task) return thread;
    return this.threads.size < this.size ? this.start() : undefined;
  }

  private start(): Thread {
    const thread: Thread = { worker: new Worker(this.script) };
    this.threads.add(thread);
    thread.worker.on('message', (message: { result?: SourceResult; error?: string }) => {
      const task = thread.task;
      thread.task = undefined;
      if (message.error !== undefined) task?.reject(new Error(message.error));
      else task?.resolve(message.result!);
      this.dispatch();
    });
    thread.worker.on('error', (error) => this.lost(thread, error));
    thread.worker.on('exit', (code) => this.lost(thread, new Error(`the thread stopped with exit code ${code}`)));
    return thread;
  }

  private lost(thread: Thread, error: Error): void {
    if (!this.threads.delete(thread)) return;
    thread.task?.reject(new Error(`the analysis thread crashed on this file: ${error.message}`));
    this.dispatch();
  }
}
