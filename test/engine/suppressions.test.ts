import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { formatJson } from '../../src/cli/formatters/json.js';
import { formatSarif } from '../../src/cli/formatters/sarif.js';
import { run } from '../../src/cli/run.js';
import { suppressionRuleId } from '../../src/engine/scan.js';
import { scan } from '../support/scan.js';

/** An agent with one finding (the bare Bash) on the `allowedTools` line, with `before` above it and `after` ending that line. */
function agent(before: string, after = ''): string {
  return [
    "import { query } from '@anthropic-ai/claude-agent-sdk';",
    before,
    `query({ prompt: 'x', options: { allowedTools: ['Bash'] } });${after}`,
    '',
  ].join('\n');
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolgate-suppressions-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let count = 0;
async function write(text: string, ext = 'ts'): Promise<string> {
  const name = `agent${++count}.${ext}`;
  await writeFile(path.join(dir, name), text);
  return name;
}

async function scanText(text: string, options: { strict?: boolean; today?: string } = {}) {
  const name = await write(text);
  return scan({ cwd: dir, paths: [name], rules: ['no-bare-allowed-tools'], ...options });
}

describe('suppression comments in TypeScript and JavaScript', () => {
  it.each([
    ['toolgate-disable-next-line', '// toolgate-disable-next-line no-bare-allowed-tools -- CI sandbox', ''],
    ['with the toolgate/ prefix and two ids', '// toolgate-disable-next-line toolgate/no-fail-open-hook, toolgate/no-bare-allowed-tools -- CI sandbox', ''],
    ['toolgate-disable-line', '', ' // toolgate-disable-line no-bare-allowed-tools -- CI sandbox'],
    ['a toolgate-disable block', '/* toolgate-disable no-bare-allowed-tools -- CI sandbox */', ''],
    ['eslint-disable-next-line', '// eslint-disable-next-line toolgate/no-bare-allowed-tools -- CI sandbox', ''],
    ['eslint-disable-line', '', ' // eslint-disable-line toolgate/no-bare-allowed-tools -- CI sandbox'],
    ['an eslint-disable block', '/* eslint-disable no-console, toolgate/no-bare-allowed-tools -- CI sandbox */', ''],
  ])('%s keeps the finding as suppressed, with its reason', async (_, before, after) => {
    const result = await scanText(agent(before, after));
    expect(result.findings).toEqual([]);
    expect(result.suppressed).toEqual([
      expect.objectContaining({ ruleId: 'no-bare-allowed-tools', line: 3, suppression: expect.objectContaining({ justification: 'CI sandbox' }) }),
    ]);
  });

  it.each([
    ['another rule', '// toolgate-disable-next-line no-fail-open-hook -- x'],
    ['another plugin in an eslint comment', '// eslint-disable-next-line no-bare-allowed-tools -- x'],
    ['no ids at all', '/* toolgate-disable */'],
    ['a block closed before the line', '/* toolgate-disable no-bare-allowed-tools */ /* toolgate-enable no-bare-allowed-tools */'],
    ['a directive inside a string', "const s = '// toolgate-disable-next-line no-bare-allowed-tools';"],
    ['a comment two lines up', '// toolgate-disable-next-line no-bare-allowed-tools\n'],
  ])('%s does not suppress', async (_, before) => {
    const result = await scanText(agent(before));
    expect(result.findings.map((finding) => finding.ruleId)).toEqual(['no-bare-allowed-tools']);
    expect(result.suppressed).toEqual([]);
  });

  it('an expired suppression reports the finding again and says so', async () => {
    const text = agent('// toolgate-disable-next-line no-bare-allowed-tools -- CI sandbox, until 2027-03-31');
    const inTime = await scanText(text, { today: '2027-03-31' });
    expect(inTime.findings).toEqual([]);
    expect(inTime.suppressed![0]!.suppression).toEqual({ justification: 'CI sandbox', via: 'toolgate' });
    const late = await scanText(text, { today: '2027-04-01' });
    expect(late.suppressed).toEqual([]);
    expect(late.findings).toHaveLength(1);
    expect(late.findings[0]!.message).toMatch(/\(suppression expired 2027-03-31\)$/);
  });

  it('Python comments take an expiry date too', async () => {
    const name = await write(
      [
        'from claude_agent_sdk import ClaudeAgentOptions',
        'options = ClaudeAgentOptions(',
        '    allowed_tools=["Bash"],  # toolgate: disable=no-bare-allowed-tools -- CI sandbox, until 2027-03-31',
        ')',
        '',
      ].join('\n'),
      'py',
    );
    const run = (today: string) => scan({ cwd: dir, paths: [name], rules: ['no-bare-allowed-tools'], today });
    const inTime = await run('2027-03-31');
    expect(inTime.findings).toEqual([]);
    expect(inTime.suppressed).toEqual([expect.objectContaining({ line: 3, suppression: { justification: 'CI sandbox', via: 'toolgate' } })]);
    const late = await run('2027-04-01');
    expect(late.findings.map((finding) => finding.message)).toEqual([expect.stringMatching(/\(suppression expired 2027-03-31\)$/)]);
  });

  it('SARIF keeps suppressed results, marked inSource with the justification; JSON lists them apart', async () => {
    const result = await scanText(agent('// toolgate-disable-next-line no-bare-allowed-tools -- CI sandbox'));
    const sarif = JSON.parse(formatSarif(result)) as { runs: Array<{ results: Array<{ ruleId: string; suppressions?: unknown }> }> };
    expect(sarif.runs[0]!.results).toEqual([
      expect.objectContaining({ ruleId: 'no-bare-allowed-tools', suppressions: [{ kind: 'inSource', justification: 'CI sandbox' }] }),
    ]);
    const json = JSON.parse(formatJson(result)) as { findings: unknown[]; suppressed: Array<{ suppression: unknown }>; summary: { errors: number } };
    expect(json.findings).toEqual([]);
    expect(json.summary.errors).toBe(0);
    expect(json.suppressed.map((record) => record.suppression)).toEqual([{ via: 'toolgate', justification: 'CI sandbox' }]);
  });

  it('--strict reports a suppression without a reason, an unused one and an unknown id', async () => {
    const text = [
      "import { query } from '@anthropic-ai/claude-agent-sdk';",
      '// toolgate-disable-next-line no-bare-allowed-tools',
      "query({ prompt: 'x', options: { allowedTools: ['Bash'] } });",
      '// toolgate-disable-next-line no-bare-allowed-tools -- nothing here',
      "query({ prompt: 'y' });",
      '// toolgate-disable-next-line no-such-rule -- typo',
      "query({ prompt: 'z' });",
      '',
    ].join('\n');
    const lenient = await scanText(text);
    expect(lenient.findings).toEqual([]);
    const strict = await scanText(text, { strict: true });
    expect(strict.findings.map(({ ruleId, messageId, line }) => ({ ruleId, messageId, line }))).toEqual([
      { ruleId: suppressionRuleId, messageId: 'missingReason', line: 2 },
      { ruleId: suppressionRuleId, messageId: 'unused', line: 4 },
      { ruleId: suppressionRuleId, messageId: 'unknownRule', line: 6 },
    ]);
  });

  it('scan exits 0 on suppressed findings and 1 under --strict for an unreasoned one', async () => {
    const name = await write(agent('// toolgate-disable-next-line no-bare-allowed-tools'));
    const out: string[] = [];
    const io = { cwd: dir, stdout: (text: string) => void out.push(text), stderr: () => {}, env: {}, isTTY: false };
    expect(await run(['node', 'toolgate', 'scan', name, '--rule', 'no-bare-allowed-tools'], io)).toBe(0);
    expect(await run(['node', 'toolgate', 'scan', name, '--rule', 'no-bare-allowed-tools', '--strict'], io)).toBe(1);
  });

  it('ESLint honours toolgate comments itself and eslint-disable natively, with no unused-directive report', async () => {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [plugin.configs.recommended, { linterOptions: { reportUnusedDisableDirectives: 'error' } }],
    });
    for (const before of [
      '// toolgate-disable-next-line no-bare-allowed-tools -- CI sandbox',
      '// eslint-disable-next-line toolgate/no-bare-allowed-tools -- CI sandbox',
    ]) {
      const name = await write(agent(before), 'js');
      const [result] = await eslint.lintFiles([name]);
      expect(result!.messages).toEqual([]);
      expect(result!.suppressedMessages.length).toBe(before.startsWith('// eslint') ? 1 : 0);
    }
    const bare = await write(agent(''), 'js');
    const [result] = await eslint.lintFiles([bare]);
    expect(result!.messages.map((message) => message.ruleId)).toEqual(['toolgate/no-bare-allowed-tools']);
  });
});
