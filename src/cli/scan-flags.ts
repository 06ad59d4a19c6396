import type { ConfigName } from '../engine/configs.js';
import type { Shard } from '../engine/shard.js';
import type { FormatterName } from './formatters/index.js';

// Apart from the scan command, which `run` imports only when a scan runs: `--help` shows these.
export const defaultBaseline = 'toolgate-baseline.json';

export interface ScanFlags {
  format: FormatterName;
  rule?: string[];
  preset: ConfigName;
  quiet?: boolean;
  maxWarnings?: number;
  color?: boolean;
  output?: string;
  codeFrame?: boolean;
  allowUnparsed?: boolean;
  /** False with `--no-error-on-unmatched-pattern`. */
  errorOnUnmatchedPattern: boolean;
  strict?: boolean;
  baseline?: string;
  updateBaseline?: boolean;
  config?: string | false;
  staged?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  shard?: Shard;
  /** False with `--no-prefilter`. */
  prefilter?: boolean;
}
