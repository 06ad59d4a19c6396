import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModuleResolution, type ResolutionHost } from '../../src/frontends/typescript/module-resolution.js';

// Module resolution reads a tsconfig.json for its compiler options only: the
// files it includes are never listed (TypeScript's default `include` is the
// whole tree), and each config is read once however many folders it governs.

const root = path.resolve('/project');
const files: Record<string, string> = {
  [path.join(root, 'tsconfig.json')]: JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@tools': ['src/shared/tools.ts'] } } }),
  [path.join(root, 'src/shared/tools.ts')]: 'export const TOOLS = [];\n',
  [path.join(root, 'src/a/agent.ts')]: "import { TOOLS } from '@tools';\n",
  [path.join(root, 'src/b/agent.ts')]: "import { TOOLS } from '@tools';\n",
};

function memoryHost(): { host: ResolutionHost; configReads: () => number } {
  let configReads = 0;
  const folders = new Set(Object.keys(files).flatMap((file) => [path.dirname(file), path.dirname(path.dirname(file)), path.dirname(path.dirname(path.dirname(file)))]));
  const host: ResolutionHost = {
    useCaseSensitiveFileNames: true,
    getCurrentDirectory: () => root,
    fileExists: (file) => file in files,
    directoryExists: (folder) => folders.has(folder),
    readFile: (file) => {
      if (file.endsWith('tsconfig.json')) configReads++;
      return files[file];
    },
    readDirectory: () => {
      throw new Error('the files a tsconfig.json includes were listed');
    },
  };
  return { host, configReads: () => configReads };
}

describe('tsconfig.json in module resolution', () => {
  it('applies its `paths` without listing the files it includes, reading it once for every folder under it', () => {
    const { host, configReads } = memoryHost();
    const resolution = new ModuleResolution(host);
    const target = path.join(root, 'src/shared/tools.ts');
    expect(resolution.resolve('@tools', path.join(root, 'src/a/agent.ts'))).toBe(target);
    expect(resolution.resolve('@tools', path.join(root, 'src/b/agent.ts'))).toBe(target);
    expect(configReads()).toBe(1);
  });

  it('near miss: without the alias the same specifier resolves to nothing', () => {
    const { host } = memoryHost();
    const resolution = new ModuleResolution(host);
    expect(resolution.resolve('@other', path.join(root, 'src/a/agent.ts'))).toBeUndefined();
  });
});
