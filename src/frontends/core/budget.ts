/**
 * The one budget policy of both front ends' analyses. Every bound is counted
 * in work, never in time. A value a budget cuts short is unknown (never
 * reported) and is never cached, so a later use evaluates it afresh.
 */
export const budget = {
  /** Expressions evaluated per file (or module), and statements walked for a name's value. */
  steps: 500_000,
  /**
   * Steps for one call of a helper, with the helpers it calls. A helper is
   * evaluated afresh for each call's arguments, so helpers that call helpers
   * multiply; real agent code needs a few hundred.
   */
  helperSteps: 20_000,
  /** Expressions evaluated inside one another. */
  depth: 60,
  /** Statements nested in statements (blocks in blocks, ifs in loops) that are lowered and followed. */
  nesting: 200,
  /** Conditions nested in conditions (`a && b && ...` in generated code) that are read. */
  conditionDepth: 50,
} as const;
