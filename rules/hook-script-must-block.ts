import { defineRule } from '../src/model/rule.js';
import { settingsHooks, stringOf, type SettingsHook } from '../src/model/settings-hooks.js';
import type { HookScript } from '../src/model/types.js';

type MessageIds = 'missingScript' | 'exitOne' | 'exitTwo';

/**
 * What a runner does with a script that is not there: the shell's 127 for a
 * path or `bash x.sh`, node's 1 (tsx and ts-node run on node), python's 2
 * (a block of every call), and for `sh` 127 or 2 depending on which shell
 * `/bin/sh` is.
 */
function missingConsequence(runner: string): string {
  if (/^python3?$/.test(runner)) return `${runner} exits with code 2, so Claude Code blocks every call this hook matches`;
  if (/^(?:node|tsx|ts-node)$/.test(runner)) return `${runner} exits with code 1, which Claude Code treats as a non-blocking error, so the call goes ahead unchecked`;
  if (runner === 'sh') return 'sh exits with code 127 or 2, depending on the system, so the call goes ahead unchecked or every call is blocked';
  const shell = runner === 'direct' ? 'the shell' : runner;
  return `${shell} exits with code 127, which Claude Code treats as a non-blocking error, so the call goes ahead unchecked`;
}

export default defineRule<Record<string, never>, MessageIds>({
  id: 'hook-script-must-block',
  meta: {
    type: 'problem',
    docs: { description: 'Require settings hook scripts to exist and to block with exit code 2', config: 'recommended' },
    severity: 'error',
    messages: {
      missingScript: "The PreToolUse hook runs '{{script}}', which is not in the repository: {{consequence}}. Add the script or fix the path.",
      exitOne:
        "The PreToolUse hook script '{{script}}' exits with code 1 (line {{line}}), which Claude Code treats as a non-blocking error: the tool call goes ahead. Exit with code 2 to block it; stderr then goes to the model.",
      exitTwo: "Exit with code 2: '{{blocking}}'.",
    },
    hasSuggestions: true,
    schema: [],
    defaultOptions: [{}],
  },
  check(model, _options, report) {
    for (const config of model.configurations) {
      const scripts = new Map<number, HookScript>((config.hookScripts ?? []).map((script) => [script.command.start, script]));
      for (const hook of settingsHooks(config)) {
        const script = hook.command && scripts.get(hook.command.span.start);
        if (!script || hook.event !== 'PreToolUse' || runsInBackground(hook)) continue;
        // With onFailure: 'block' any failure, a missing script or exit 1, counts as exit code 2.
        if (stringOf(hook.onFailure) === 'block') continue;
        if (!script.exists) {
          report({ messageId: 'missingScript', span: script.command, data: { script: script.written, consequence: missingConsequence(script.runner) } });
        }
        for (const exit of script.nonBlockingExits) {
          report({
            messageId: 'exitOne',
            span: script.command,
            data: { script: script.written, line: exit.line },
            suggestions: [{ messageId: 'exitTwo', data: { blocking: exit.blocking }, edits: [{ span: exit.span, text: exit.blocking }] }],
          });
        }
      }
    }
  },
});

/** An `async` (or `asyncRewake`) hook runs beside the call and cannot block it, whatever it exits with. */
function runsInBackground(hook: SettingsHook): boolean {
  return [hook.async, hook.asyncRewake].some((value) => value !== undefined && !(value.kind === 'boolean' && !value.value));
}
