import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/support.js';

/** What `npm pack` / `npm publish` would ship, from the built tree (`npm test` builds first). */
describe('the package contents', () => {
  const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot, encoding: 'utf8' })) as Array<{
    files: Array<{ path: string }>;
  }>;
  const files = pack!.files.map((file) => file.path);

  it('ships the build, the docs, the README and the LICENSE, and nothing else', () => {
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/bin/toolgate.js', 'dist/cli/toolgate.js', 'dist/src/index.js', 'dist/src/index.d.ts', 'docs/configuration.md']));
    const unexpected = files.filter((file) => !/^(?:package\.json|README\.md|LICENSE|dist\/(?:src|rules|bin|cli)\/.+\.(?:js|d\.ts|cjs|d\.cts|json|wasm|map)|docs\/.+\.md)$/.test(file));
    expect(unexpected).toEqual([]);
  });

  it('leaves out sources, tests, fixtures and the repository config', () => {
    expect(files.filter((file) => /^(?:src|rules|bin|test|fixtures|bench|scripts)\/|^\.|tsconfig|\.tgz$/.test(file))).toEqual([]);
  });
});
