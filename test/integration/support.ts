import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitEnv as gitEnvOf } from '../support/git-env.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const version = (JSON.parse(execFileSync('git', ['show', 'HEAD:package.json'], { cwd: root, encoding: 'utf8' })) as { version: string }).version;
export const tag = `v${version}`;

/**
 * These tests install toolgate the way users do (npm clones and builds it),
 * minutes of work each; `npm run test:integration` runs them.
 */
export const integration = process.env.TOOLGATE_INTEGRATION === '1';
if (!integration) console.warn('Skipping the install tests of test/integration: run `npm run test:integration` (sets TOOLGATE_INTEGRATION=1).');

/** Work-bounded: an npm install of every dependency plus a TypeScript build, on a slow shared machine. */
export const installTimeout = 20 * 60_000;

export const gitEnv = (home: string): NodeJS.ProcessEnv => ({
  ...gitEnvOf(home),
  // Dependencies come from the npm cache that this repository's `npm ci` filled, the registry only for what is missing.
  npm_config_prefer_offline: 'true',
  npm_config_cache: path.join(process.env.HOME ?? home, '.npm'),
});

/**
 * A bare clone of this repository's HEAD as the remote, tagged like a
 * release: what `repo:`/`git+https://` fetch. Never tags this repository.
 */
export function bareRemote(): { work: string; remote: string } {
  const work = mkdtempSync(path.join(tmpdir(), 'toolgate-remote-'));
  const remote = path.join(work, 'toolgate.git');
  execFileSync('git', ['clone', '--quiet', '--bare', root, remote], { stdio: 'pipe' });
  execFileSync('git', ['--git-dir', remote, 'tag', '--force', tag, 'HEAD'], { stdio: 'pipe' });
  return { work, remote };
}
