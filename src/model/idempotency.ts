/** Names of idempotency keys, compared without case or separators. */
const keyNames = ['idempotencykey', 'dedupekey', 'dedupkey', 'dedupeid', 'requestkey', 'deduplicationkey', 'deduplicationid'];

function normalize(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** `idempotencyKey`, `idempotency_key`, `Idempotency-Key`, `dedupeKey`, ... plus any extra names given. */
export function isIdempotencyKeyName(name: string, extra: readonly string[] = []): boolean {
  const normalized = normalize(name);
  return keyNames.includes(normalized) || extra.some((candidate) => normalize(candidate) === normalized);
}

/**
 * An idempotency key proper (`idempotencyKey`, `Idempotency-Key`): what a
 * server stores to turn a repeated write into the first one. The other
 * names (`dedupeKey`, `requestKey`, ...) also dedupe in-process things such
 * as notifications.
 */
export function isServerIdempotencyKeyName(name: string): boolean {
  return normalize(name) === 'idempotencykey';
}

/** `updatedInput` / `updated_input`: a hook's rewrite of the tool input. */
export function isUpdatedInput(name: string): boolean {
  return normalize(name) === 'updatedinput';
}

/** Ids that name one attempt on purpose: a fresh one per attempt is right. */
const attemptIdNames = ['requestid', 'traceid', 'logid', 'correlationid', 'spanid', 'runid'];

export function isAttemptIdName(name: string): boolean {
  return attemptIdNames.includes(normalize(name));
}
