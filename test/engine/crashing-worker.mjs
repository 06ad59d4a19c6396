// The built analysis worker, except that it dies outright on a file whose
// name starts with `crash-`: a stand-in for a thread lost to a crash or to
// memory, which the pool must report under that file and no other.
import { parentPort } from 'node:worker_threads';
import '../../dist/src/engine/analysis-worker.js';

parentPort.on('message', (job) => {
  if (/[/\\]crash-[^/\\]*$/.test(job.absolutePath)) process.exit(70);
});
