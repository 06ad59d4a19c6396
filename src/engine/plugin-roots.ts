import { existsSync } from 'node:fs';
import path from 'node:path';
import { pluginFrontmatterKindOf, type FrontmatterKind } from '../frontends/frontmatter/paths.js';

/**
 * Claude Code knows a plugin root by its manifest,
 * `.claude-plugin/plugin.json`; a `.claude-plugin` folder with only a
 * `marketplace.json` lists plugins kept elsewhere.
 */
export function isPluginRoot(directory: string): boolean {
  return existsSync(path.join(directory, '.claude-plugin', 'plugin.json'));
}

/** The plugin root at or above a path named on the command line (the folders walked beneath it note their own). */
export function pluginRootAbove(absolutePath: string): string | undefined {
  for (let folder = absolutePath; ; folder = path.dirname(folder)) {
    if (isPluginRoot(folder)) return folder;
    if (path.dirname(folder) === folder) return undefined;
  }
}

/** What a file named on the command line is, if a plugin's skill, command or agent. */
export function namedPluginFileKind(absolutePath: string): FrontmatterKind | undefined {
  return absolutePath.endsWith('.md') ? pluginKindOf(pluginRootAbove(path.dirname(absolutePath)), absolutePath) : undefined;
}

/** What a file beneath plugin root `root` is to Claude Code, if a skill, command or agent. */
export function pluginKindOf(root: string | undefined, absolutePath: string): FrontmatterKind | undefined {
  if (root === undefined || !absolutePath.endsWith('.md')) return undefined;
  return pluginFrontmatterKindOf(path.relative(root, absolutePath).split(path.sep).join('/'));
}
