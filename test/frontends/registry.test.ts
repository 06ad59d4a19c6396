import { describe, expect, it } from 'vitest';
import { frontEndFor, frontEnds, readerOf, writerFor } from '../../src/frontends/registry.js';
import type { AgentModel, Language } from '../../src/model/types.js';

const modelIn = (language: Language, optionNames?: Record<string, string>): AgentModel => ({
  path: 'x',
  language,
  configurations: [],
  functions: [],
  gates: [],
  ...(optionNames ? { optionNames } : {}),
});

describe('front-end registry', () => {
  it.each([
    ['src/agent.ts', 'typescript'],
    ['src/agent.mjs', 'typescript'],
    ['agent.py', 'python'],
    ['.claude/settings.local.json', 'settings'],
    ['.claude/skills/deploy/SKILL.md', 'frontmatter'],
    ['.claude/commands/review.md', 'frontmatter'],
  ])('%s is read by the %s front end', (path, id) => {
    expect(frontEndFor(path)?.id).toBe(id);
  });

  it.each(['types.d.ts', 'stubs.pyi', 'README.md', 'settings.json'])('no front end reads %s', (path) => {
    expect(frontEndFor(path)).toBeUndefined();
  });

  it('ESLint lints every front end but Python, which needs scan, and command lines, which are not JavaScript or JSON', () => {
    expect(frontEnds.filter((frontEnd) => !frontEnd.inEslint).map((frontEnd) => frontEnd.id)).toEqual(['command-line', 'python']);
  });

  it('each language is written by exactly one front end', () => {
    const languages: Language[] = ['typescript', 'javascript', 'python', 'settings', 'frontmatter', 'command-line'];
    for (const language of languages) {
      expect(frontEnds.filter((frontEnd) => frontEnd.writers[language]).length, language).toBe(1);
    }
  });

  it('writers spell options, lists and nothing in their language', () => {
    const denyBash = (language: Language): string => {
      const write = writerFor(modelIn(language));
      return write.option(write.optionName('disallowedTools'), write.list(['Bash']));
    };
    expect(denyBash('typescript')).toBe("disallowedTools: ['Bash']");
    expect(denyBash('python')).toBe('disallowed_tools=["Bash"]');
    expect(denyBash('settings')).toBe('permissions.deny: ["Bash"]');
    expect(writerFor(modelIn('javascript')).nothing('null')).toBe('null');
    expect(writerFor(modelIn('python')).nothing('null')).toBe('None');
    // A skill names the SDK's options as its frontmatter does.
    expect(writerFor(modelIn('frontmatter', { allowedTools: 'allowed-tools' })).optionName('allowedTools')).toBe('allowed-tools');
  });
});

describe('loading', () => {
  it('holds every registered front end loaded for the synchronous adapters, and loads the same analysis on demand', async () => {
    const { loadedAnalyses } = await import('../../src/frontends/loaded.js');
    expect([...loadedAnalyses.keys()].sort()).toEqual(frontEnds.map((frontEnd) => frontEnd.id).sort());
    for (const frontEnd of frontEnds) expect([frontEnd.id, await frontEnd.load()]).toEqual([frontEnd.id, loadedAnalyses.get(frontEnd.id)]);
  });

  it('reads a file no front end handles with the fallback, TypeScript', () => {
    expect(readerOf('component.vue').id).toBe('typescript');
    expect(readerOf('.claude/settings.json').id).toBe('settings');
  });
});
