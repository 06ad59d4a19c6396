// The built analysis worker, except that once it has analysed a settings
// file (its hook script `guard.sh` read), and before the result reaches the
// main thread, the script is rewritten: a file changed while a `--cache` scan runs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import '../../dist/src/engine/analysis-worker.js';

// Its own listener runs first, and posts only after an await: `current` is set by then.
let current;
parentPort.on('message', (job) => {
  current = job;
});
const post = parentPort.postMessage.bind(parentPort);
parentPort.postMessage = (message) => {
  if (message.result && current?.absolutePath.endsWith('settings.json')) {
    writeFileSync(path.join(path.dirname(current.absolutePath), 'hooks/guard.sh'), '#!/bin/sh\nexit 1\n');
  }
  post(message);
};
