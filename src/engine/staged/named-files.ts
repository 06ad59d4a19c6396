import type { Snapshot } from './snapshot.js';

/** A path as code or a hook command writes it: `config/agent.json`, `./hooks/guard.sh`, `"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh`. */
const pathLike = /[\w.-]*(?:\/[\w.-]+)+|[\w.-]+\.json\b/g;

/**
 * The files of the snapshot that `files` name by their path from the
 * repository's top, and those the named ones name in turn: the settings
 * file a `settings` option gives and the scripts its hooks run, which the
 * scan reads beside the code. Found by their written path, never by parsing:
 * copying a file the scan does not read costs only the copy. A path written
 * relative to another `cwd` is not found.
 */
export function namedFiles(snapshot: Snapshot, files: Iterable<string>): string[] {
  const found = new Set<string>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const written of snapshot.text(file)?.match(pathLike) ?? []) {
      const named = written.replace(/^(?:\.?\/)+/, '');
      if (named === file || found.has(named) || !snapshot.has(named)) continue;
      found.add(named);
      if (named.endsWith('.json')) pending.push(named);
    }
  }
  return [...found];
}
