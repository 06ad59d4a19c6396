#!/usr/bin/env node
import { fatalLine } from '../src/cli/fatal.js';
import { run } from '../src/cli/run.js';

function fatal(error: unknown): void {
  process.stderr.write(fatalLine(error));
  process.exitCode = 2;
}

// A reader that goes away early (`toolgate scan | head`) is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') fatal(error);
});

try {
  process.exitCode = await run(process.argv);
} catch (error) {
  fatal(error);
}
