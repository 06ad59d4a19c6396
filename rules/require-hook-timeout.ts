import { defineRule } from '../src/model/rule.js';
import { hookMatchers } from '../src/model/hooks.js';
import { settingsHooks, stringOf } from '../src/model/settings-hooks.js';
import { isNotSet } from '../src/model/values.js';

type MessageIds = 'matcherWithoutTimeout' | 'commandWithoutTimeout';

/** Settings hook types whose default timeout is 600 s; `prompt` (30 s) and `agent` (60 s) default to short ones. */
const longDefault = new Set(['command', 'http', 'mcp_tool']);

export default defineRule<Record<string, never>, MessageIds>({
  id: 'require-hook-timeout',
  meta: {
    type: 'suggestion',
    docs: { description: 'Require a timeout on PreToolUse hook matchers', config: 'strict' },
    severity: 'error',
    messages: {
      matcherWithoutTimeout:
        'This PreToolUse matcher has no timeout, so a hung hook holds every matching tool call for the default timeout (up to 600 s) before the call is blocked. Set a timeout in seconds that the check fits in, e.g. {{example}}.',
      commandWithoutTimeout:
        'This PreToolUse {{type}} hook has no timeout, so a hung hook holds every matching tool call for 600 s, and then the call goes ahead unchecked. Set a timeout in seconds that the check fits in, e.g. "timeout": 30.',
    },
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report, write) {
    for (const config of model.configurations) {
      // Settings (a file, or the settings option) set the timeout on each hook, not on the matcher.
      for (const hook of settingsHooks(config)) {
        const type = stringOf(hook.type);
        if (hook.event !== 'PreToolUse' || !type || !longDefault.has(type) || (hook.timeout && !isNotSet(hook.timeout))) continue;
        report({ messageId: 'commandWithoutTimeout', span: hook.span, data: { type } });
      }
      for (const matcher of hookMatchers(config)) {
        if (matcher.inSettings || matcher.event !== 'PreToolUse' || !matcher.timeout.every(isNotSet)) continue;
        report({ messageId: 'matcherWithoutTimeout', span: matcher.span, data: { example: write.option('timeout', '30') } });
      }
    }
  },
});
