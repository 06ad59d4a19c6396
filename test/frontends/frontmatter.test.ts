import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/engine/analyze.js';
import { isFrontmatterPath } from '../../src/frontends/frontmatter/index.js';
import { splitRules } from '../../src/frontends/frontmatter/index.js';
import { isSupportedPath } from '../../src/engine/prefilter.js';

describe('the skill and command front end', () => {
  it('reads skills in their own folder and commands at any depth under .claude, and no other Markdown', () => {
    for (const path of ['.claude/skills/deploy/SKILL.md', 'app/.claude/skills/x/SKILL.md', '.claude/commands/tag.md', '.claude/commands/git/commit.md', 'C:\\repo\\.claude\\commands\\a.md']) {
      expect([path, isFrontmatterPath(path), isSupportedPath(path)]).toEqual([path, true, true]);
    }
    for (const path of ['.claude/skills/SKILL.md', '.claude/skills/x/y/SKILL.md', '.claude/skills/x/README.md', 'skills/x/SKILL.md', 'docs/SKILL.md', '.claude/agents/a.md', '.claude/commands', 'README.md']) {
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
    const skill = analyzeText('---\nallowed-tools: Bash\n---\n', '.claude/skills/a/SKILL.md');
    expect(skill.syntaxErrors).toEqual([]);
    expect(skill.model?.configurations.map((config) => config.entry)).toEqual(['skill']);
    expect(analyzeText('# Title\n\n---\n', '.claude/skills/a/SKILL.md').model?.configurations).toEqual([]);
    // An unclosed frontmatter is Markdown text: Claude Code reads no frontmatter from it.
    expect(analyzeText('---\nallowed-tools: Bash\n', '.claude/commands/a.md').model?.configurations).toEqual([]);
  });

  it('reports a frontmatter that is not valid YAML as a syntax error at its place (scan exits 2)', () => {
    const broken = analyzeText('---\nallowed-tools: [Bash, Read\n---\nbody\n', '.claude/skills/a/SKILL.md');
    expect(broken.syntaxErrors).toHaveLength(1);
    expect(broken.syntaxErrors[0]!.message).toMatch(/^The frontmatter is not valid YAML \(\w+\): its allowed-tools cannot be checked\.$/);
    expect(broken.syntaxErrors[0]!.span.start).toBeGreaterThanOrEqual(4);
    expect(broken.model?.configurations).toEqual([]);
  });
});
