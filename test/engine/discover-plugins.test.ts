import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverFiles } from '../../src/engine/discover.js';

let root: string;

const tree: Record<string, string> = {
  'plugins/ops/deploy/.claude-plugin/plugin.json': '{"name":"deploy"}',
  'plugins/ops/deploy/commands/ship.md': '',
  'plugins/ops/deploy/commands/db/migrate.md': '',
  'plugins/ops/deploy/commands/notes.txt': '',
  'plugins/ops/deploy/agents/reviewer.md': '',
  'plugins/ops/deploy/skills/release/SKILL.md': '',
  'plugins/ops/deploy/skills/release/reference.md': '',
  'plugins/ops/deploy/skills/loose.md': '',
  'plugins/ops/deploy/README.md': '',
  'plugins/ops/deploy/docs/commands/example.md': '',
  // A marketplace's manifest folder does not make a plugin root.
  '.claude-plugin/marketplace.json': '{}',
  'commands/top.md': '',
  'docs/agents/guide.md': '',
  'docs/skills/writing/SKILL.md': '',
  // A nested plugin: its own root decides below it.
  'plugins/ops/deploy/vendor/inner/.claude-plugin/plugin.json': '{"name":"inner"}',
  'plugins/ops/deploy/vendor/inner/agents/helper.md': '',
  'plugins/ops/deploy/vendor/inner/commands/x/agents/deep.md': '',
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'toolgate-discover-plugins-'));
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function discover(paths: string[], cwd = root): Promise<string[]> {
  const files: string[] = [];
  for await (const file of discoverFiles(paths, { cwd })) files.push(`${file.path}${file.frontmatter ? ` ${file.frontmatter}` : ''}`);
  return files;
}

describe('discovering the skills, commands and agents of a Claude Code plugin', () => {
  it('reads them beneath a folder holding .claude-plugin/plugin.json, and no other Markdown', async () => {
    expect(await discover(['.'])).toEqual([
      'plugins/ops/deploy/agents/reviewer.md agent',
      'plugins/ops/deploy/commands/db/migrate.md command',
      'plugins/ops/deploy/commands/ship.md command',
      'plugins/ops/deploy/skills/release/SKILL.md skill',
      'plugins/ops/deploy/vendor/inner/agents/helper.md agent',
      'plugins/ops/deploy/vendor/inner/commands/x/agents/deep.md command',
    ]);
  });

  it('finds the plugin root above a folder or file named on the command line', async () => {
    expect(await discover(['plugins/ops/deploy/commands'])).toEqual(['plugins/ops/deploy/commands/db/migrate.md command', 'plugins/ops/deploy/commands/ship.md command']);
    expect(await discover(['plugins/ops/deploy/skills/release/SKILL.md', 'commands/top.md'])).toEqual(['plugins/ops/deploy/skills/release/SKILL.md skill']);
    expect(await discover(['.'], path.join(root, 'plugins/ops/deploy/agents'))).toEqual(['reviewer.md agent']);
  });

  it('honours .gitignore inside a plugin', async () => {
    writeFileSync(path.join(root, 'plugins/ops/deploy/.gitignore'), 'commands/db/\n');
    try {
      expect(await discover(['plugins/ops/deploy/commands'])).toEqual(['plugins/ops/deploy/commands/ship.md command']);
    } finally {
      rmSync(path.join(root, 'plugins/ops/deploy/.gitignore'));
    }
  });
});
