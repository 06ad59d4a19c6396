#!/usr/bin/env node
import { fatalLine } from '../src/cli/fatal.js';

function fatal(error: unknown): void {
  process.stderr.write(fatalLine(error));
  process.exitCode = 2;
}

// A reader that goes away early (`toolgate scan | head`) is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') fatal(error);
});

try {
  // A pre-commit check asks git first: git answers on the other core while the CLI's modules load.
  const args = process.argv.slice(2);
  if (args.includes('scan') && args.includes('--staged')) (await import('../src/engine/staged/queries.js')).askGit(process.cwd());
  const { run } = await import('../src/cli/run.js');
  process.exitCode = await run(process.argv);
} catch (error) {
  fatal(error);
}
