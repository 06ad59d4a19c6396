import { defaultToolkit } from '../../src/defaults.js';
import { scan as scanWith, type ScanOptions, type ScanResult } from '../../src/engine/scan.js';

/** `scan` with toolgate's own rules and front ends, as src/index.ts and the CLI hand them in, without loading either. */
export function scan(options: ScanOptions = {}): Promise<ScanResult> {
  return scanWith(options, defaultToolkit);
}
