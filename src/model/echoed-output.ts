import { emptyObject, single } from './build.js';
import type { Span, StringValue, Value } from './types.js';

/**
 * A settings hook (`{ type: 'command', command }`) that prints the same
 * output on every call it runs for: its command and what it prints. Not
 * one with an `if` condition (it runs for some calls only) or one that runs
 * in the background (`async`, `asyncRewake`: it cannot decide).
 */
export function echoingCommandHook(hook: Value | undefined): { command: StringValue; output: Value } | undefined {
  if (hook?.kind !== 'object' || ['if', 'async', 'asyncRewake'].some((key) => hook.properties.has(key))) return undefined;
  const field = (key: string) => hook.properties.get(key)?.value.alternatives ?? [];
  const [type, ...types] = field('type');
  const [command, ...others] = field('command');
  if (types.length > 0 || type?.kind !== 'string' || type.value !== 'command' || command?.kind !== 'string' || others.length > 0) return undefined;
  const output = echoedOutput(command.value, command.span);
  return output && { command, output };
}

/**
 * What a settings `command` hook prints on every run, when its command is
 * only `echo '<JSON>'`: in single quotes the shell passes the text through
 * as it is, echo exits 0, and Claude Code reads a JSON object printed on
 * exit 0 as the hook's output. Anything else (a script, a pipe, variables,
 * other quoting) prints what only running it tells: undefined.
 */
function echoedOutput(command: string, span: Span): Value | undefined {
  const match = /^\s*echo\s+'([^']*)'\s*$/.exec(command);
  if (!match) return undefined;
  try {
    const parsed: unknown = JSON.parse(match[1]!);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? valueOf(parsed, span) : undefined;
  } catch {
    return undefined;
  }
}

/** A parsed JSON value as a model value, every part placed at the command. */
function valueOf(json: unknown, span: Span): Value {
  if (typeof json === 'string') return { kind: 'string', value: json, span };
  if (typeof json === 'number') return { kind: 'number', value: json, span };
  if (typeof json === 'boolean') return { kind: 'boolean', value: json, span };
  if (json === null) return { kind: 'null', span };
  if (Array.isArray(json)) return { kind: 'array', span, elements: json.map((element) => single(valueOf(element, span))), complete: true };
  const object = emptyObject(span);
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    object.properties.set(key, { key, spelling: key, keySpan: span, value: single(valueOf(value, span)) });
  }
  return object;
}
