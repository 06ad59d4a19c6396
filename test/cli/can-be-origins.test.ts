import { describe, expect, it } from 'vitest';
import { cli, parseSarif, tree } from '../robustness/support.js';

/**
 * A "can be" finding names where the bad value comes from, in every format:
 * the finding sits at the bad literal (a call's argument, a parameter's
 * default, the write in a UI handler), its message says which of them it is,
 * and a call site that passes the value is a related location. ESLint's side
 * is test/eslint/related-places.test.ts.
 */
const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';\n\n";
const project = () =>
  tree({
    'src/run.ts': `${sdk}export function run(prompt: string, mode: 'default' | 'bypassPermissions') {\n  return query({ prompt, options: { permissionMode: mode } });\n}\n`,
    'src/main.ts': "import { run } from './run.js';\n\nrun('triage', 'default');\nrun('nightly', 'bypassPermissions');\n",
    'src/start.ts': `${sdk}export function start(prompt: string, mode = 'bypassPermissions') {\n  return query({ prompt, options: { permissionMode: mode } });\n}\n`,
    'src/panel.ts': [
      sdk,
      'export class Panel {\n',
      "  private mode = 'default';\n\n",
      '  onUnlock() {\n',
      "    this.mode = 'bypassPermissions';\n",
      '  }\n\n',
      '  ask(prompt: string) {\n',
      '    return query({ prompt, options: { permissionMode: this.mode } });\n',
      '  }\n}\n',
    ].join(''),
    // Near miss: every call passes a safe mode, so no value can be bypass.
    'src/safe.ts': `${sdk}export function safe(prompt: string, mode = 'default') {\n  return query({ prompt, options: { permissionMode: mode } });\n}\n\nsafe('a', 'plan');\n`,
    'app/__init__.py': '',
    'app/run.py': 'from claude_agent_sdk import ClaudeAgentOptions\n\n\ndef options_for(mode):\n    return ClaudeAgentOptions(permission_mode=mode)\n',
    'app/main.py': 'from app.run import options_for\n\noptions_for("default")\noptions_for("bypassPermissions")\n',
    'app/start.py': 'from claude_agent_sdk import ClaudeAgentOptions\n\n\ndef start(mode="bypassPermissions"):\n    return ClaudeAgentOptions(permission_mode=mode)\n',
    'app/panel.py': [
      'from claude_agent_sdk import ClaudeAgentOptions\n\n\n',
      'class Panel:\n',
      '    def __init__(self):\n',
      '        self.mode = "default"\n\n',
      '    def on_unlock(self):\n',
      '        self.mode = "bypassPermissions"\n\n',
      '    def options(self):\n',
      '        return ClaudeAgentOptions(permission_mode=self.mode)\n',
    ].join(''),
  });

interface Region {
  startLine: number;
  startColumn: number;
}
interface Place {
  physicalLocation: { artifactLocation: { uri: string }; region: Region };
  message?: { text: string };
}
interface Result {
  ruleId: string;
  message: { text: string };
  locations: Place[];
  relatedLocations?: Place[];
}

const at = ({ physicalLocation: { artifactLocation, region } }: Place) => `${artifactLocation.uri}:${region.startLine}:${region.startColumn}`;
/** The part of a "can be" message that names the origin: the parenthesis after the value. */
const origin = (text: string) => /can be 'bypassPermissions' \((.*?)\) with no/.exec(text)?.[1];

describe('a "can be" value names where it comes from', () => {
  it('in SARIF: the finding at the bad literal, the origin in the message, a passing call as a related location', async () => {
    const { code, stdout } = await cli(project(), 'scan', '--format', 'sarif');
    expect(code).toBe(1);
    const results = (parseSarif(stdout).runs[0]!.results as unknown as Result[]).filter((result) => result.ruleId === 'no-bypass-without-disallowed-tools');
    expect(
      results.map((result) => ({
        at: at(result.locations[0]!),
        origin: origin(result.message.text),
        related: (result.relatedLocations ?? []).map((place) => `${at(place)} ${place.message?.text}`),
      })),
    ).toEqual([
      { at: 'app/main.py:4:13', origin: 'passed to options_for() as mode', related: ['app/main.py:4:1 This call passes the value to options_for() as mode.'] },
      { at: 'app/panel.py:9:21', origin: 'written to self.mode in on_unlock()', related: [] },
      { at: 'app/start.py:4:16', origin: 'the default of parameter mode of start(), taken when a call leaves it out', related: [] },
      { at: 'src/main.ts:4:16', origin: 'passed to run() as mode', related: ['src/main.ts:4:1 This call passes the value to run() as mode.'] },
      { at: 'src/panel.ts:7:17', origin: 'written to this.mode in onUnlock()', related: [] },
      { at: 'src/start.ts:3:46', origin: 'the default of parameter mode of start(), taken when a call leaves it out', related: [] },
    ]);
  });

  it('in the pretty and compact reports: the origin in the message, the passing call on a see-also line', async () => {
    const root = project();
    const pretty = (await cli(root, 'scan')).stdout.split('\n');
    const finding = pretty.findIndex((line) => line.includes("(passed to run() as mode)"));
    expect(pretty[finding]).toMatch(/^ {2}4:16 {2}error {2}permissionMode can be 'bypassPermissions' \(passed to run\(\) as mode\)/);
    expect(pretty[finding + 1]).toBe('        see also: src/main.ts:4:1');
    const compact = (await cli(root, 'scan', '--format', 'compact')).stdout.split('\n');
    expect(compact.filter((line) => line.includes('no-bypass-without-disallowed-tools')).map((line) => /^(\S+): .*can be 'bypassPermissions' \((.*?)\) with no.*?(\(see also: [^)]*\))?$/.exec(line)?.slice(1).filter(Boolean).join(' '))).toEqual([
      'app/main.py:4:13 passed to options_for() as mode (see also: app/main.py:4:1)',
      'app/panel.py:9:21 written to self.mode in on_unlock()',
      'app/start.py:4:16 the default of parameter mode of start(), taken when a call leaves it out',
      'src/main.ts:4:16 passed to run() as mode (see also: src/main.ts:4:1)',
      'src/panel.ts:7:17 written to this.mode in onUnlock()',
      'src/start.ts:3:46 the default of parameter mode of start(), taken when a call leaves it out',
    ]);
  });
});
