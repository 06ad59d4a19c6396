import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/engine/scan.js';

const cwd = fileURLToPath(new URL('../../fixtures/settings-code/', import.meta.url));

describe("rule 1's settings clause: code and the settings files of its project", () => {
  it('reports whole-tool allow rules of the settings files a configuration loads, at canUseTool or settingSources', async () => {
    // Scanning only src/ still finds the project's .claude/ folder above it.
    const { findings, problems } = await scan({ cwd, paths: ['src'], rules: ['no-shadowed-can-use-tool'] });
    expect(problems).toEqual([]);
    expect(findings.map(({ path, line, column, data }) => `${path}:${line}:${column} ${data.entry} in ${data.file}`)).toEqual([
      // settingSources omitted: both files load.
      'src/agent.ts:6:66 Bash in .claude/settings.json',
      'src/agent.ts:6:66 WebFetch in .claude/settings.local.json',
      'src/agent.ts:6:66 WebSearch in .claude/settings.json',
      // settingSources: ['project']: the local file does not load.
      'src/agent.ts:9:67 Bash in .claude/settings.json',
      'src/agent.ts:9:67 WebSearch in .claude/settings.json',
    ]);
  });

  it("uses the folder a literal cwd option names", async () => {
    const { findings } = await scan({ cwd: fileURLToPath(new URL('../../fixtures/', import.meta.url)), paths: ['settings-cwd'], rules: ['no-shadowed-can-use-tool'] });
    expect(findings.map(({ line, data }) => `${line} ${data.entry}`)).toEqual(['4 Bash', '4 WebSearch']);
  });
});
