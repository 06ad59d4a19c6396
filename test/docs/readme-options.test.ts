import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../cli/support.js';

/** The long options a text names: `--format`, `--no-color`, ... */
const optionsIn = (text: string): string[] => [...new Set(text.match(/--[a-z][a-z-]+/g) ?? [])].sort();

describe('the README options table', () => {
  it('lists every option of `toolgate scan --help`', async () => {
    const help = await runCli(['scan', '--help']);
    expect(help.code).toBe(0);
    const table = readFileSync(`${repoRoot}/README.md`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| `--'))
      .join('\n');
    const documented = new Set(optionsIn(table));
    expect(optionsIn(help.stdout).filter((option) => option !== '--help' && !documented.has(option))).toEqual([]);
  });
});
