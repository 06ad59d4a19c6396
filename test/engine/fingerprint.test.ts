import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalizeLine, withFingerprints } from '../../src/engine/fingerprint.js';
import { scan } from '../support/scan.js';
import { finding } from '../cli/support.js';

const agent = (before: string, allowed: string) => `import { query } from '@anthropic-ai/claude-agent-sdk';
${before}
query({ prompt: 'a', options: { allowedTools: [${allowed}] } });
query({ prompt: 'b', options: { allowedTools: [${allowed}] } });
`;

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(tmpdir(), 'toolgate-fingerprint-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function scanText(text: string) {
  writeFileSync(path.join(dir, 'agent.ts'), text);
  const { findings } = await scan({ cwd: dir, rules: ['no-bare-allowed-tools'] });
  return findings.map((found) => ({ line: found.line, message: found.message, fingerprint: found.fingerprint }));
}

describe('finding fingerprints', () => {
  it('tell apart identical findings on identical lines, by their order', async () => {
    const findings = await scanText(agent('', "'Bash'"));
    expect(findings.map((found) => found.line)).toEqual([3, 4]);
    expect(findings[0]!.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(findings[0]!.fingerprint).not.toBe(findings[1]!.fingerprint);
  });

  it('survive edits elsewhere that move the code, and re-indenting', async () => {
    const before = await scanText(agent('', "'Bash'"));
    const moved = await scanText(agent('// a comment\nconst unrelated = 1;\n\n', "'Bash'"));
    expect(moved.map((found) => found.line)).toEqual([6, 7]);
    expect(moved.map((found) => found.fingerprint)).toEqual(before.map((found) => found.fingerprint));

    const reindented = await scanText(agent('', "'Bash'").replace(/^query\(\{ /gm, '   query({   '));
    expect(reindented.map((found) => found.fingerprint)).toEqual(before.map((found) => found.fingerprint));
  });

  it('change when the offending line itself changes', async () => {
    const before = await scanText(agent('', "'Bash'"));
    const edited = await scanText(agent('', "'Bash', 'Read'"));
    expect(edited.map((found) => found.message)).toEqual(before.map((found) => found.message));
    expect(edited[0]!.fingerprint).not.toBe(before[0]!.fingerprint);
  });

  it('differ between findings of one line with different data', async () => {
    const findings = await scanText(agent('', "'Bash', 'Write'"));
    expect(new Set(findings.map((found) => found.fingerprint)).size).toBe(4);
  });

  it('are made even when the file has gone since the scan read it', async () => {
    const [printed] = await withFingerprints(path.join(dir, 'nowhere'), [finding()]);
    expect(printed!.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('collapse whitespace in the line text', () => {
    expect(normalizeLine('\t  allowedTools:\u00a0 [ "Bash" ],  \r')).toBe('allowedTools: [ "Bash" ],');
  });
});
