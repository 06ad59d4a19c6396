import { parse, type AnyNode } from '@humanwhocodes/momoa';
import type { SyntaxError } from '../contract.js';
import type { AgentConfiguration } from '../../model/types.js';
import { shellConfigurations } from './invocations.js';

/**
 * The `claude` commands of a `package.json`'s `scripts`, each script a
 * shell command line as npm runs it, placed where each character is written
 * in the JSON string. A `package.json` that names Claude Code with a
 * permission flag but is not valid JSON is a syntax error: what it runs
 * cannot be checked (and npm cannot read it either).
 */
export function packageScripts(text: string): { configurations: AgentConfiguration[]; syntaxErrors: SyntaxError[] } {
  let body: AnyNode;
  try {
    body = parse(text, { mode: 'json', ranges: true }).body;
  } catch (error) {
    const offset = (error as { offset?: number }).offset ?? 0;
    return { configurations: [], syntaxErrors: [{ span: { start: offset, end: offset + 1 }, message: `package.json is not valid JSON (${(error as Error).message}), so its scripts cannot be checked.` }] };
  }
  const scripts = body.type === 'Object' ? body.members.find((member) => member.name.type === 'String' && member.name.value === 'scripts')?.value : undefined;
  if (scripts?.type !== 'Object') return { configurations: [], syntaxErrors: [] };
  const configurations = scripts.members.flatMap((member) => {
    if (member.value.type !== 'String') return [];
    const [start, end] = member.value.range!;
    const { value, offsets } = decodeJsonString(text.slice(start + 1, end - 1), start + 1);
    return shellConfigurations(value, (index) => offsets[index] ?? end - 1);
  });
  return { configurations, syntaxErrors: [] };
}

/** A JSON string's text (between its quotes, starting at `start`) decoded, with where each character is written. */
function decodeJsonString(raw: string, start: number): { value: string; offsets: number[] } {
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '/': '/', '\\': '\\', '"': '"' };
  let value = '';
  const offsets: number[] = [];
  for (let index = 0; index < raw.length; index++) {
    const at = start + index;
    if (raw[index] !== '\\') {
      value += raw[index];
      offsets.push(at);
    } else if (raw[index + 1] === 'u') {
      value += String.fromCharCode(Number.parseInt(raw.slice(index + 2, index + 6), 16));
      offsets.push(at);
      index += 5;
    } else {
      value += escapes[raw[index + 1]!] ?? raw[index + 1]!;
      offsets.push(at);
      index++;
    }
  }
  return { value, offsets };
}
