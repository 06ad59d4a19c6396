/**
 * Claude Code's Markdown files whose YAML frontmatter sets permissions: a
 * skill (`.claude/skills/<name>/SKILL.md`) and a custom slash command
 * (`.claude/commands/<name>.md`, in sub-folders too), whose `allowed-tools`
 * approve those tools without a prompt while the skill or command runs, and
 * a subagent (`.claude/agents/<name>.md`), with its `tools`,
 * `disallowedTools` and `permissionMode`.
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
  if (claude === -1) return undefined;
  const [folder, ...rest] = parts.slice(claude + 1);
  if (folder === 'skills' && rest.length === 2 && rest[1] === 'SKILL.md') return 'skill';
  if (folder === 'commands' && rest.length >= 1) return 'command';
  if (folder === 'agents' && rest.length >= 1) return 'agent';
  return undefined;
}
