import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverFiles } from '../../src/engine/discover.js';

let root: string;

/** What a scan of `.claude` finds when no `.gitignore` leaves anything out. */
const everyClaudeFile = [
  '.claude/agents/reviewer.md',
  '.claude/commands/ops/release.md',
  '.claude/hooks/guard.ts',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.claude/skills/deploy/SKILL.md',
];

const tree: Record<string, string> = {
  '.claude/settings.json': '{}',
  '.claude/settings.local.json': '{}',
  '.claude/agents/reviewer.md': '',
  '.claude/skills/deploy/SKILL.md': '',
  '.claude/skills/deploy/notes.md': '',
  '.claude/commands/ops/release.md': '',
  '.claude/hooks/guard.ts': '',
  'packages/api/.claude/settings.json': '{}',
  'ops/managed-settings.json': '{}',
  'ops/managed-settings.d/10-deny.json': '{}',
  'ops/managed-settings.d/notes.md': '',
  'settings.json': '{}',
  '.vscode/settings.json': '{}',
  'package.json': '{}',
  'tsconfig.json': '{}',
  'node_modules/pkg/.claude/settings.json': '{}',
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'toolgate-discover-settings-'));
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function discover(paths: string[]): Promise<string[]> {
  const files: string[] = [];
  for await (const file of discoverFiles(paths, { cwd: root })) files.push(file.path);
  return files;
}

describe('discovering settings files', () => {
  it('walks into .claude folders and finds settings, managed settings and subagent files, package.json (for its scripts), and no other JSON or Markdown', async () => {
    expect(await discover(['.'])).toEqual([
      ...everyClaudeFile,
      'ops/managed-settings.d/10-deny.json',
      'ops/managed-settings.json',
      'package.json',
      'packages/api/.claude/settings.json',
    ]);
  });

  it("reads Claude Code's own settings files though a .gitignore matches them, as Claude Code does, and a named one too", async () => {
    writeFileSync(path.join(root, '.gitignore'), '.claude/settings.local.json\n');
    try {
      expect(await discover(['.claude'])).toEqual(everyClaudeFile);
      expect(await discover(['.claude/settings.local.json'])).toEqual(['.claude/settings.local.json']);
    } finally {
      rmSync(path.join(root, '.gitignore'));
    }
  });

  it('reads the settings, subagent, command and skill files of an ignored .claude folder, and nothing else in it', async () => {
    writeFileSync(path.join(root, '.gitignore'), '.claude/\n');
    const ignored: string[] = [];
    try {
      const files: string[] = [];
      for await (const file of discoverFiles(['.'], { cwd: root, onIgnored: (absolute, reason) => ignored.push(`${path.relative(root, absolute)}:${reason}`) })) files.push(file.path);
      expect(files).toEqual([
        '.claude/agents/reviewer.md',
        '.claude/commands/ops/release.md',
        '.claude/settings.json',
        '.claude/settings.local.json',
        '.claude/skills/deploy/SKILL.md',
        'ops/managed-settings.d/10-deny.json',
        'ops/managed-settings.json',
        'package.json',
        'packages/api/.claude/settings.json',
      ]);
      expect(ignored).toContain(`.claude:gitignore`);
      // Paths stay relative to the working directory when it is that folder.
      const inside: string[] = [];
      for await (const file of discoverFiles(['..'], { cwd: path.join(root, '.claude') })) if (!file.path.startsWith('../')) inside.push(file.path);
      expect(inside).toEqual(['agents/reviewer.md', 'commands/ops/release.md', 'settings.json', 'settings.local.json', 'skills/deploy/SKILL.md']);
    } finally {
      rmSync(path.join(root, '.gitignore'));
    }
  });

  it('still honours .gitignore for every other file, managed settings included', async () => {
    writeFileSync(path.join(root, '.gitignore'), 'managed-settings.json\n*.ts\nsettings.json\n');
    try {
      // `settings.json` matches the project's own settings file too: that one is still read.
      expect(await discover(['.'])).toEqual([
        '.claude/agents/reviewer.md',
        '.claude/commands/ops/release.md',
        '.claude/settings.json',
        '.claude/settings.local.json',
        '.claude/skills/deploy/SKILL.md',
        'ops/managed-settings.d/10-deny.json',
        'package.json',
        'packages/api/.claude/settings.json',
      ]);
    } finally {
      rmSync(path.join(root, '.gitignore'));
    }
  });

  it('reads a skill or command file a .gitignore matches by name or by its folder', async () => {
    writeFileSync(path.join(root, '.gitignore'), 'SKILL.md\ncommands/\n');
    try {
      expect(await discover(['.claude'])).toEqual(everyClaudeFile);
    } finally {
      rmSync(path.join(root, '.gitignore'));
    }
  });

  it("leaves out a settings file the config file's ignore patterns match, gitignored or not", async () => {
    writeFileSync(path.join(root, '.gitignore'), '.claude/\n');
    try {
      const files: string[] = [];
      const ignore = { directory: root, patterns: ['.claude/settings.local.json', 'packages/api/.claude/'] };
      for await (const file of discoverFiles(['.'], { cwd: root, ignore })) files.push(file.path);
      expect(files).toEqual([
        '.claude/agents/reviewer.md',
        '.claude/commands/ops/release.md',
        '.claude/settings.json',
        '.claude/skills/deploy/SKILL.md',
        'ops/managed-settings.d/10-deny.json',
        'ops/managed-settings.json',
        'package.json',
      ]);
    } finally {
      rmSync(path.join(root, '.gitignore'));
    }
  });
});
