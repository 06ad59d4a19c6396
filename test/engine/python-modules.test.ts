import { describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';
import { findings, fixtures, reported } from './module-fixtures.js';

describe('a Python agent spread across the modules of a package', () => {
  it('reports what its single-file equivalent reports', async () => {
    expect(reported(await findings('py-package'))).toEqual(reported(await findings('py-single')));
  });

  it('reports each value where it is written, in modules that never mention the SDK', async () => {
    const located = (await findings('py-package')).map(({ path, line, column, ruleId, messageId }) => `${path}:${line}:${column} ${ruleId}/${messageId}`);
    expect(located).toEqual([
      // `**BASE` of `from .config import BASE`; can_use_tool comes from `from agent.review import review`.
      // The mode is always bypass: this message is the one finding for the list's entries (src/engine/dedupe.ts).
      'py-package/agent/config.py:4:5 no-bypass-without-disallowed-tools/allowedToolsIgnored',
      'py-package/agent/config.py:5:21 no-bypass-without-disallowed-tools/bypassWithoutDeny',
      'py-package/agent/config.py:5:21 no-shadowed-can-use-tool/bypassMode',
      // `hooks.guard` of `from . import hooks`: a seen-set of tool use ids that denies repeats.
      'py-package/agent/hooks.py:18:8 no-deny-as-dedupe/denyAsDedupe',
      'py-package/agent/hooks.py:18:8 no-tool-use-id-dedupe/dedupeByToolUseId',
      'py-package/agent/hooks.py:25:5 no-fail-open-hook/catchAllows',
    ]);
  });

  it('accounts for every file: the modules without the SDK are skipped on their own and read through imports', async () => {
    const result = await scan({ cwd: fixtures, paths: ['py-package'] });
    expect(result.stats).toMatchObject({ files: 6, analysed: 2, skipped: 4, failed: 0 });
  });
});

describe('a Python hook factory in another module', () => {
  it('checks the hooks it returns, through an options dict filtered by a comprehension', async () => {
    const located = (await findings('py-hook-factory')).map(({ path, line, column, ruleId, messageId }) => `${path}:${line}:${column} ${ruleId}/${messageId}`);
    // command_guard blocks with a systemMessage only, which the user reads and the model does not; path_guard gives a reason.
    expect(located).toEqual(['py-hook-factory/agent/guards.py:8:33 require-deny-reason/denyWithoutReason']);
  });
});
