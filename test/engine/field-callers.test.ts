import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { fixtureFindings } from '../support/scan.js';

// A wrapper in one module copies each field of its parameter (or each
// keyword parameter) into the options on its own; the callers are in other
// modules. Each caller's fields are one agent: one caller's deny rules or
// tools do not cover another caller's bypass, and the finding names the call.
const fixtures = fileURLToPath(new URL('../../fixtures/wrappers/', import.meta.url));
const located = async (project: string): Promise<string[]> => {
  return (await fixtureFindings(fixtures, project)).map(({ path, line, column, ruleId, message, related = [] }) =>
    [`${path}:${line}:${column} ${ruleId} ${message.replace(/ with no .*/, '')}`, ...related.map((place) => `  ${place.path}:${place.line}:${place.column}`)].join('\n'),
  );
};

describe("a wrapper that copies its parameters' fields one by one", () => {
  it('TypeScript: opts.permissionMode, opts.disallowedTools and opts.tools, callers in two modules', async () => {
    expect(await located('fields-ts')).toEqual([
      // The one caller with bypass and neither deny rules nor tools; title.ts passes 'default'.
      "fields-ts/src/chat.test.ts:5:43 no-bypass-without-disallowed-tools permissionMode can be 'bypassPermissions' (passed to runWith() as opts)\n  fields-ts/src/chat.test.ts:5:1",
      // Silent: the caller with disallowedTools, and the one with tools.
    ]);
  });

  it('JavaScript: an untyped parameter', async () => {
    expect(await located('fields-js')).toEqual([
      "fields-js/chat.test.mjs:4:33 no-bypass-without-disallowed-tools permissionMode is 'bypassPermissions' (passed to runWith() as opts)\n  fields-js/chat.test.mjs:4:1",
    ]);
  });

  it('Python: keyword parameters of an @asynccontextmanager wrapper, called from a module that names the SDK itself', async () => {
    expect(await located('keywords-py')).toEqual([
      "keywords-py/app/repl.py:6:57 no-bypass-without-disallowed-tools permission_mode is 'bypassPermissions' (passed to open_client() as permission_mode)\n  keywords-py/app/repl.py:6:16",
      // Silent: review.py's bypass comes with tools, through ask().
    ]);
  });
});
