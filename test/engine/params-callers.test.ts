import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../support/scan.js';

// A wrapper whose rest parameter is the allow or deny list, exported by one
// module and called by another: each call's arguments from the rest's place
// on are that call's list (issue 16).
const fixtures = fileURLToPath(new URL('../../fixtures/wrappers/', import.meta.url));
const located = async (project: string): Promise<string[]> =>
  (await fixtureFindings(fixtures, project)).map(({ path, line, column, ruleId, message }) => `${path}:${line}:${column} ${ruleId} ${message.replace(/ (approves|with no) .*/, '')}`);

describe("a rest parameter holds each importer's arguments", () => {
  it('TypeScript: the bare entry one call passes; the bypass call that passes deny rules is silent', async () => {
    expect(await located('rest-ts')).toEqual(["rest-ts/src/cli.ts:3:77 no-bare-allowed-tools 'Bash'"]);
  });

  it('JavaScript: the call that passes no deny rules leaves bypass unguarded', async () => {
    expect(await located('rest-js')).toEqual(["rest-js/agent.mjs:4:53 no-bypass-without-disallowed-tools permissionMode is 'bypassPermissions'"]);
  });

  it('Python: *extra and *deny, through absolute and relative imports', async () => {
    expect(await located('rest-py')).toEqual(["rest-py/app/cli.py:4:40 no-bare-allowed-tools 'Write'"]);
  });
});
