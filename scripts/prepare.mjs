// npm runs `prepare` after `npm ci`/`npm install` here and in the clone it
// makes when toolgate is installed from git, so a git install ships a built
// dist/. Under `npm install -g` (pre-commit 4 installs a hook repository that
// way) the clone's install inherits `global`, and the devDependencies land in
// the global prefix instead of this folder: install them here first.
// Output goes to stderr: pre-commit 3 reads the tarball name from `npm pack`'s stdout.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_(global|location|prefix)$/i.test(key)));
const npm = (args) => execFileSync('npm', args, { stdio: ['ignore', 2, 2], env });
if (!existsSync('node_modules/typescript/bin/tsc')) npm(['install', '--no-save', '--ignore-scripts', '--include=dev', '--no-audit', '--no-fund']);
npm(['run', 'build']);
