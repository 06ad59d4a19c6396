import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';

const cwd = fileURLToPath(new URL('../../fixtures/settings-code/', import.meta.url));

describe("rule 1's settings clause: code and the settings files of its project", () => {
  it('reports each whole-tool allow rule of the settings files configurations load once, at the entry, with the configurations as related places', async () => {
    // Scanning only src/ still finds the project's .claude/ folder above it.
    const { findings, problems } = await scan({ cwd, paths: ['src'], rules: ['no-shadowed-can-use-tool'] });
    expect(problems).toEqual([]);
    const placed = (place: { path: string; line: number; column: number }) => `${place.path}:${place.line}:${place.column}`;
    expect(findings.map((finding) => `${placed(finding)} ${finding.data.entry} affects ${(finding.related ?? []).map(placed).join(', ')}`)).toEqual([
      // settingSources omitted (line 6, at canUseTool) and ['project'] (line 9, at settingSources) both load the project file.
      '.claude/settings.json:3:15 Bash affects src/agent.ts:6:66, src/agent.ts:9:67',
      '.claude/settings.json:3:42 WebSearch affects src/agent.ts:6:66, src/agent.ts:9:67',
      // Only the configuration without settingSources loads the local file.
      '.claude/settings.local.json:3:15 WebFetch affects src/agent.ts:6:66',
    ]);
    expect(findings[0]!.related!.map((place) => place.message)).toEqual([
      'This configuration loads .claude/settings.json (settingSources is not set), so canUseTool never sees Bash calls.',
      "This configuration loads .claude/settings.json (settingSources includes 'project'), so canUseTool never sees Bash calls.",
    ]);
  });

  it("uses the folder a literal cwd option names", async () => {
    const { findings } = await scan({ cwd: fileURLToPath(new URL('../../fixtures/', import.meta.url)), paths: ['settings-cwd'], rules: ['no-shadowed-can-use-tool'] });
    expect(findings.map(({ path, line, data, related }) => `${path}:${line} ${data.entry} affects ${related?.map((place) => `${place.path}:${place.line}`).join(', ')}`)).toEqual([
      'settings-code/.claude/settings.json:3 Bash affects settings-cwd/agent.ts:4',
      'settings-code/.claude/settings.json:3 WebSearch affects settings-cwd/agent.ts:4',
    ]);
  });
});
