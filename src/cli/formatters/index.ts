import type { ScanResult } from '../../engine/scan.js';
import type { Colors } from '../color.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatPretty } from './pretty.js';
import { formatSarif } from './sarif.js';

export interface FormatContext {
  /** Colour is decided by the caller; formatters never look at the terminal. */
  colors: Colors;
  cwd: string;
}

/** A pure function of the scan result: same result, same text. */
export type Formatter = (result: ScanResult, context: FormatContext) => string;

export type FormatterName = 'pretty' | 'json' | 'sarif' | 'github';

export const formatters: Record<FormatterName, Formatter> = {
  pretty: formatPretty,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
};

export const formatterNames = Object.keys(formatters) as FormatterName[];
