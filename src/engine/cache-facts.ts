import { createHash } from 'node:crypto';
import type { SkipFacts } from './re-export-pass.js';

/**
 * What the re-export pass learnt of a skipped file's text, as `--cache`
 * keeps it: `marker: false`, it holds no local import marker (`./`);
 * `imports`, its local imports one a line (one JSON string parses far faster
 * than an array).
 */
export interface StoredFacts {
  marker?: false;
  imports?: string;
}

/**
 * The skipped files' facts are most of a cache file (the kept imports of
 * every Python module of a tree) and only a run where some skipped file
 * changed needs them. So they are the cache file's last line, apart from
 * the signed JSON, which holds their digest: a warm run of an unchanged tree
 * neither hashes nor parses them, and one that needs them checks them
 * against that digest first.
 */
export class FactsSection {
  private parsed: Record<string, unknown> | undefined;

  /** `bytes`: the section as read; `expected`: its digest, from the signed part. */
  constructor(
    private readonly bytes: Buffer | undefined,
    private readonly expected: unknown,
    private readonly onDamaged: () => void,
  ) {}

  /** The kept facts of the file at `name`, if any are there and whole. */
  get(name: string): StoredFacts | undefined {
    const facts = this.all()[name];
    return isStoredFacts(facts) ? facts : undefined;
  }

  private all(): Record<string, unknown> {
    if (this.parsed) return this.parsed;
    this.parsed = {};
    if (this.bytes === undefined || typeof this.expected !== 'string') return this.parsed;
    // Not what the signed part says: no fact of it is trusted, so each skipped file is read as on a first run.
    if (factsDigest(this.bytes) !== this.expected) {
      this.onDamaged();
      return this.parsed;
    }
    try {
      const data: unknown = JSON.parse(this.bytes.toString('utf8'));
      if (data !== null && typeof data === 'object' && !Array.isArray(data)) this.parsed = data as Record<string, unknown>;
    } catch {
      this.onDamaged();
    }
    return this.parsed;
  }
}

export function factsDigest(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `facts` learnt this run over what was kept `before`; undefined when they tell nothing. */
export function mergedFacts(before: StoredFacts | undefined, facts: SkipFacts): StoredFacts | undefined {
  const merged: StoredFacts = {
    ...before,
    ...(facts.marker === false ? { marker: false as const } : {}),
    ...(facts.imports ? { imports: [...new Set(facts.imports)].join('\n') } : {}),
  };
  return merged.marker === false || merged.imports !== undefined ? merged : undefined;
}

/** The pass's view of kept facts. */
export function skipFactsOf(stored: StoredFacts | undefined): SkipFacts {
  if (!stored) return {};
  return { ...(stored.marker === false ? { marker: false } : {}), ...(stored.imports !== undefined ? { imports: stored.imports === '' ? [] : stored.imports.split('\n') } : {}) };
}

/** Enough of a record's shape to trust it; a damaged one tells nothing (the file is read). */
function isStoredFacts(value: unknown): value is StoredFacts {
  if (value === null || typeof value !== 'object') return false;
  const facts = value as Record<string, unknown>;
  return (facts.marker === undefined || facts.marker === false) && (facts.imports === undefined || typeof facts.imports === 'string');
}
