import path from 'node:path';
import { typeScriptProviderPackages } from '../../model/sdk-modules.js';

/**
 * A provider package's own examples and tests import its build by a
 * relative path (`../dist/index.js`), which may not exist in a checkout:
 * the path names the package when the nearest package.json above it is
 * that package's and lists the path as an entry (`main`, `module`,
 * `exports`). Each package.json is read once.
 */
export class OwnPackages {
  private readonly manifests = new Map<string, { name?: string; entries: string[] } | null>();

  constructor(private readonly readFile: (file: string) => string | undefined) {}

  /** The provider package a relative `specifier` in `fromFile` names, if it is one's entry. */
  providerPackageOf(specifier: string, fromFile: string): string | undefined {
    if (!/^\.{1,2}\//.test(specifier)) return undefined;
    const target = path.resolve(path.dirname(fromFile), specifier);
    for (let folder = path.dirname(target); ; folder = path.dirname(folder)) {
      const manifest = this.manifest(folder);
      if (manifest) {
        const named = manifest.name !== undefined && typeScriptProviderPackages.includes(manifest.name);
        return named && manifest.entries.some((entry) => path.resolve(folder, entry) === target) ? manifest.name : undefined;
      }
      if (path.dirname(folder) === folder) return undefined;
    }
  }

  private manifest(folder: string): { name?: string; entries: string[] } | undefined {
    if (!this.manifests.has(folder)) {
      const text = this.readFile(path.join(folder, 'package.json'));
      this.manifests.set(folder, text === undefined ? null : parseManifest(text));
    }
    return this.manifests.get(folder) ?? undefined;
  }
}

function parseManifest(text: string): { name?: string; entries: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { entries: [] };
  }
  if (!data || typeof data !== 'object') return { entries: [] };
  const { name, main, module, exports } = data as Record<string, unknown>;
  const root = exports && typeof exports === 'object' && '.' in exports ? (exports as Record<string, unknown>)['.'] : exports;
  return { ...(typeof name === 'string' ? { name } : {}), entries: [main, module, root].flatMap(strings) };
}

/** The strings of an entry field: itself, or the leaves of its conditions (`import`, `require`, `default`). */
function strings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (!value || typeof value !== 'object' || depth > 3) return [];
  return Object.values(value).flatMap((inner) => strings(inner, depth + 1));
}
