import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { CorpusKind } from './exercise.js';

export interface CorpusFile {
  path: string;
  kind: CorpusKind;
  /** Analysed deep as well: every function's facts, every call argument evaluated. */
  deep: boolean;
  size: number;
}

export interface Corpus {
  files: CorpusFile[];
  /** Where the files came from, for the printed summary. */
  roots: string[];
  /** Distinct files found before sampling, by kind. */
  available: Record<CorpusKind, number>;
}

/**
 * JavaScript and TypeScript files, sampled by content hash to at most this
 * many. The pinned packages hold about 5,400 distinct ones, so today every
 * one is taken; the cap keeps the test's work from growing with new
 * dependencies beyond what the earlier machine-wide sample cost (3,500 of
 * these and 13,500 small Python files, about 425 s of thread time against
 * about 275 s now).
 */
const codeTarget = 10_000;
/** Larger files are parsed and modelled, but not analysed function by function (a 9 MB bundle takes half a minute). */
const deepLimit = 256 * 1024;
/**
 * Files of each kind also analysed deep, out of 256, chosen by content hash.
 * A JavaScript file's deep pass costs about what its parse as agent code
 * costs; Python files are few, and each is analysed deep. Declarations have
 * no function bodies.
 */
const deepShare: Record<CorpusKind, number> = { code: 256, declaration: 0, python: 256 };

const code = /\.(?:[cm]?[jt]s|[jt]sx)$/i;
const declaration = /\.d\.[cm]?ts$/i;
const python = /\.py$/i;

interface LockedPackage {
  os?: string[];
  cpu?: string[];
  link?: boolean;
}

/**
 * Real code no one here wrote, the same on every machine: the files of the
 * packages package-lock.json pins, as `npm ci` installs them under the
 * repository's node_modules. Packages the lock marks for one platform (`os`,
 * `cpu`: esbuild's and rollup's binaries, the SARIF multitool) differ from
 * machine to machine and are left out, and nothing outside the repository
 * (global packages, the machine's Python) is read. The Python comes from the
 * pinned devDependency node-gyp, which ships gyp's Python sources. Each
 * distinct text is taken once; JavaScript and TypeScript files are sampled
 * to a fixed count by content hash, every declaration and Python file is
 * taken.
 */
export function collectCorpus(repoRoot: string): Corpus {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
  const roots = Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.os && !entry.cpu && !entry.link)
    .map(([key]) => path.join(repoRoot, key))
    .sort();
  const seen = new Set<string>();
  const byKind: Record<CorpusKind, Array<CorpusFile & { hash: string }>> = { code: [], declaration: [], python: [] };
  for (const root of roots) {
    for (const file of listFiles(root)) {
      const kind = declaration.test(file) ? 'declaration' : code.test(file) ? 'code' : python.test(file) ? 'python' : undefined;
      if (!kind) continue;
      let text: Buffer;
      try {
        text = readFileSync(file);
      } catch {
        continue;
      }
      const hash = createHash('sha1').update(text).digest('hex');
      if (seen.has(hash)) continue;
      seen.add(hash);
      const deep = text.length <= deepLimit && Number.parseInt(hash.slice(-2), 16) < deepShare[kind];
      byKind[kind].push({ path: file, kind, hash, size: text.length, deep });
    }
  }
  const available = { code: byKind.code.length, declaration: byKind.declaration.length, python: byKind.python.length };
  // The sample takes the lowest hashes; the deep share is decided by the hash's end, so it is independent of the sample.
  const codeSample = [...byKind.code].sort((a, b) => (a.hash < b.hash ? -1 : 1)).slice(0, codeTarget);
  const files = [...codeSample, ...byKind.declaration, ...byKind.python].map(({ hash: _hash, ...file }) => file);
  return { files, roots: [path.join(repoRoot, 'node_modules')], available };
}

/**
 * What the sample holds at least with package-lock.json as it is (5,443
 * code, 2,912 declaration and 58 Python files): fewer means a pinned package
 * went missing, or node-gyp no longer ships gyp's Python.
 */
export const corpusFloor: Record<CorpusKind, number> = { code: 5_000, declaration: 2_500, python: 50 };

/**
 * Every regular file under `root`, in a stable order; links are not followed.
 * A nested node_modules holds packages the lock lists on their own, so it is
 * not entered.
 */
function listFiles(root: string): string[] {
  const files: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const directory = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : -1));
    for (const entry of entries) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') stack.push(full);
      }
      else if (entry.isFile()) files.push(full);
    }
  }
  return files;
}
