import { describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';
import { findings, fixtures, reported } from './module-fixtures.js';

describe('options, hooks and canUseTool spread across modules', () => {
  it.each([
    ['ts-paths', 'ts-paths-single'],
    ['cjs', 'cjs-single'],
    ['js-esm', 'js-esm-single'],
  ])('%s reports what its single-file equivalent %s reports', async (project, single) => {
    expect(reported(await findings(project))).toEqual(reported(await findings(single)));
  });

  it('reports each value where it is written: a tsconfig paths alias, an index file, re-exports and export default', async () => {
    const located = (await findings('ts-paths')).map(({ path, line, column, ruleId, messageId }) => `${path}:${line}:${column} ${ruleId}/${messageId}`);
    expect(located).toEqual([
      // Reached through `@agent/config` → config/index.ts → config/options.ts, and the spread of `base`.
      'ts-paths/src/config/options.ts:3:32 no-bypass-without-disallowed-tools/bypassWithoutDeny',
      // canUseTool is `export default` of permissions.ts: the callback is set, so the mode shadows it.
      'ts-paths/src/config/options.ts:3:32 no-shadowed-can-use-tool/bypassMode',
      // The mode is always bypass: this message is the one finding for the list's entries (src/engine/dedupe.ts).
      'ts-paths/src/config/options.ts:7:3 no-bypass-without-disallowed-tools/allowedToolsIgnored',
      // The hook matcher array comes through `export * from './guard.js'`.
      'ts-paths/src/hooks/guard.ts:7:20 no-tool-use-id-dedupe/dedupeByToolUseId',
      'ts-paths/src/hooks/guard.ts:14:5 no-fail-open-hook/catchAllows',
    ]);
  });

  it('follows CommonJS module.exports and exports.name into modules that never mention the SDK', async () => {
    const located = (await findings('cjs')).map(({ path, line, column, ruleId }) => `${path}:${line}:${column} ${ruleId}`);
    expect(located).toEqual([
      'cjs/config.cjs:2:30 no-bypass-without-disallowed-tools',
      'cjs/config.cjs:2:51 no-bypass-without-disallowed-tools',
      'cjs/hooks.cjs:7:5 no-fail-open-hook',
    ]);
  });

  it('follows an ESM default export and a namespace import in plain JavaScript', async () => {
    const located = (await findings('js-esm')).map(({ path, line, column, ruleId, messageId }) => `${path}:${line}:${column} ${ruleId}/${messageId}`);
    expect(located).toEqual([
      'js-esm/lib/settings.mjs:1:36 no-shadowed-can-use-tool/dontAskMode',
      'js-esm/lib/tools.mjs:1:25 no-bare-allowed-tools/commandRunner',
      'js-esm/lib/tools.mjs:1:40 no-shadowed-can-use-tool/wholeToolAllowed',
    ]);
  });

  it('checks a typed options module on its own when no scanned module uses it', async () => {
    // Scanned alone, options.ts has no canUseTool; its mode is always bypass, so rule 3 covers the bare entries.
    const alone = await findings('ts-paths/src/config/options.ts');
    expect(new Set(alone.map((finding) => finding.ruleId))).toEqual(new Set(['no-bypass-without-disallowed-tools']));
  });
});

describe('fail closed across modules', () => {
  it('reports a module that a value was followed into when it does not parse', async () => {
    const result = await scan({ cwd: fixtures, paths: ['broken-import/agent.ts'] });
    expect(result.problems).toEqual([
      expect.objectContaining({ path: 'broken-import/config.ts', kind: 'parse', line: 1, column: 85 }),
    ]);
  });
});
