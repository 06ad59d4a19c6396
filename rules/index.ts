import type { AnyRule } from '../src/engine/rule.js';

/** Every rule toolgate ships, in catalogue order (RULES.md). */
export const allRules: AnyRule[] = [];
