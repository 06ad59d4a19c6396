import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * toolgate's own package.json, read through the package's own name (its
 * `exports` lists `./package.json`), so the path is right from `src/` under
 * vitest and from `dist/src/` once built or installed.
 */
const require = createRequire(import.meta.url);
const pkg = require('toolgate/package.json') as { version: string; homepage: string };

export const toolInfo = { name: 'toolgate', version: pkg.version, informationUri: pkg.homepage } as const;

/** The package's root folder: where `docs/` is, in the repository and as installed. */
export const packageRoot = path.dirname(require.resolve('toolgate/package.json'));
