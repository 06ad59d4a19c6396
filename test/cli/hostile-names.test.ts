import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatterNames } from '../../src/cli/formatters/index.js';
import { runCli } from './support.js';

// Real folders and files named to inject CI workflow commands and terminal sequences.
const folders = ['::add-mask::x', '::error title=t,file=f::y', '  ::warning::z', '##[error]w', 'esc\u001b]0;t\u0007', 'bidi\u202eabc'];
const agent = "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n";
const broken = "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'\n";

/** A line a CI runner would run as a command: `::` or `##[` after white space. */
const commandLine = /^\s*(::|##\[)/;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolgate-names-'));
  for (const folder of folders) {
    mkdirSync(path.join(dir, folder));
    writeFileSync(path.join(dir, folder, 'agent.ts'), agent);
    writeFileSync(path.join(dir, folder, 'broken.ts'), broken);
  }
  // A newline in a name: it must not start a line of its own.
  mkdirSync(path.join(dir, 'new\n::add-mask::line'));
  writeFileSync(path.join(dir, 'new\n::add-mask::line', 'agent.ts'), agent);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('names from the scanned tree', () => {
  it.each(formatterNames.filter((name) => name !== 'github'))('--format %s: no line of stdout or stderr is a workflow command, no control character gets out', async (format) => {
    const { code, stdout, stderr } = await runCli(['scan', '--format', format, '--code-frame', '--allow-unparsed'], { cwd: dir });
    expect(code).toBe(1);
    for (const line of [...stdout.split('\n'), ...stderr.split('\n')]) expect(line).not.toMatch(commandLine);
    expect(stdout + stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    expect(stderr).toContain('broken.ts:3:1: Syntax error');
  });

  it('--format github: only its own annotations are commands, their data escaped by GitHub\'s rules', async () => {
    const { code, stdout, stderr } = await runCli(['scan', '--format', 'github'], { cwd: dir });
    expect(code).toBe(2);
    const lines = stdout.trimEnd().split('\n');
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^::(error|warning) file=[^:,]*(,[a-zA-Z]+=[^:,]*)*::[^\r\n]*$/);
    expect(lines.at(-1)).toMatch(/^toolgate: /);
    expect(stdout).toContain('file=%3A%3Aadd-mask%3A%3Ax/agent.ts,');
    expect(stdout).toContain('file=%3A%3Aerror title=t%2Cfile=f%3A%3Ay/agent.ts,');
    expect(stdout).toContain('file=new%0A%3A%3Aadd-mask%3A%3Aline/agent.ts,');
    for (const line of stderr.split('\n')) expect(line).not.toMatch(commandLine);
  });

  it('inspect prints no workflow command either', async () => {
    const { stdout, stderr } = await runCli(['inspect'], { cwd: dir });
    for (const line of [...stdout.split('\n'), ...stderr.split('\n')]) expect(line).not.toMatch(commandLine);
  });
});
