import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/support.js';

const run = promisify(execFile);

/**
 * The README's first command after `npm ci` (its `prepare` builds dist/; `npm
 * test` builds before the tests run). It runs the built bin with node, not
 * `npx toolgate`: npx installs the checkout into its cache and runs `prepare`
 * again, a second build that deletes dist/ while other tests read it.
 */
function quickstartScan(): string {
  const readme = readFileSync(`${repoRoot}/README.md`, 'utf8');
  const line = /^npm ci && (node dist\/bin\/toolgate\.js [^#\n]*?)\s+#/m.exec(readme)?.[1];
  if (!line) throw new Error('README: no "npm ci && node dist/bin/toolgate.js ..." line');
  return line;
}

describe("the README's first command", () => {
  it('runs toolgate from the checkout, as a user types it, and reports the example (exit 1)', async () => {
    const [command, ...args] = quickstartScan().split(/\s+/);
    const outcome = await run(command!, args, { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' } }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
    expect(outcome).toMatchObject({ code: 1 });
    expect(outcome.stdout).toMatch(/✖ \d+ problems/);
    expect(outcome.stdout).toContain('fixtures/example/src/ops-agent.mjs');
  });
});
