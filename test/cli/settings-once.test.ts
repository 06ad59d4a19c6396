import { describe, expect, it } from 'vitest';
import { cli, parseSarif, tree, unsafeInTerminal } from '../robustness/support.js';

/**
 * A settings entry that several agent configurations load is one mistake:
 * one finding at the entry, the configurations as its related places, in
 * every format.
 */
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n\n";
const denyTs = "const deny = async () => ({ behavior: 'deny' as const, message: 'Not allowed here.' });\n";
const denyJs = "const deny = async () => ({ behavior: 'deny', message: 'Not allowed here.' });\n";

function project(allow: string[], extra: Record<string, string> = {}): string {
  return tree({
    '.claude/settings.json': `{\n  "permissions": {\n    "allow": ${JSON.stringify(allow)}\n  }\n}\n`,
    'src/agent.ts': [
      sdk + denyTs,
      "export const triage = () => query({ prompt: 'triage', options: { settingSources: ['project'], canUseTool: deny } });\n",
      '// Near miss: user settings only, so the project file does not load.\n',
      "export const solo = () => query({ prompt: 'solo', options: { settingSources: ['user'], canUseTool: deny } });\n",
    ].join(''),
    'src/review.js': `${sdk}${denyJs}export const review = () => query({ prompt: 'review', options: { canUseTool: deny } });\n`,
    'src/agent.py': [
      'from claude_agent_sdk import ClaudeAgentOptions, PermissionResultDeny\n\n\n',
      'async def deny(tool_name, tool_input, context):\n',
      '    return PermissionResultDeny(message="Not allowed here.")\n\n\n',
      'options = ClaudeAgentOptions(setting_sources=["project", "local"], can_use_tool=deny)\n',
    ].join(''),
    ...extra,
  });
}

interface Placed {
  path: string;
  line: number;
  column: number;
  message: string;
}

const at = ({ path, line, column }: Omit<Placed, 'message'>) => `${path}:${line}:${column}`;
const affected = ['src/agent.py:8:30', 'src/agent.ts:4:66', 'src/review.js:4:66'];

describe('a settings entry that three configurations load', () => {
  it('is one finding at the entry in JSON, with the three configurations as related places', async () => {
    const { code, stdout } = await cli(project(['Bash', 'Read(./docs/**)']), 'scan', '--format', 'json');
    expect(code).toBe(1);
    const { findings } = JSON.parse(stdout) as { findings: Array<Placed & { ruleId: string; messageId: string; related: Placed[] }> };
    // no-bare-allowed-tools is silent at the entry: no-shadowed-can-use-tool speaks for it (src/engine/dedupe.ts).
    expect(findings.map((finding) => `${at(finding)} ${finding.ruleId}/${finding.messageId}`)).toEqual([
      '.claude/settings.json:3:15 no-shadowed-can-use-tool/settingsAllowed',
    ]);
    expect(findings[0]!.related.map((place) => `${at(place)} ${place.message}`)).toEqual([
      "src/agent.py:8:30 This configuration loads .claude/settings.json (setting_sources includes 'project'), so can_use_tool never sees Bash calls.",
      "src/agent.ts:4:66 This configuration loads .claude/settings.json (settingSources includes 'project'), so canUseTool never sees Bash calls.",
      'src/review.js:4:66 This configuration loads .claude/settings.json (settingSources is not set), so canUseTool never sees Bash calls.',
    ]);
  });

  it('is one SARIF result with three relatedLocations, each with its message, valid against the SARIF 2.1.0 schema', async () => {
    const { stdout } = await cli(project(['Bash']), 'scan', '--format', 'sarif');
    const [run] = parseSarif(stdout).runs;
    const results = run!.results as unknown as Array<{
      relatedLocations: Array<{ id: number; message: { text: string }; physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }>;
    }>;
    expect(results).toHaveLength(1);
    expect(
      results[0]!.relatedLocations.map(({ id, physicalLocation: { artifactLocation, region }, message }) => `${id} ${artifactLocation.uri}:${region.startLine}:${region.startColumn} ${message.text.length > 0}`),
    ).toEqual(affected.map((place, index) => `${index} ${place} true`));
  });

  it('prints one finding with a see-also line in the pretty output, and the places on the compact line', async () => {
    const cwd = project(['Bash']);
    const pretty = (await cli(cwd, 'scan')).stdout.split('\n');
    expect(pretty.filter((line) => /^\s+\d+:\d+/.test(line) && line.endsWith('  no-shadowed-can-use-tool'))).toHaveLength(1);
    expect(pretty.filter((line) => line.includes('see also:'))).toEqual([`        see also: ${affected.join(', ')}`]);
    const compact = (await cli(cwd, 'scan', '--format', 'compact')).stdout.split('\n');
    expect(compact[0]).toMatch(/^\.claude\/settings\.json:3:15: error no-shadowed-can-use-tool 'Bash' approves every Bash call /);
    expect(compact[0]).toMatch(new RegExp(`\\(see also: ${affected.join(', ').replace(/\./g, '\\.')}\\)$`));
    expect(compact.slice(1)).toEqual(['toolgate: 1 problem (1 error, 0 warnings) in 4 files', '']);
  });

  it('escapes a related path as every other path printed', async () => {
    const cwd = project(['Bash'], { 'src/\u001b[31mred/agent.js': `${sdk}${denyJs}query({ prompt: 'x', options: { canUseTool: deny } });\n` });
    const { stdout } = await cli(cwd, 'scan');
    const seeAlso = stdout.split('\n').find((line) => line.includes('see also:'))!;
    expect(seeAlso).toContain('src/\\x1b[31mred/agent.js:4:33');
    expect(stdout).not.toMatch(unsafeInTerminal);
  });
});

describe('near misses', () => {
  it('two entries are two findings, each with the same three configurations', async () => {
    const { stdout } = await cli(project(['Bash', 'WebFetch']), 'scan', '--format', 'json');
    const { findings } = JSON.parse(stdout) as { findings: Array<Placed & { data: { entry: string }; related: Placed[] }> };
    expect(findings.map((finding) => `${at(finding)} ${finding.data.entry} affects ${finding.related.map(at).join(', ')}`)).toEqual([
      `.claude/settings.json:3:15 Bash affects ${affected.join(', ')}`,
      `.claude/settings.json:3:22 WebFetch affects ${affected.join(', ')}`,
    ]);
  });

  it('a scoped entry that no configuration is shadowed by is not reported, and nothing is related', async () => {
    const { code, stdout } = await cli(project(['Read(./docs/**)']), 'scan', '--format', 'json');
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { findings: unknown[] }).findings).toEqual([]);
  });
});
