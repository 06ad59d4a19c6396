// The built analysis worker, except that right after it has read a settings
// file's hook script `guard.sh` (the read happens before the worker's first
// await) the script is rewritten: a file changed while a `--cache` scan runs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import '../../dist/src/engine/analysis-worker.js';

parentPort.on('message', (job) => {
  if (job.absolutePath.endsWith('settings.json')) {
    writeFileSync(path.join(path.dirname(job.absolutePath), 'hooks/guard.sh'), '#!/bin/sh\nexit 1\n');
  }
});
