import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ToolInfo {
  name: string;
  version: string;
  informationUri: string;
}

/**
 * toolgate's own package.json, found by walking up from this module, so the
 * same code works from `src/` under vitest and from `dist/src/` once built.
 */
function readToolInfo(): ToolInfo {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as Record<string, unknown>;
      if (pkg.name === 'toolgate') {
        return {
          name: 'toolgate',
          version: String(pkg.version),
          informationUri: typeof pkg.homepage === 'string' ? pkg.homepage : 'https://github.com/toolgate-dev/toolgate',
        };
      }
    } catch {
      // No package.json here; keep walking up.
    }
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('toolgate: cannot find its own package.json');
    directory = parent;
  }
}

export const tool: ToolInfo = readToolInfo();
