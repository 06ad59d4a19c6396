import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { fixtureFindings } from '../../support/scan.js';

// Helpers of one module whose result another module puts in its options
// (issue 16): a hook factory, options built from a request field with a
// fallback. The helper modules never name the SDK; the module that calls
// them does, and its options are judged with what the helpers return.
const fixtures = fileURLToPath(new URL('../../../fixtures/imported-helpers/', import.meta.url));
const located = async (project: string): Promise<string[]> => {
  return (await fixtureFindings(fixtures, project)).map(({ path, line, column, ruleId, message }) => `${path}:${line}:${column} ${ruleId} ${message.replace(/ with no .*|, and this matcher .*|, so the tool call .*/, '')}`);
};

describe('helpers imported from modules that never name the SDK', () => {
  it('TypeScript: a hook factory whose hook can throw or catches and allows; a request field with a bypass fallback', async () => {
    expect(await located('helpers-ts')).toEqual([
      "helpers-ts/src/options.ts:6:41 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (the fallback when body.mode is not set)",
      'helpers-ts/src/policy.ts:2:10 no-fail-open-hook This hook can deny, but it can also throw outside a try block (JSON.parse(cfg.rules))',
      'helpers-ts/src/policy.ts:13:7 no-fail-open-hook When the hook fails, this handler returns no decision',
      // Silent: makeStrictHook's catch denies; buildSafeOptions falls back to 'default'.
    ]);
  });

  it('JavaScript: the same through an arrow helper and `||`', async () => {
    expect(await located('helpers-js')).toEqual([
      'helpers-js/policy.mjs:2:10 no-fail-open-hook This hook can deny, but it can also throw outside a try block (JSON.parse(cfg.rules))',
      "helpers-js/policy.mjs:8:71 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (the fallback when body.mode is not set)",
    ]);
  });

  it('Python: a hook factory whose catch allows; a request field with an `or` fallback; **overrides over a defaults dict', async () => {
    expect(await located('helpers-py')).toEqual([
      "helpers-py/app/policy.py:8:9 no-fail-open-hook When 'hook' fails, this handler returns no decision",
      "helpers-py/app/policy.py:27:45 no-bypass-without-disallowed-tools permission_mode can be 'bypassPermissions' (the fallback when req.mode is not set)",
      // make_options(model="m"): its defaults dict with the call's **overrides.
      "helpers-py/app/policy.py:35:32 no-bypass-without-disallowed-tools permission_mode is 'bypassPermissions'",
      // Silent: make_strict_hook's handler denies; build_safe_options falls back to "default";
      // make_options(disallowed_tools=["Bash"]) brings its deny rules.
    ]);
  });
});
