import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { gitEnv } from '../support/git-env.js';

// `scan --staged` judges the commit the index holds, with the files the staged change reaches (docs/pre-commit.md).

let repo: string;
const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, env: gitEnv(repo), encoding: 'utf8' });
const write = async (file: string, text: string): Promise<void> => {
  await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
  await writeFile(path.join(repo, file), text);
};
/** Write the files and commit them: the project before the change. */
async function committed(files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) await write(file, text);
  git('add', '-A');
  git('commit', '--quiet', '-m', 'before');
}
async function staged(files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) await write(file, text);
  git('add', ...Object.keys(files));
}

interface Reported {
  code: number;
  /** Files checked. */
  files: number;
  findings: Array<{ path: string; line: number; column: number; ruleId: string }>;
  stderr: string;
}
async function scan(...flags: string[]): Promise<Reported> {
  let stdout = '';
  let stderr = '';
  const code = await run(['node', 'toolgate', 'scan', '--format', 'json', ...flags], {
    cwd: repo,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: {},
    isTTY: false,
  });
  const report = stdout === '' ? { findings: [], summary: { files: 0 } } : (JSON.parse(stdout) as { findings: Reported['findings']; summary: { files: number } });
  return { code, stderr, files: report.summary.files, findings: report.findings.map(({ path, line, column, ruleId }) => ({ path, line, column, ruleId })) };
}

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const optionsModule = [sdk, "import { TOOLS } from './consts';", '', "query({ prompt: 'x', options: { allowedTools: TOOLS } });", ''].join('\n');
const badAgent = [sdk, "query({ prompt: 'x', options: { allowedTools: ['Bash'] } });", ''].join('\n');
const bareBash = (file: string, line: number, column: number) => ({ path: file, line, column, ruleId: 'no-bare-allowed-tools' });

