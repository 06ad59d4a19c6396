import path from 'node:path';
import { pluginFrontmatterKindOf } from '../../frontends/frontmatter/paths.js';
import type { Snapshot } from './snapshot.js';

const manifest = '.claude-plugin/plugin.json';

/**
 * The staged plugin skill, command and agent files, and the manifests that
 * make them so: discovery knows such a file only by the
 * `.claude-plugin/plugin.json` of the plugin root above it, which the
 * checkout must hold. A staged manifest makes every such file of its
 * plugin one to check.
 */
export function stagedPluginFiles(snapshot: Snapshot, changed: ReadonlySet<string>): { files: string[]; manifests: string[] } {
  const files = new Set<string>();
  const manifests = new Set<string>();
  const add = (file: string, root: string): void => {
    files.add(file);
    manifests.add(manifestOf(root));
  };
  for (const file of changed) {
    if (!snapshot.has(file)) continue;
    const root = file.endsWith('.md') ? pluginRootOf(snapshot, file) : undefined;
    if (root !== undefined && pluginFrontmatterKindOf(withinRoot(root, file))) add(file, root);
  }
  const roots = [...changed].filter((file) => snapshot.has(file) && (file === manifest || file.endsWith(`/${manifest}`))).map((file) => path.posix.dirname(path.posix.dirname(file)));
  if (roots.length > 0) {
    for (const file of snapshot.entries.keys()) {
      if (!file.endsWith('.md')) continue;
      const root = pluginRootOf(snapshot, file);
      if (root !== undefined && roots.includes(root) && pluginFrontmatterKindOf(withinRoot(root, file))) add(file, root);
    }
  }
  return { files: [...files], manifests: [...manifests] };
}

/** The nearest folder above `file` holding a plugin manifest (`.` for the top), as discovery finds it. */
function pluginRootOf(snapshot: Snapshot, file: string): string | undefined {
  for (let folder = path.posix.dirname(file); ; folder = path.posix.dirname(folder)) {
    if (snapshot.has(manifestOf(folder))) return folder;
    if (folder === '.') return undefined;
  }
}

function manifestOf(root: string): string {
  return root === '.' ? manifest : `${root}/${manifest}`;
}

function withinRoot(root: string, file: string): string {
  return root === '.' ? file : file.slice(root.length + 1);
}
