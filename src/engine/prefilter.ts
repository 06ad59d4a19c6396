import { isCommandLinePath, mentionsClaudeFlags } from '../frontends/command-line/paths.js';
import { isFrontmatterPath } from '../frontends/frontmatter/paths.js';
import { isPythonPath, mentionsSdk as pythonMentionsSdk } from '../frontends/python/prefilter.js';
import { isSettingsPath } from '../frontends/settings/paths.js';
import { isTypeScriptPath, mentionsSdk as typeScriptMentionsSdk } from '../frontends/typescript/prefilter.js';

/**
 * Byte strings at least one of which every file using the SDK holds: its
 * package names. Searched in the raw bytes (memchr speed, no UTF-8 decoding),
 * so a file that cannot matter costs a read and a search. The front ends'
 * own checks on the decoded text are finer (an import, not a mention).
 */
const typeScriptMarkerNames = ['@anthropic-ai/claude-agent-sdk', '@anthropic-ai/claude-code'];
const pythonMarkerNames = ['claude_agent_sdk', 'claude_code_sdk'];
const typeScriptMarkers = markerSet(typeScriptMarkerNames);
const pythonMarkers = markerSet(pythonMarkerNames);
/** Every marker: a file holding none of them is skipped whatever its language (`scan --staged` searches the index for them). */
export const sdkMarkers: readonly string[] = [...typeScriptMarkerNames, ...pythonMarkerNames];

/** Every script, Makefile, package.json and workflow that runs Claude Code names it so. */
const claudeBytes = Buffer.from('claude');

/**
 * The text of the file at `path` if it could hold agent code, else
 * undefined: first the raw bytes are searched, then the decoded text gets the
 * front end's own check, so the parsers load only for a file they will
 * parse. Settings, skill and command files always can.
 */
export function candidateText(bytes: Buffer, path: string): string | undefined {
  if (isSettingsPath(path) || isFrontmatterPath(path)) return bytes.toString('utf8');
  if (isCommandLinePath(path)) return bytes.includes(claudeBytes) && mentionsClaudeFlags(bytes.toString('utf8')) ? bytes.toString('utf8') : undefined;
  const python = isPythonPath(path);
  if (!holdsAny(bytes, python ? pythonMarkers : typeScriptMarkers)) return undefined;
  const text = bytes.toString('utf8');
  return (python ? pythonMentionsSdk : typeScriptMentionsSdk)(text) ? text : undefined;
}

interface MarkerSet {
  /** What all the markers begin with. */
  prefix: Buffer;
  markers: Buffer[];
}

function markerSet(markers: readonly string[]): MarkerSet {
  let prefix = markers[0]!;
  for (const marker of markers) while (!marker.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return { prefix: Buffer.from(prefix), markers: markers.map((marker) => Buffer.from(marker)) };
}

/**
 * Whether `bytes` hold one of the markers: one search for their common
 * prefix, not one per marker, since most files hold none. A marker occurs
 * exactly where the prefix does and the marker's bytes follow, so every
 * occurrence of the prefix is tried.
 */
function holdsAny(bytes: Buffer, { prefix, markers }: MarkerSet): boolean {
  for (let at = bytes.indexOf(prefix); at !== -1; at = bytes.indexOf(prefix, at + 1)) {
    for (const marker of markers) {
      const end = at + marker.length;
      if (end <= bytes.length && bytes.compare(marker, 0, marker.length, at, end) === 0) return true;
    }
  }
  return false;
}

/** Whether some front end reads files with this name. */
export function isSupportedPath(path: string): boolean {
  return isSettingsPath(path) || isFrontmatterPath(path) || isCommandLinePath(path) || isTypeScriptPath(path) || isPythonPath(path);
}

/** Strip a byte order mark, as ESLint does, so offsets agree with the editor. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
