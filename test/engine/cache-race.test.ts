import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { repoRoot } from '../cli/support.js';

// A file that changes while a `--cache` scan runs: the result was made from
// the text read before the change, so the entry must hold that text's state,
// never a later read's. A worker thread (built JavaScript) rewrites a hook
// script right after reading it.
const built = path.join(repoRoot, 'dist/src/index.js');
type Scan = typeof import('../../src/index.js').scan;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolgate-cache-race-'));
  mkdirSync(path.join(dir, '.claude/hooks'), { recursive: true });
  const hooks = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '.claude/hooks/guard.sh' }] }] } };
  writeFileSync(path.join(dir, '.claude/settings.json'), JSON.stringify(hooks));
  // Blocks: no finding.
  writeFileSync(path.join(dir, '.claude/hooks/guard.sh'), '#!/bin/sh\nexit 2\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('keeps no entry that a later run would trust when a file it read changed during the run', async () => {
  expect(existsSync(built), `${built} is missing: run \`npm run build\` first`).toBe(true);
  const { scan } = (await import(built)) as { scan: Scan };
  const options = { cwd: dir, configFile: false as const, cache: true, cacheKeyFolder: path.join(dir, '..', `${path.basename(dir)}-key`) };
  const script = new URL('./changing-worker.mjs', import.meta.url);
  const during = await scan({ ...options, threads: { after: 0, size: 1, script } });
  // Analysed from `exit 2`, read before the change.
  expect(during.findings).toEqual([]);
  // Now the script does not block (`exit 1`): the next run must see it.
  const after = await scan({ ...options, threads: { after: Infinity } });
  expect(after.stats.cached).toBe(0);
  expect(after.findings.map((finding) => `${finding.path}:${finding.line} ${finding.ruleId}`)).toEqual(['.claude/settings.json:1 hook-script-must-block']);
  rmSync(options.cacheKeyFolder, { recursive: true, force: true });
});
