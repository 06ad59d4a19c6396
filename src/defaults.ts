import { allRules } from '../rules/index.js';
import type { Toolkit } from './engine/toolkit.js';
import { frontEnds } from './frontends/registry.js';

/**
 * toolgate's own rules and front ends, which the edges (API, ESLint, oxlint)
 * hand to the engine; the CLI hands the same with its rules loaded lazily
 * (src/cli/toolkit.ts).
 */
export const defaultToolkit = { rules: allRules, frontEnds } satisfies Toolkit;
