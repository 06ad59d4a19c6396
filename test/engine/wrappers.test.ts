import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { fixtureFindings } from '../support/scan.js';

// A wrapper exported by one module and called by others (a project wrapper, a
// provider factory, a test helper): its parameters are what those calls pass,
// and each bad value is reported where it is written, naming the wrapper.
const fixtures = fileURLToPath(new URL('../../fixtures/wrappers/', import.meta.url));
const located = async (project: string): Promise<string[]> => {
  return (await fixtureFindings(fixtures, project)).map(({ path, line, column, ruleId, message }) => `${path}:${line}:${column} ${ruleId} ${message.replace(/ with no .*/, '')}`);
};

describe('parameters given by the calls of the modules that import the function', () => {
  it('TypeScript: named, renamed and namespace imports, from a file that never names the SDK and from one that does', async () => {
    expect(await located('wrapper-ts')).toEqual([
      // Exported and called nowhere: its default is what a caller may get.
      "wrapper-ts/src/agent.ts:9:78 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (the default of parameter mode of runDefault(), taken when a call leaves it out)",
      // One of three calls (cli.ts twice, helper.test.ts through `import * as agent`) passes bypass.
      "wrapper-ts/src/cli.ts:4:42 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (passed to runAgent() as opts)",
      // Its one call, in a module that imports the SDK's types: always bypass.
      "wrapper-ts/src/server.ts:4:41 no-bypass-without-disallowed-tools permissionMode is 'bypassPermissions' (passed to runServer() as opts)",
      // Silent: runSafe gets 'plan' and 'default'; runDenied gets bypass with disallowedTools.
    ]);
  });

  it('JavaScript: a default export taking its default where a call leaves the argument out', async () => {
    expect(await located('wrapper-js')).toEqual([
      "wrapper-js/cli.mjs:3:36 no-bypass-without-disallowed-tools permissionMode is 'bypassPermissions' (passed to runAgent() as opts)",
      // Silent: runPlain's default 'default' and the 'plan' a call passes.
    ]);
  });

  it('Python: absolute and relative imports, keyword and positional arguments, **kwargs', async () => {
    expect(await located('wrapper-py')).toEqual([
      // make_client() also takes its default "default" once.
      "wrapper-py/app/cli.py:6:33 no-bypass-without-disallowed-tools permission_mode can be 'bypassPermissions' (passed to make_client() as permission_mode)",
      // `**overrides` holds the keywords that name no other parameter (not `prompt`).
      "wrapper-py/app/cli.py:10:47 no-bypass-without-disallowed-tools permission_mode is 'bypassPermissions' (passed to make_agent() as overrides)",
      "wrapper-py/app/client.py:8:41 no-bypass-without-disallowed-tools permission_mode can be 'bypassPermissions' (the default of parameter permission_mode of run_default(), taken when a call leaves it out)",
      // Silent: run_safe gets "plan" and "default"; make_guarded's own disallowed_tools stays with the overrides.
    ]);
  });
});
