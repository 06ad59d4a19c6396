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

/**
 * One file's (or module's) spending against `budget`, shared by its
 * evaluator and its name walks. `cutShort` counts the times a bound was hit:
 * a value worked out while it grew is not kept for later uses.
 */
export class Spending {
  cutShort = 0;
  private steps = 0;
  private depth = 0;
  private helpers = 0;
  /** Steps left for the outermost helper call being evaluated; helpers called inside share them. */
  private helperSteps = 0;

  /** One step more (an expression evaluated, a statement walked); false once the file's or the helper call's steps are spent. */
  spend(): boolean {
    if (++this.steps <= budget.steps && (this.helpers === 0 || --this.helperSteps >= 0)) return true;
    this.cutShort++;
    return false;
  }

  /** Go one expression deeper, spending a step; false (the value is unknown) past a bound. Pair a true with `leave`. */
  enter(): boolean {
    if (this.depth > budget.depth) {
      this.cutShort++;
      return false;
    }
    if (!this.spend()) return false;
    this.depth++;
    return true;
  }

  leave(): void {
    this.depth--;
  }

  /** True when the helper call being evaluated has no steps left for another call. */
  helperSpent(): boolean {
    if (this.helpers === 0 || this.helperSteps > 0) return false;
    this.cutShort++;
    return true;
  }

  /** Evaluate a helper's result: the outermost helper call starts the helper budget. */
  inHelper<T>(work: () => T): T {
    if (this.helpers === 0) this.helperSteps = budget.helperSteps;
    this.helpers++;
    try {
      return work();
    } finally {
      this.helpers--;
    }
  }
}
