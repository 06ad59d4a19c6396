// The staged check's latency (`scan --staged`), in a large git repository
// made in the temp folder: real code no one here wrote (the JavaScript under
// node_modules, or the real tree of bench/generate.mjs) with a small agent
// project, committed, then one file staged.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const gitEnv = (home) => ({
  ...process.env,
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@example.test',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@example.test',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: home,
});

const agentFiles = {
  'agent/consts.ts': "export const TOOLS = ['Read', 'Grep'];\n",
  'agent/options.ts': [
    "import { query } from '@anthropic-ai/claude-agent-sdk';",
    "import { TOOLS } from './consts';",
    '',
    "export const run = (prompt: string) => query({ prompt, options: { allowedTools: TOOLS } });",
    '',
  ].join('\n'),
};

/** The first `.js` file under `folder`, in name order. */
function firstScript(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      const found = firstScript(full);
      if (found) return found;
    } else if (/\.[cm]?js$/.test(entry.name) && statSync(full).size > 0) return full;
  }
  return undefined;
}

/**
 * A repository holding `realCode` (copied) and the agent project, committed.
 * Returns how to stage each scenario's one file and undo it.
 */
export function stagedRepository(work, realCode) {
  const repository = path.join(work, 'staged-repo');
  mkdirSync(repository, { recursive: true });
  cpSync(realCode, path.join(repository, 'vendor'), { recursive: true });
  for (const [file, text] of Object.entries(agentFiles)) {
    mkdirSync(path.dirname(path.join(repository, file)), { recursive: true });
    writeFileSync(path.join(repository, file), text);
  }
  const env = gitEnv(work);
  const git = (...args) => {
    const result = spawnSync('git', args, { cwd: repository, env, encoding: 'utf8', maxBuffer: 1 << 30 });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  };
  git('init', '--quiet', '--initial-branch=main');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'base');
  git('gc', '--quiet');
  const files = git('ls-files').split('\n').filter(Boolean).length;
  // In the real tree, a file of TypeScript's lib (not the agent code written beside it).
  const vendored = path.join(repository, 'vendor');
  const plain = path.relative(repository, firstScript(existsSync(path.join(vendored, 'js')) ? path.join(vendored, 'js') : vendored));
  const stage = (file, edit) => {
    edit(path.join(repository, file));
    git('add', file);
    return file;
  };
  const reset = () => git('reset', '--quiet', '--hard');
  return {
    repository,
    env,
    files,
    /** One staged JavaScript file that reaches no agent code; each returns the file staged. */
    stagePlain: () => stage(plain, (full) => appendFileSync(full, '\n// staged\n')),
    /** The constants module the options module imports, with 'Bash' added: the check must block. */
    stageConstants: () => stage('agent/consts.ts', (full) => writeFileSync(full, "export const TOOLS = ['Read', 'Grep', 'Bash'];\n")),
    reset,
    /** What the staged check did before: every file of the index written out. */
    checkoutIndexArgs: () => {
      const target = mkdtempSync(path.join(work, 'checkout-'));
      return { args: ['checkout-index', '--all', '--force', `--prefix=${target}${path.sep}`], cleanUp: () => rmSync(target, { recursive: true, force: true }) };
    },
  };
}
