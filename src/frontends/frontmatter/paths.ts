/**
 * Claude Code's Markdown files whose YAML frontmatter sets permissions: a
 * skill (`.claude/skills/<name>/SKILL.md`) and a custom slash command
 * (`.claude/commands/<name>.md`, in sub-folders too), whose `allowed-tools`
 * approve those tools without a prompt while the skill or command runs, and
 * a subagent (`.claude/agents/<name>.md`), with its `tools`,
 * `disallowedTools` and `permissionMode`. A plugin keeps the same folders
 * at its root (`pluginFrontmatterKindOf`).
 */
export function isFrontmatterPath(path: string): boolean {
  return frontmatterKindOf(path) !== undefined;
}

export type FrontmatterKind = 'skill' | 'command' | 'agent';

export function frontmatterKindOf(path: string): FrontmatterKind | undefined {
  // Every such file's name ends so; discovery asks about every file it walks past.
  if (!path.endsWith('.md')) return undefined;
  const parts = path.replace(/\\/g, '/').split('/');
  const claude = parts.lastIndexOf('.claude');
  return claude === -1 ? undefined : kindWithin(parts.slice(claude + 1));
}

/**
 * The kind of a file of a Claude Code plugin, by its path relative to the
 * plugin root (the folder holding `.claude-plugin/plugin.json`): Claude Code
 * loads `commands/`, `agents/` and `skills/<name>/SKILL.md` there as it does
 * under `.claude/`.
 */
export function pluginFrontmatterKindOf(relativePath: string): FrontmatterKind | undefined {
  return relativePath.endsWith('.md') ? kindWithin(relativePath.split('/')) : undefined;
}

/** `parts`: the path below `.claude/` or a plugin root. */
function kindWithin([folder, ...rest]: readonly string[]): FrontmatterKind | undefined {
  if (folder === 'skills' && rest.length === 2 && rest[1] === 'SKILL.md') return 'skill';
  if (folder === 'commands' && rest.length >= 1) return 'command';
  if (folder === 'agents' && rest.length >= 1) return 'agent';
  return undefined;
}
