import type { ScanResult } from '../../engine/scan.js';
import type { Colors } from '../color.js';

/** A scan's result as the CLI reports it. */
export interface Report extends ScanResult {
  /** With `--baseline`: findings left out because the baseline accepts them. */
  baselined?: number;
}

export interface FormatContext {
  /** Colour is decided by the caller; formatters never look at the terminal. */
  colors: Colors;
  cwd: string;
  /** With `--code-frame`: a file's text by its path in the report, undefined when it cannot be read. */
  source?: (path: string) => string | undefined;
}

/** A pure function of the scan result: same result, same text. */
export type Formatter = (result: Report, context: FormatContext) => string;

export type FormatterName = 'pretty' | 'compact' | 'json' | 'sarif' | 'github';

// Imported by name when asked for: a scan loads only the formatter it prints with.
const formatterLoaders: Record<FormatterName, () => Promise<Formatter>> = {
  pretty: async () => (await import('./pretty.js')).formatPretty,
  compact: async () => (await import('./compact.js')).formatCompact,
  json: async () => (await import('./json.js')).formatJson,
  sarif: async () => (await import('./sarif.js')).formatSarif,
  github: async () => (await import('./github.js')).formatGithub,
};

export const formatterNames = Object.keys(formatterLoaders) as FormatterName[];

export function loadFormatter(name: FormatterName): Promise<Formatter> {
  return formatterLoaders[name]();
}