beforeEach(async () => {
  repo = await mkdtemp(path.join(tmpdir(), 'toolgate-staged-reach-'));
  git('init', '--quiet', '--initial-branch=main');
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('scan --staged checks what the staged change reaches', () => {
  it("blocks 'Bash' staged into a constants module the options module imports, as a full scan reports it", async () => {
    await committed({ 'src/consts.ts': "export const TOOLS = ['Read'];\n", 'src/options.ts': optionsModule, 'README.md': 'x\n' });
    await staged({ 'src/consts.ts': "export const TOOLS = ['Read', 'Bash'];\n" });
    await write('src/other.ts', badAgent); // unstaged, not committed: not part of the commit

    const result = await scan('--staged');
    expect(result.code).toBe(1);
    // Reported where the value is written, as the full scan does; the options module is what takes it in.
    expect(result.findings).toEqual([bareBash('src/consts.ts', 1, 31)]);
    expect((await scan()).findings).toEqual([bareBash('src/consts.ts', 1, 31), bareBash('src/other.ts', 2, 48)]);
  });

  it('follows imports through modules that are not agent code, to any depth', async () => {
    await committed({
      'src/consts.ts': "export const BASE = ['Read'];\n",
      'src/tools/index.ts': "import { BASE } from '../consts';\nexport const TOOLS = [...BASE];\n",
      'src/options.ts': optionsModule.replace("'./consts'", "'./tools'"),
    });
    await staged({ 'src/consts.ts': "export const BASE = ['Read', 'Bash'];\n" });
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('src/consts.ts', 1, 30)] });
  });

  it('resolves imports as the project does: a tsconfig `paths` alias that does not name the module', async () => {
    const tsconfig = JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@tools': ['src/consts.ts'] } } });
    await committed({ 'tsconfig.json': tsconfig, 'src/consts.ts': "export const TOOLS = ['Read'];\n", 'src/options.ts': optionsModule.replace("'./consts'", "'@tools'") });
    await staged({ 'src/consts.ts': "export const TOOLS = ['Bash'];\n" });
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('src/consts.ts', 1, 23)] });
  });

  it('a staged tsconfig.json that makes an import resolve elsewhere: the agent files under it are checked', async () => {
    const tsconfig = (target: string) => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@tools': [target] } } });
    await committed({
      'tsconfig.json': tsconfig('src/read.ts'),
      'src/read.ts': "export const TOOLS = ['Read'];\n",
      'src/bash.ts': "export const TOOLS = ['Bash'];\n",
      'src/options.ts': optionsModule.replace("'./consts'", "'@tools'"),
    });
    await staged({ 'tsconfig.json': tsconfig('src/bash.ts') });
    // Found through the options module, where it is now imported from: the finding the change causes.
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('src/bash.ts', 1, 23)] });
  });

  it('near miss: a staged README reaches nothing, whatever the tree holds', async () => {
    await committed({ 'agent.ts': badAgent, 'README.md': 'x\n' });
    await staged({ 'README.md': 'y\n' });
    expect(await scan('--staged')).toMatchObject({ code: 0, files: 0, findings: [] });
  });

  it('a relative import of a folder (`.`): its index module', async () => {
    await committed({ 'agent/index.ts': "export const TOOLS = ['Read'];\n", 'agent/run/options.ts': optionsModule.replace("'./consts'", "'..'") });
    await staged({ 'agent/index.ts': "export const TOOLS = ['Bash'];\n" });
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('agent/index.ts', 1, 23)] });
  });

  it("a bare import of a package folder the repository holds: the module its package.json names as the entry", async () => {
    await committed({
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.' } }),
      'shared/package.json': JSON.stringify({ name: 'shared', main: 'lib/tools.js' }),
      'shared/lib/tools.ts': "export const TOOLS = ['Read'];\n",
      'options.ts': optionsModule.replace("'./consts'", "'shared'"),
    });
    await staged({ 'shared/lib/tools.ts': "export const TOOLS = ['Bash'];\n" });
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('shared/lib/tools.ts', 1, 23)] });
  });

  it('a relative import of a folder with a package.json: the module it names as the entry', async () => {
    await committed({
      'shared/package.json': JSON.stringify({ main: 'lib/tools.js' }),
      'shared/lib/tools.ts': "export const TOOLS = ['Read'];\n",
      'options.ts': optionsModule.replace("'./consts'", "'./shared'"),
    });
    await staged({ 'shared/lib/tools.ts': "export const TOOLS = ['Bash'];\n" });
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('shared/lib/tools.ts', 1, 23)] });
  });

  it('judges the staged content, not the working tree: staged then reverted still blocks; staged clean, broken after, passes', async () => {
    await committed({ 'consts.ts': "export const TOOLS = ['Read'];\n", 'options.ts': optionsModule });
    await staged({ 'consts.ts': "export const TOOLS = ['Bash'];\n" });
    await write('consts.ts', "export const TOOLS = ['Read'];\n");
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('consts.ts', 1, 23)] });

    await staged({ 'consts.ts': "export const TOOLS = ['Grep'];\n" });
    await write('consts.ts', "export const TOOLS = ['Bash'];\n");
    expect(await scan('--staged')).toMatchObject({ code: 0, findings: [] });
  });

  it('finds agent files as the index holds them, not as the working tree does', async () => {
    await committed({ 'consts.ts': "export const TOOLS = ['Read'];\n", 'options.ts': optionsModule, 'plain.ts': "import { TOOLS } from './consts';\nexport const tools = TOOLS;\n" });
    // Unstaged: the options module loses its SDK import in the working tree, a plain module gains one.
    await write('options.ts', optionsModule.replace(sdk, '// no SDK here'));
    await write('plain.ts', `${badAgent}import { TOOLS } from './consts';\nquery({ prompt: 'y', options: { allowedTools: TOOLS } });\n`);
    await staged({ 'consts.ts': "export const TOOLS = ['Bash'];\n" });
    const result = await scan('--staged');
    expect(result).toMatchObject({ code: 1, files: 2, findings: [bareBash('consts.ts', 1, 23)] });
  });

  it('near miss: a staged change that reaches no agent code passes, though unstaged and committed files have problems', async () => {
    await committed({ 'agent.ts': badAgent, 'util.ts': 'export const name = 1;\n' });
    await staged({ 'util.ts': 'export const name = 2;\n' });
    await write('other.ts', badAgent);
    expect(await scan('--staged')).toMatchObject({ code: 0, findings: [] });
    expect((await scan()).code).toBe(1);
  });

  it("near miss: an importer's finding that the staged change does not cause is not reported", async () => {
    const options = [sdk, "import { MODEL } from './consts';", '', "query({ prompt: 'x', options: { model: MODEL, allowedTools: ['Bash'] } });", ''].join('\n');
    await committed({ 'consts.ts': "export const MODEL = 'sonnet';\n", 'options.ts': options });
    await staged({ 'consts.ts': "export const MODEL = 'opus';\n" });
    expect(await scan('--staged')).toMatchObject({ code: 0, findings: [] });
    // The same finding is the commit's own when the importer is staged too.
    await staged({ 'options.ts': `${options}// touched\n` });
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('options.ts', 4, 62)] });
  });

  it('a staged settings file: its entry, reported once with the options module that loads it (the callback it shadows)', async () => {
    const options = [sdk, '', "query({ prompt: 'x', options: { canUseTool: async () => ({ behavior: 'deny', message: 'no' }) } });", ''].join('\n');
    await committed({ '.claude/settings.json': '{ "permissions": { "allow": ["Read"] } }\n', 'agent/options.ts': options, 'other/agent.ts': badAgent });
    await staged({ '.claude/settings.json': '{ "permissions": { "allow": ["Bash"] } }\n' });
    const result = await scan('--staged');
    expect(result.code).toBe(1);
    // One mistake, one finding: the shadowed callback speaks for the bare entry (src/engine/dedupe.ts).
    expect(result.findings).toEqual([{ path: '.claude/settings.json', line: 1, column: 30, ruleId: 'no-shadowed-can-use-tool' }]);
  });

  it('a staged hook script: the settings file whose hook runs it is checked', async () => {
    const hook = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh';
    const settings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: hook, timeout: 30 }] }] } });
    await committed({ '.claude/settings.json': `${settings}\n`, '.claude/hooks/guard.sh': '#!/bin/sh\necho no >&2\nexit 2\n' });
    await staged({ '.claude/hooks/guard.sh': '#!/bin/sh\necho no >&2\nexit 1\n' });
    const result = await scan('--staged');
    // The settings file, and the staged script itself as a shell script (it runs no claude command).
    expect(result).toMatchObject({ code: 1, files: 2 });
    expect(result.findings.map((finding) => [finding.path, finding.ruleId])).toEqual([['.claude/settings.json', 'hook-script-must-block']]);
  });

  it('Python: a constants module the options module imports', async () => {
    const options = ['from claude_agent_sdk import ClaudeAgentOptions', 'from agent.consts import TOOLS', '', 'options = ClaudeAgentOptions(allowed_tools=TOOLS)', ''].join('\n');
    await committed({ 'agent/__init__.py': '', 'agent/consts.py': 'TOOLS = ["Read"]\n', 'agent/options.py': options });
    await staged({ 'agent/consts.py': 'TOOLS = ["Read", "Bash"]\n' });
    expect(await scan('--staged')).toMatchObject({ code: 1, findings: [bareBash('agent/consts.py', 1, 18)] });
  });

  it('a deleted module: its importers are checked as they are without it', async () => {
    await committed({ 'consts.ts': "export const TOOLS = ['Read'];\n", 'options.ts': optionsModule });
    git('rm', '--quiet', 'consts.ts');
    // The options module is checked: nothing is known of TOOLS now, so nothing is reported.
    expect(await scan('--staged')).toMatchObject({ code: 0, files: 1, findings: [] });
  });

  it('fails closed (exit 2) on an index with unresolved conflicts', async () => {
    await committed({ 'agent.ts': badAgent });
    const blob = git('rev-parse', 'HEAD:agent.ts').trim();
    execFileSync('git', ['update-index', '--index-info'], { cwd: repo, env: gitEnv(repo), input: `0 ${'0'.repeat(40)}\tagent.ts\n100644 ${blob} 1\tagent.ts\n100644 ${blob} 2\tagent.ts\n` });
    const result = await scan('--staged');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unresolved conflicts \(agent\.ts\)/);
    await unlink(path.join(repo, 'agent.ts'));
  });
});

describe('files the settings option names', () => {
  it('are in the checkout: the settings file and the hook scripts, so a staged agent is judged as a full scan judges it', async () => {
    const guard = '#!/usr/bin/env bash\nif grep -q "rm -rf"; then\n  exit 1\nfi\n';
    const settings = '{ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "bash hooks/guard.sh", "timeout": 10 }] }] } }\n';
    await committed({ 'hooks/guard.sh': guard, 'config/agent-settings.json': settings });
    const agent = [sdk, "query({ prompt: 'x', options: { cwd: '.', settings: 'config/agent-settings.json' } });", ''].join('\n');
    await staged({ 'agent.ts': agent });
    const { code, findings, stderr } = await scan('--staged');
    // Neither 'cannot be read' for the settings file nor a missing script: the script's exit 1 is the finding.
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(findings).toEqual([{ path: 'config/agent-settings.json', line: 1, column: 92, ruleId: 'hook-script-must-block' }]);
  });
});

