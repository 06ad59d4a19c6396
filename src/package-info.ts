import { createRequire } from 'node:module';

/**
 * toolgate's own package.json, read through the package's own name (its
 * `exports` lists `./package.json`), so the path is right from `src/` under
 * vitest and from `dist/src/` once built or installed.
 */
const pkg = createRequire(import.meta.url)('toolgate/package.json') as { version: string; homepage: string };

export const toolInfo = { name: 'toolgate', version: pkg.version, informationUri: pkg.homepage } as const;
