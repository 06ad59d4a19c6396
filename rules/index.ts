import type { AnyRule } from '../src/model/rule.js';
import noPersistedWholeToolAllow from './no-persisted-whole-tool-allow.js';
import requireHookTimeout from './require-hook-timeout.js';
import hookScriptMustBlock from './hook-script-must-block.js';
import canUseToolMustDecide from './can-use-tool-must-decide.js';
import noRetryInFailureHook from './no-retry-in-failure-hook.js';
import noBashBypassOfFileGuard from './no-bash-bypass-of-file-guard.js';
import validPermissionRule from './valid-permission-rule.js';
import updatedInputNeedsAllow from './updated-input-needs-allow.js';
import requireDenyReason from './require-deny-reason.js';
import noDenyAsDedupe from './no-deny-as-dedupe.js';
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
  noDenyAsDedupe,
  requireDenyReason,
  updatedInputNeedsAllow,
  validPermissionRule,
  noBashBypassOfFileGuard,
  noRetryInFailureHook,
  canUseToolMustDecide,
  hookScriptMustBlock,
  requireHookTimeout,
  noPersistedWholeToolAllow,
];
