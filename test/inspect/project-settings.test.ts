import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/support.js';

describe('inspect with the settings files of the project', () => {
  it('shows allow rules of the settings files a configuration loads, located in those files', async () => {
    const { code, stdout } = await runCli(['inspect', 'fixtures/settings-code/src/agent.ts', '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      configurations: Array<{ line: number; tools: Array<{ tool: string; decision: { kind: string; location: { path: string; line: number } | null } }> }>;
    };
    const decide = (line: number, tool: string) => {
      const found = report.configurations.find((config) => config.line === line)!.tools.find((row) => row.tool === tool)!.decision;
      return `${found.kind} ${found.location?.path}:${found.location?.line}`;
    };
    // settingSources omitted: the local file's WebFetch rule applies too.
    expect(decide(6, 'Bash')).toBe('approved fixtures/settings-code/.claude/settings.json:3');
    expect(decide(6, 'WebFetch')).toBe('approved fixtures/settings-code/.claude/settings.local.json:3');
    // settingSources: ['project']: WebFetch reaches the callback.
    expect(decide(9, 'WebFetch')).toBe('reaches canUseTool fixtures/settings-code/src/agent.ts:9');
    // settingSources: ['user']: nothing from the project's files.
    expect(decide(12, 'Bash')).toBe('reaches canUseTool fixtures/settings-code/src/agent.ts:12');
  });
});
