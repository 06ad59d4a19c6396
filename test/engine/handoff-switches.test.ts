import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../support/scan.js';

// A session started in one module and handed to a function of another that
// switches its mode at run time (a key binding, a UI action): the switch is
// reported where it is written, once, as "can be", naming the call (issue 16).
const fixtures = fileURLToPath(new URL('../../fixtures/handoff/', import.meta.url));
const located = async (project: string): Promise<string[]> =>
  (await fixtureFindings(fixtures, project)).map(({ path, line, column, ruleId, message }) => `${path}:${line}:${column} ${ruleId} ${message.replace(/ with no .*/, '')}`);

describe('a session handed to a function of another module that switches its mode', () => {
  // Silent: the session with deny rules handed to the same key binding and palette, the switch to 'plan',
  // and the switch of a parameter the call does not hand the session to.
  // The palette is handed the session by name: destructured from an object (TypeScript missed it), by keyword in Python.
  it('TypeScript: the key binding and the palette that switch to bypass, once each for the session without deny rules', async () => {
    expect(await located('switch-ts')).toEqual([
      "switch-ts/keys.ts:7:67 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (switched at run time by session.setPermissionMode())",
      "switch-ts/palette.ts:6:68 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (switched at run time by session.setPermissionMode())",
    ]);
  });

  it('JavaScript: the same, through .mjs imports', async () => {
    expect(await located('switch-js')).toEqual([
      "switch-js/keys.mjs:5:67 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (switched at run time by session.setPermissionMode())",
      "switch-js/palette.mjs:4:68 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (switched at run time by session.setPermissionMode())",
    ]);
  });

  it('Python: a client of async with handed by position and by keyword, through relative imports', async () => {
    expect(await located('switch-py')).toEqual([
      "switch-py/app/keys.py:9:62 no-bypass-without-disallowed-tools permission_mode can be 'bypassPermissions' (switched at run time by client.set_permission_mode())",
      "switch-py/app/palette.py:8:62 no-bypass-without-disallowed-tools permission_mode can be 'bypassPermissions' (switched at run time by client.set_permission_mode())",
    ]);
  });
});
