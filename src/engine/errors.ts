/**
 * A mistake in how toolgate was called (an unknown rule id, a missing path),
 * as opposed to a problem in the scanned code. The CLI exits 2 on it.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}
