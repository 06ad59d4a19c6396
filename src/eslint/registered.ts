import { defaultToolkit } from '../defaults.js';
import { analyseText } from '../engine/analyse.js';
import type { EslintReading } from './adapter.js';

/** The registered front ends, loaded with the ESLint and oxlint plugins: they call a rule per file and wait for nothing. */
export const registeredReading: EslintReading = { frontEnds: defaultToolkit.frontEnds, analyse: analyseText };
