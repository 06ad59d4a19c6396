import type { FrontEnd } from '../frontends/contract.js';
import type { AnyRule } from '../model/rule.js';

/**
 * What the engine works with, handed in by its caller: the rules it may run
 * (presets, `--rule` and config files choose among them) and the front ends
 * that read files. src/index.ts and the ESLint and oxlint adapters hand in
 * the defaults (src/defaults.ts), the CLI the same with its rules loaded
 * lazily (src/cli/toolkit.ts); tests hand in fakes.
 */
export interface Toolkit {
  /**
   * The rules, or how to load them. A loader is called only when a scan first
   * needs them (a file reached them, or a config file, `--rule` or `--cache`
   * names them), so a scan where no file passes the prefilter never loads the
   * rules and the model they use: every CLI run pays for its start-up.
   */
  rules: readonly AnyRule[] | (() => Promise<readonly AnyRule[]>);
  /**
   * With a loader: a name for the rules it gives, the same while they are
   * (toolgate's shipped rules: `shipped`, with toolgate's version beside it in
   * the cache's key). `--cache` then keys its results by it and the preset
   * when no `--rule` or config file names a rule, so a warm run whose every
   * result is cached loads no rule.
   */
  rulesId?: string;
  frontEnds: readonly FrontEnd[];
}

/** A toolkit's rules as a loader, called at most once. */
export function ruleLoader(rules: Toolkit['rules']): () => Promise<readonly AnyRule[]> {
  if (typeof rules !== 'function') return () => Promise.resolve(rules);
  let loading: Promise<readonly AnyRule[]> | undefined;
  return () => (loading ??= rules());
}
