import type { ScanResult } from '../../engine/scan.js';
import type { Colors } from '../color.js';

export interface FormatContext {
  /** Colour is decided by the caller; formatters never look at the terminal. */
  colors: Colors;
  cwd: string;
}

/** A pure function of the scan result: same result, same text. */
export type Formatter = (result: ScanResult, context: FormatContext) => string;

export type FormatterName = 'pretty' | 'json' | 'sarif' | 'github';

// Imported by name when asked for: a scan loads only the formatter it prints with.
const formatterLoaders: Record<FormatterName, () => Promise<Formatter>> = {
  pretty: async () => (await import('./pretty.js')).formatPretty,
  json: async () => (await import('./json.js')).formatJson,
  sarif: async () => (await import('./sarif.js')).formatSarif,
  github: async () => (await import('./github.js')).formatGithub,
};

export const formatterNames = Object.keys(formatterLoaders) as FormatterName[];

export function loadFormatter(name: FormatterName): Promise<Formatter> {
  return formatterLoaders[name]();
}
