import type { FrontEnd } from '../frontends/contract.js';
import type { AnyRule } from '../model/rule.js';

/**
 * What the engine works with, handed in by its caller: the rules it may run
 * (presets, `--rule` and config files choose among them) and the front ends
 * that read files. src/index.ts, the CLI and the ESLint and oxlint adapters
 * hand in the defaults (src/defaults.ts); tests hand in fakes.
 */
export interface Toolkit {
  rules: readonly AnyRule[];
  frontEnds: readonly FrontEnd[];
}
