import { describe, expect, it } from 'vitest';
import { analyseText } from '../../src/engine/analyse.js';
import { isFrontmatterPath } from '../../src/frontends/frontmatter/index.js';
import { splitRules } from '../../src/frontends/frontmatter/index.js';
import { isSupportedPath } from '../../src/engine/prefilter.js';

describe('the skill and command front end', () => {
  it('reads skills in their own folder, commands and subagents at any depth under .claude, and no other Markdown', () => {
    for (const path of ['.claude/skills/deploy/SKILL.md', 'app/.claude/skills/x/SKILL.md', '.claude/commands/tag.md', '.claude/commands/git/commit.md', 'C:\\repo\\.claude\\commands\\a.md', '.claude/agents/a.md', '.claude/agents/team/b.md']) {
      expect([path, isFrontmatterPath(path), isSupportedPath(path)]).toEqual([path, true, true]);
    }
    for (const path of ['.claude/skills/SKILL.md', '.claude/skills/x/y/SKILL.md', '.claude/skills/x/README.md', 'skills/x/SKILL.md', 'docs/SKILL.md', 'agents/a.md', '.claude/commands', '.claude/agents', 'README.md']) {
      expect([path, isFrontmatterPath(path)]).toEqual([path, false]);
    }
  });

  it('splits allowed-tools on commas and blanks outside parentheses, as Claude Code splits the flag', () => {
    expect(splitRules('Read, Bash(git commit -m "a, b"),Edit  mcp__x')).toEqual([
      { rule: 'Read', offset: 0 },
      { rule: 'Bash(git commit -m "a, b")', offset: 6 },
      { rule: 'Edit', offset: 33 },
      { rule: 'mcp__x', offset: 39 },
    ]);
    expect(splitRules(' , ')).toEqual([]);
  });

  it('makes one configuration from the frontmatter, and none from a file without one', () => {
    const skill = analyseText('---\nallowed-tools: Bash\n---\n', '.claude/skills/a/SKILL.md');
    expect(skill.syntaxErrors).toEqual([]);
    expect(skill.model?.configurations.map((config) => config.entry)).toEqual(['skill']);
    expect(analyseText('# Title\n\n---\n', '.claude/skills/a/SKILL.md').model?.configurations).toEqual([]);
    // An unclosed frontmatter is Markdown text: Claude Code reads no frontmatter from it.
    expect(analyseText('---\nallowed-tools: Bash\n', '.claude/commands/a.md').model?.configurations).toEqual([]);
  });

  it('reports allowed-tools that is not valid YAML as a syntax error at its place (scan exits 2)', () => {
    const text = '---\ndescription: x\nallowed-tools: [Bash, Read\n---\nbody\n';
    const broken = analyseText(text, '.claude/skills/a/SKILL.md');
    expect(broken.syntaxErrors.length).toBeGreaterThan(0);
    expect(broken.syntaxErrors[0]!.message).toMatch(/^'allowed-tools' in the frontmatter is not valid YAML \(\w+\), so it cannot be checked\.$/);
    expect(broken.syntaxErrors[0]!.span.start).toBeGreaterThanOrEqual(text.indexOf('allowed-tools'));
    expect(broken.model?.configurations).toEqual([]);
  });

  it('reads allowed-tools next to other keys that are not strict YAML, as Claude Code accepts them', () => {
    const text = '---\nargument-hint: [file] [mode]\nallowed-tools:\n- Read\n- Bash\n\n# granted while it runs\nmodel: sonnet\n---\n';
    const analysis = analyseText(text, '.claude/commands/fix.md');
    expect(analysis.syntaxErrors).toEqual([]);
    const allowed = analysis.model!.configurations[0]!.options.alternatives[0];
    expect(allowed?.kind === 'object' && allowed.properties.get('allowedTools')?.value.alternatives[0]).toMatchObject({
      kind: 'array',
      elements: [{ alternatives: [{ value: 'Read', span: { start: text.indexOf('Read') } }] }, { alternatives: [{ value: 'Bash', span: { start: text.indexOf('Bash') } }] }],
    });
  });
});
