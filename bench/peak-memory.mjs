// Run a Node.js script (the toolgate CLI) in this process and report its
// peak resident memory, worker threads included, on stderr as
// `peak-rss-kb <n>`. /usr/bin/time -v is not on every machine.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [script, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], script, ...rest];
process.on('exit', () => process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`));
await import(pathToFileURL(path.resolve(script)).href);
