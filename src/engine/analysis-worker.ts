import { parentPort } from 'node:worker_threads';
import { frontEnds } from '../frontends/registry.js';
import { analyseSource, type SourceJob } from './analyser.js';
import { textState } from './cache.js';
import { readSource } from './sources.js';

/**
 * A worker thread of `scan`: builds the model of each file it is sent (one at
 * a time) and sends it back. An error in the analysis is sent back as that
 * file's error; the thread stays up for the next. It reads with the
 * registered front ends: the `Analyser` sends files here only when those are the ones it was handed.
 */
parentPort!.on('message', async (job: SourceJob) => {
  // What each read gave, for `--cache`: the main thread's own read could find the file changed since.
  const states: Record<string, string> = {};
  const refused: Record<string, string> = {};
  try {
    // A parse is not worth copying to the main thread: the project pass parses such a file again.
    const { parsed, ...analysis } = await analyseSource(job, (absolutePath) => {
      const read = readSource(absolutePath);
      states[absolutePath] ??= textState(absolutePath, read.text, read.refused !== undefined);
      if (read.refused !== undefined) refused[absolutePath] = read.refused;
      return read.text;
    }, frontEnds);
    parentPort!.postMessage({ result: { analysis, reads: Object.keys(states), states, refused } });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
