import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
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

/** Files in all: the 20,000, and a margin for packages that come and go. */
const target = 20_500;
/**
 * JavaScript and TypeScript files, sampled: each costs the time of four
 * small Python files, so the rest of the count is made up with Python.
 */
const codeTarget = 3_500;
/** Larger files are parsed and modelled, but not analysed function by function (a 9 MB bundle takes half a minute). */
const deepLimit = 256 * 1024;
/**
 * Larger Python files are left out of the sample: parsing them dominated the
 * suite's time, and three in four files of Python's own library are smaller.
 */
const pythonSizeLimit = 16 * 1024;
/**
 * Files of each kind also analysed deep, out of 256, chosen by content hash.
 * A JavaScript file's deep pass costs about what its parse as agent code
 * costs; a Python file's costs nearly twice its parse, and meets the same
 * shapes of code again and again. Declarations have no function bodies.
 */
const deepShare: Record<CorpusKind, number> = { code: 256, declaration: 0, python: 51 };

const code = /\.(?:[cm]?[jt]s|[jt]sx)$/i;
const declaration = /\.d\.[cm]?ts$/i;
const python = /\.py$/i;

/**
 * Real code no one here wrote: every JavaScript, TypeScript, declaration and
 * Python file under the installed node_modules, and the Python files of the
 * interpreters installed on the machine (standard library and site-packages),
 * each distinct text once. JavaScript and TypeScript files, and Python
 * files up to 16 KB, are sampled to fixed counts by content hash, which is
 * deterministic on a given machine; every declaration file is taken.
 */
export function collectCorpus(repoRoot: string): Corpus {
  const roots = [path.join(repoRoot, 'node_modules'), ...globalNodeModules(), ...pythonRoots()];
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
  // Samples take the lowest hashes; the deep share is decided by the hash's end, so it is independent of the sample.
  const sample = (files: typeof byKind.code, count: number) => [...files].sort((a, b) => (a.hash < b.hash ? -1 : 1)).slice(0, count);
  const smallPython = byKind.python.filter((file) => file.size <= pythonSizeLimit);
  // A machine with little Python makes up the count with more JavaScript.
  const codeSample = sample(byKind.code, Math.max(codeTarget, target - available.declaration - smallPython.length));
  const pythonSample = sample(smallPython, Math.max(0, target - codeSample.length - available.declaration));
  const files = [...codeSample, ...byKind.declaration, ...pythonSample].map(({ hash: _hash, ...file }) => file);
  return { files, roots, available };
}

/** The packages installed with Node.js itself (npm, corepack): node_modules too. */
function globalNodeModules(): string[] {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return [...new Set([path.join(prefix, 'lib', 'node_modules'), '/usr/local/lib/node_modules'])];
}

/** Where the machine's Python interpreters keep their libraries; none is fine. */
export function pythonRoots(): string[] {
  const candidates: string[] = [];
  const under = (directory: string, pattern: RegExp): string[] => {
    try {
      return readdirSync(directory)
        .filter((name) => pattern.test(name))
        .map((name) => path.join(directory, name));
    } catch {
      return [];
    }
  };
  for (const lib of ['/usr/lib', '/usr/local/lib']) candidates.push(...under(lib, /^python3(?:\.\d+)?$/));
  const pyenv = process.env.PYENV_ROOT ?? path.join(homedir(), '.pyenv');
  for (const version of under(path.join(pyenv, 'versions'), /^\d/)) candidates.push(...under(path.join(version, 'lib'), /^python3\.\d+$/));
  const real = new Set<string>();
  for (const candidate of candidates) {
    try {
      real.add(realpathSync(candidate));
    } catch {
      // Gone, or a dangling link.
    }
  }
  return [...real].sort();
}

/** Every regular file under `root`, in a stable order; links are not followed. */
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
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) files.push(full);
    }
  }
  return files;
}
