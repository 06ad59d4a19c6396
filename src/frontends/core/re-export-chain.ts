/** The most local modules one SDK import is followed through: chains of re-exports are short. */
const maxChain = 8;

/**
 * The re-exports a front end is following from an import to the SDK, so
 * that a cycle (`a` re-exports from `b`, `b` from `a`) or a planted chain
 * of modules ends instead of recursing without bound.
 */
export class ReExportChain {
  private readonly following = new Set<string>();

  /** `follow()` the export `name` of `module`, unless that export is already being followed or the chain is at its bound. */
  through<T>(module: string, name: string, follow: () => T | undefined): T | undefined {
    const key = `${module}\0${name}`;
    if (this.following.has(key) || this.following.size >= maxChain) return undefined;
    this.following.add(key);
    try {
      return follow();
    } finally {
      this.following.delete(key);
    }
  }
}
