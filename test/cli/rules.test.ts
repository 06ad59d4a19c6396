import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRules } from '../../rules/index.js';
import { createColors } from '../../src/cli/color.js';
import { renderMarkdown } from '../../src/cli/markdown.js';
import { section, whyParagraph, withAbsoluteLinks, withoutLinks } from '../../src/cli/rule-docs.js';
import { configRules } from '../../src/engine/configs.js';
import { repoRoot, runCli } from './support.js';

const ids = allRules.map((rule) => rule.id);

describe('toolgate rules', () => {
  it('lists every rule in catalogue order with its level in each preset and its description', async () => {
    const { code, stdout, stderr } = await runCli(['rules']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^rule\s+recommended\s+strict\s+description$/);
    const rows = lines.slice(1, 1 + ids.length);
    expect(rows.map((row) => row.split(/\s+/)[0])).toEqual(ids);
    for (const [index, rule] of allRules.entries()) {
      const recommended = configRules('recommended', allRules).find((setting) => setting.rule === rule)?.severity ?? 'off';
      expect(rows[index]).toMatch(new RegExp(`^${rule.id}\\s+${recommended}\\s+error\\s+${rule.meta.docs.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    }
    expect(stdout).toContain('toolgate explain <rule>');
  });

  it('gives the same as JSON', async () => {
    const { code, stdout } = await runCli(['rules', '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { version: number; rules: Array<{ id: string; presets: Record<string, string>; url: string }> };
    expect(report.version).toBe(1);
    expect(report.rules.map((rule) => rule.id)).toEqual(ids);
    expect(report.rules[0]).toEqual({
      id: allRules[0]!.id,
      description: allRules[0]!.meta.docs.description,
      type: allRules[0]!.meta.type,
      presets: { recommended: 'error', strict: 'error' },
      url: allRules[0]!.meta.docs.url,
    });
  });

  it('colours levels only when colour is on', async () => {
    expect((await runCli(['rules'])).stdout).not.toContain('\u001b[');
    expect((await runCli(['rules', '--color'])).stdout).toContain('\u001b[31merror');
  });
});

describe('toolgate explain', () => {
  it("prints the rule's docs page as plain text", async () => {
    const { code, stdout, stderr } = await runCli(['explain', 'no-bare-allowed-tools']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).not.toContain('\u001b[');
    expect(stdout.split('\n').slice(0, 2)).toEqual(['no-bare-allowed-tools', '=====================']);
    expect(stdout).toContain('\nWhy\n---\n');
    expect(stdout).toContain('  Disallow allow-list entries that approve every call of a side-effecting tool\n');
    // Code blocks are indented and keep their text; fences and reference definitions go.
    expect(stdout).toContain("\n    import { query } from '@anthropic-ai/claude-agent-sdk';\n");
    expect(stdout).not.toMatch(/^```/m);
    expect(stdout).not.toMatch(/^\[permissions\]:/m);
    // Links show where they lead: a sibling page as the command that prints it.
    expect(stdout).toContain('(permissions (https://code.claude.com/docs/en/agent-sdk/permissions))');
    expect(stdout).toContain('`no-shadowed-can-use-tool` (toolgate explain no-shadowed-can-use-tool)');
  });

  it('colours headings and code when colour is on, and accepts the ESLint id', async () => {
    const { code, stdout } = await runCli(['explain', 'toolgate/no-fail-open-hook', '--color']);
    expect(code).toBe(0);
    expect(stdout).toContain('\u001b[1m\u001b[36mWhy\u001b[39m\u001b[22m');
    expect(stdout).not.toMatch(/^#/m);
    expect(stdout).toContain('\u001b[36monFailure\u001b[39m');
    expect(stdout).not.toMatch(/^-{3,}$/m);
  });

  it('exits 2 on an unknown rule, listing the known ones', async () => {
    const { code, stdout, stderr } = await runCli(['explain', 'no-such-rule']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`error: Unknown rule id 'no-such-rule'. Known rules: ${ids.join(', ')}.\n`);
  });

  it('exits 2 without a rule id', async () => {
    const { code, stderr } = await runCli(['explain']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/missing required argument 'rule'/);
  });
});

describe('rule docs pages', () => {
  const page = (id: string) => readFileSync(path.join(repoRoot, 'docs/rules', `${id}.md`), 'utf8');

  it.each(ids)('%s has a "Why" whose first paragraph reads on its own', (id) => {
    const paragraph = whyParagraph(page(id));
    expect(paragraph).toBeDefined();
    expect(paragraph).toMatch(/[.)]$/);
    expect(paragraph).not.toContain('\n');
  });

  it('cut a lead-in sentence, and give up on a section that opens with a list or code', () => {
    expect(whyParagraph('## Why\n\nGates fail. Two ways\nto fail:\n\n- one\n')).toBe('Gates fail.');
    expect(whyParagraph('## Why\n\nTwo ways:\n\n- one\n')).toBeUndefined();
    expect(whyParagraph('## Why\n\n- one\n')).toBeUndefined();
    expect(whyParagraph('## Examples\n\nNo why here.\n')).toBeUndefined();
    expect(section('# t\n\n## Why\n\nA.\n\n### Sub\n\nB.\n\n## Next\n\nC.\n', 'Why')).toBe('A.\n\n### Sub\n\nB.');
  });

  it('turn links into text or absolute links, never inside code', () => {
    expect(withoutLinks('See [the docs](https://x.test) and [permissions][p].\n\n[p]: https://p.test\n')).toBe('See the docs and permissions.');
    const markdown = 'See [`no-x`](no-x.md) and [up](../README.md#a).\n\n[p]: other.md\n\n```ts\nconst f = a[0](b);\n```\n';
    expect(withAbsoluteLinks(markdown, 'https://h.test/docs/rules/no-y.md')).toBe(
      'See [`no-x`](https://h.test/docs/rules/no-x.md) and [up](https://h.test/docs/README.md#a).\n\n[p]: https://h.test/docs/rules/other.md\n\n```ts\nconst f = a[0](b);\n```\n',
    );
  });

  it('render emphasis without its markers', () => {
    const text = renderMarkdown('A *no decision* and **strong** `a * b` Bash(*)', { colors: createColors(false), linkTarget: (target) => target });
    expect(text).toBe('A no decision and strong `a * b` Bash(*)\n');
  });
});
