import type { AnyRule } from '../model/rule.js';
import type { Toolkit } from '../engine/toolkit.js';
import { frontEnds } from '../frontends/registry.js';

/** The shipped rules, imported on first use. */
export const loadRules = async (): Promise<readonly AnyRule[]> => (await import('../../rules/index.js')).allRules;

/**
 * The default rules and front ends, with the rules (and the model they use)
 * imported when a scan first needs them: a staged check of a file that reaches
 * no agent code, or a tree where no file passes the prefilter, never loads
 * them, nor does a warm `--cache` run whose every result was cached. The
 * registry itself loads no parser (`FrontEnd.load`).
 */
export const cliToolkit: Toolkit = { rules: loadRules, rulesId: 'shipped', frontEnds };

/** The same with the rules loaded first, for a report that lists every rule in force whether or not a file reached one (SARIF). */
export async function loadedToolkit(): Promise<Toolkit> {
  return { rules: await loadRules(), frontEnds };
}
