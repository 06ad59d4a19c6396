import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverFiles } from '../../src/engine/discover.js';

let root: string;

const tree: Record<string, string> = {
  '.claude/settings.json': '{}',
  '.claude/settings.local.json': '{}',
  '.claude/agents/reviewer.md': '',
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
      '.claude/agents/reviewer.md',
      '.claude/hooks/guard.ts',
      '.claude/settings.json',
      '.claude/settings.local.json',
      'ops/managed-settings.d/10-deny.json',
      'ops/managed-settings.json',
      'package.json',
      'packages/api/.claude/settings.json',
    ]);
  });

  it('honours .gitignore for a settings file, and takes one named on the command line', async () => {
    writeFileSync(path.join(root, '.gitignore'), '.claude/settings.local.json\n');
    try {
      expect(await discover(['.claude'])).toEqual(['.claude/agents/reviewer.md', '.claude/hooks/guard.ts', '.claude/settings.json']);
      expect(await discover(['.claude/settings.local.json'])).toEqual(['.claude/settings.local.json']);
    } finally {
      rmSync(path.join(root, '.gitignore'));
    }
  });
});
