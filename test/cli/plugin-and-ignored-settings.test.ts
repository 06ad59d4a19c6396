import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { gitEnv } from '../support/git-env.js';

let repo: string;
const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, env: gitEnv(repo), encoding: 'utf8' });

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
  await writeFile(path.join(repo, file), text);
}

type Found = { path: string; ruleId: string; line: number; column: number; endColumn: number };

async function scan(...args: string[]): Promise<{ code: number; found: string[]; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(['node', 'toolgate', 'scan', ...args, '--format', 'json', '--no-config'], {
    cwd: repo,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: {},
    isTTY: false,
  });
  const findings = stdout === '' ? [] : (JSON.parse(stdout) as { findings: Found[] }).findings;
  return { code, stderr, found: findings.map((f) => `${f.path}:${f.line}:${f.column}-${f.endColumn} ${f.ruleId}`) };
}

const command = '---\ndescription: Ship it\nallowed-tools: Read, Bash\n---\nShip.\n';
const agent = '---\nname: fixer\npermissionMode: bypassPermissions\n---\nYou fix tests.\n';
const skill = '---\nname: release\nallowed-tools:\n  - Edit\n  - WebFetch\n---\nRelease.\n';

beforeEach(async () => {
  repo = await mkdtemp(path.join(tmpdir(), 'toolgate-plugin-repo-'));
  git('init', '--quiet', '--initial-branch=main');
  await write('README.md', 'x\n');
  git('add', 'README.md');
  git('commit', '--quiet', '-m', 'init');
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

const pluginFindings = [
  'plugins/deploy/agents/fixer.md:3:17-34 no-bypass-without-disallowed-tools',
  'plugins/deploy/commands/ship.md:3:22-26 no-bare-allowed-tools',
  'plugins/deploy/skills/release/SKILL.md:4:5-9 no-bare-allowed-tools',
  'plugins/deploy/skills/release/SKILL.md:5:5-13 no-bare-allowed-tools',
];

describe("a Claude Code plugin's skills, commands and agents", () => {
  beforeEach(async () => {
    await write('plugins/deploy/.claude-plugin/plugin.json', '{ "name": "deploy" }\n');
    await write('plugins/deploy/commands/ship.md', command);
    await write('plugins/deploy/agents/fixer.md', agent);
    await write('plugins/deploy/skills/release/SKILL.md', skill);
    // Near misses: the same files with no plugin manifest above them, or beside the plugin's folders.
    await write('docs/commands/ship.md', command);
    await write('docs/agents/fixer.md', agent);
    await write('plugins/deploy/docs/ship.md', command);
    await write('.claude-plugin/marketplace.json', '{ "plugins": [] }\n');
    await write('commands/ship.md', command);
  });

  it('are checked by a folder scan like those under .claude/', async () => {
    expect(await scan('.')).toMatchObject({ code: 1, found: pluginFindings });
  });

  it('are checked by scan --staged, which finds the manifest in the index', async () => {
    git('add', '.');
    expect(await scan('--staged')).toMatchObject({ code: 1, found: pluginFindings });
  });

  it('become plugin files for scan --staged when only the manifest is staged', async () => {
    await rm(path.join(repo, 'plugins/deploy/.claude-plugin'), { recursive: true });
    git('add', '.');
    git('commit', '--quiet', '-m', 'files first');
    expect((await scan('--staged')).code).toBe(0);
    await write('plugins/deploy/.claude-plugin/plugin.json', '{ "name": "deploy" }\n');
    git('add', '.');
    expect(await scan('--staged')).toMatchObject({ code: 1, found: pluginFindings });
  });
});

describe('a committed .claude folder that the .gitignore matches', () => {
  beforeEach(async () => {
    await write('.gitignore', '.claude/\nignored.ts\n');
    await write('.claude/settings.local.json', '{\n  "permissions": {\n    "allow": ["Bash(python:*)", "Read"]\n  }\n}\n');
    await write('.claude/commands/ship.md', command);
    await write('.claude/hooks/notes.ts', "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n");
    // A gitignored agent file stays ignored.
    await write('ignored.ts', "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n");
  });

  it('its settings and command files are read by a folder scan, as Claude Code reads them; the rest of the ignored folder is not', async () => {
    expect(await scan('.')).toMatchObject({ code: 1, found: ['.claude/commands/ship.md:3:22-26 no-bare-allowed-tools', '.claude/settings.local.json:3:15-31 no-bare-allowed-tools'] });
  });

  it("is left out when the config file's ignore patterns name it", async () => {
    await write('toolgate.config.json', '{ "ignore": [".claude/settings.local.json", ".claude/commands/"] }\n');
    await write('.claude/settings.json', '{}\n');
    let stdout = '';
    const code = await run(['node', 'toolgate', 'scan', '.', '--format', 'json'], { cwd: repo, stdout: (text) => void (stdout += text), stderr: () => {}, env: {}, isTTY: false });
    const { summary, findings } = JSON.parse(stdout) as { summary: { files: number }; findings: Found[] };
    expect({ code, files: summary.files, findings }).toEqual({ code: 0, files: 1, findings: [] });
  });

  it('is read by scan --staged from the index when committed with git add -f', async () => {
    git('add', '-f', '.claude/settings.local.json');
    expect(await scan('--staged')).toMatchObject({ code: 1, found: ['.claude/settings.local.json:3:15-31 no-bare-allowed-tools'] });
  });
});
