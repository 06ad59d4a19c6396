import type { FrontEnd } from '../frontends/contract.js';
import { frontEndFor, frontEnds as registered, readerOf } from '../frontends/registry.js';

/**
 * Byte strings at least one of which every file using the SDK holds: its
 * package names (each front end's `prefilter.markers`). Searched in the raw
 * bytes (memchr speed, no UTF-8 decoding), so a file that cannot matter
 * costs a read and a search. The front ends' own checks on the decoded text
 * are finer (an import, not a mention).
 */
const markerSets = new WeakMap<FrontEnd, MarkerSet[]>();

/** Every marker of these front ends: a file holding none of them is skipped whatever its language (`scan --staged` searches the index for them). */
export function sdkMarkers(frontEnds: readonly FrontEnd[]): string[] {
  return frontEnds.flatMap((frontEnd) => frontEnd.prefilter?.markers ?? []);
}

/**
 * The text of the file at `path` if it could hold agent code, else
 * undefined: first the raw bytes are searched, then the decoded text gets the
 * front end's own check, so the parsers load only for a file they will
 * parse. Settings, skill and command files always can.
 */
export function candidateText(bytes: Buffer, path: string, frontEnds: readonly FrontEnd[] = registered): string | undefined {
  // A path no front end handles is read by the fallback, as the analysis does (`readerOf`).
  const frontEnd = readerOf(path, frontEnds);
  const { prefilter } = frontEnd;
  if (!prefilter) return bytes.toString('utf8');
  let groups = markerSets.get(frontEnd);
  if (!groups) markerSets.set(frontEnd, (groups = markerGroups(prefilter.markers)));
  if (!groups.some((set) => holdsAny(bytes, set))) return undefined;
  const text = bytes.toString('utf8');
  return prefilter.mentionsSdk(text) ? text : undefined;
}

interface MarkerSet {
  /** What all the markers begin with. */
  prefix: Buffer;
  markers: Buffer[];
}

/** The markers by their first character, so that each group's common prefix is not empty. */
function markerGroups(markers: readonly string[]): MarkerSet[] {
  const groups = new Map<string, string[]>();
  for (const marker of markers) groups.set(marker[0]!, [...(groups.get(marker[0]!) ?? []), marker]);
  return [...groups.values()].map(markerSet);
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
export function isSupportedPath(path: string, frontEnds?: readonly FrontEnd[]): boolean {
  return frontEndFor(path, frontEnds) !== undefined;
}

/** Strip a byte order mark, as ESLint does, so offsets agree with the editor. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
