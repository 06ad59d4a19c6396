import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { fixtureFindings } from '../support/scan.js';

// A test helper in one module spreads each caller's options over defaults of
// its own; the callers are in other modules. Each caller's object is one
// agent: a callback one module passes and an allow list another passes are
// not compared, and a "can be" finding names the call its value comes from.
const fixtures = fileURLToPath(new URL('../../fixtures/wrappers/', import.meta.url));
const located = async (project: string): Promise<string[]> => {
  return (await fixtureFindings(fixtures, project)).map(({ path, line, column, ruleId, related = [] }) =>
    [`${path}:${line}:${column} ${ruleId}`, ...related.map((place) => `  ${place.path}:${place.line}:${place.column} ${place.message}`)].join('\n'),
  );
};

describe("a helper that spreads each caller's options over its defaults", () => {
  it('TypeScript: a spread in the options and Object.assign in a builder, called from two modules', async () => {
    expect(await located('spread-ts')).toEqual([
      // The bypass constant of one call, which brings no deny rules (another call's do not count): the call is related.
      'spread-ts/src/mode.ts:1:21 no-bypass-without-disallowed-tools\n  spread-ts/src/tools.test.ts:8:1 This call passes the value to runAgent() as overrides.',
      // The one call that passes the callback and the bare entry together.
      'spread-ts/src/review.test.ts:7:62 no-shadowed-can-use-tool',
      // Silent: the callbacks of review.test.ts and the allow lists of tools.test.ts are separate agents.
    ]);
  });

  it('JavaScript: the same helper in .mjs modules', async () => {
    expect(await located('spread-js')).toEqual([
      'spread-js/review.test.mjs:5:62 no-shadowed-can-use-tool',
      // No callback in this call: the bare entry is a bare entry, not one the callback never sees.
      'spread-js/tools.test.mjs:3:43 no-bare-allowed-tools',
      'spread-js/tools.test.mjs:4:36 no-bypass-without-disallowed-tools\n  spread-js/tools.test.mjs:4:1 This call passes the value to runAgent() as overrides.',
    ]);
  });

  it('Python: {"model": ..., **overrides} and dict(DEFAULTS, **kwargs), relative and absolute imports', async () => {
    expect(await located('spread-py')).toEqual([
      'spread-py/app/review.py:13:79 no-shadowed-can-use-tool',
      'spread-py/app/tools.py:5:56 no-bare-allowed-tools',
      'spread-py/app/tools.py:6:55 no-bare-allowed-tools',
      'spread-py/app/tools.py:7:48 no-bypass-without-disallowed-tools\n  spread-py/app/tools.py:7:11 This call passes the value to run_keywords() as kwargs.',
    ]);
  });
});
