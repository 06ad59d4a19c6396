import { qualifiedName } from './imports.js';
import type { Scopes } from './scope.js';
import { field, textOf, unwrap, type PyModule, type PyNode } from './syntax.js';

/**
 * Per-attempt sources: every call gives a new value, so a retry of the same
 * action gets a different one. By module, the functions that are; `*` for
 * every function of the module but the listed exceptions.
 */
const sources: Record<string, { only?: readonly string[]; except?: readonly string[] }> = {
  uuid: { only: ['uuid1', 'uuid4', 'uuid6', 'uuid7'] },
  secrets: { except: ['compare_digest', 'SystemRandom'] },
  random: { except: ['seed', 'getstate', 'setstate', 'Random', 'SystemRandom'] },
  time: { only: ['time', 'time_ns', 'monotonic', 'monotonic_ns', 'perf_counter', 'perf_counter_ns'] },
  'datetime.datetime': { only: ['now', 'utcnow', 'today'] },
  os: { only: ['urandom'] },
  ulid: { only: ['new', 'ULID', 'ulid'] },
  nanoid: { only: ['generate'] },
  uuid6: { only: ['uuid6', 'uuid7'] },
  uuid_utils: { only: ['uuid1', 'uuid4', 'uuid6', 'uuid7'] },
  shortuuid: { only: ['uuid', 'random'] },
};

/** The per-attempt source a call reads (`uuid.uuid4()`), if it is one. */
export function randomSourceOf(source: PyModule, scopes: Scopes, node: PyNode): string | undefined {
  const call = unwrap(node);
  if (call.type !== 'call') return undefined;
  const callee = field(call, 'function');
  const name = callee && qualifiedName(source, scopes, callee);
  if (!name) return undefined;
  const dot = name.lastIndexOf('.');
  const module = name.slice(0, dot);
  const member = name.slice(dot + 1);
  const entry = dot > 0 && Object.hasOwn(sources, module) ? sources[module] : undefined;
  if (!entry) return undefined;
  const matches = entry.only ? entry.only.includes(member) : !entry.except?.includes(member) && !member.startsWith('_');
  return matches ? `${textOf(source, callee!)}()` : undefined;
}
