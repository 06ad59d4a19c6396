import { allRules } from '../rules/index.js';
import type { Toolkit } from './engine/toolkit.js';
import { frontEnds } from './frontends/registry.js';

/** toolgate's own rules and front ends, which the edges (API, CLI, ESLint, oxlint) hand to the engine. */
export const defaultToolkit: Toolkit = { rules: allRules, frontEnds };
