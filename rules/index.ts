import type { AnyRule } from '../src/engine/rule.js';
import noBareAllowedTools from './no-bare-allowed-tools.js';
import noBypassWithoutDisallowedTools from './no-bypass-without-disallowed-tools.js';
import noFailOpenHook from './no-fail-open-hook.js';
import noRandomIdempotencyKey from './no-random-idempotency-key.js';
import noShadowedCanUseTool from './no-shadowed-can-use-tool.js';
import noToolUseIdDedupe from './no-tool-use-id-dedupe.js';

/** Every rule toolgate ships, in catalogue order (RULES.md). */
export const allRules: AnyRule[] = [
  noShadowedCanUseTool,
  noBareAllowedTools,
  noBypassWithoutDisallowedTools,
  noRandomIdempotencyKey,
  noToolUseIdDedupe,
  noFailOpenHook,
];
