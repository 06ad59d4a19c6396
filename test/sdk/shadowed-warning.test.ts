import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { query, type Options } from '@anthropic-ai/claude-agent-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scan } from '../support/scan.js';
import type { Finding } from '../../src/engine/findings.js';
import { fakeClaudeProcess } from './fake-claude-process.js';

/**
 * The SDK's own `CLAUDE_SDK_CAN_USE_TOOL_SHADOWED` warning as the oracle:
 * option combinations go through the real `query()` (with an in-memory fake
 * process), and the same options, written as code, through `toolgate scan`.
 * toolgate reports every entry and mode the SDK warns about; every finding it
 * adds is one of the reasons listed in `beyondTheWarning`.
 */
const modes = [undefined, 'default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto'] as const;
const entryPool = [
  'Bash', 'Read', 'Edit', 'Glob', 'Skill', 'WebFetch', 'Bash(*)', 'Bash()', 'Bash(:*)', 'Bash(npm test *)', 'Bash(npx *)', 'Edit(**)',
  'Edit(./src/**)', 'WebFetch(domain:example.com)', '*', 'mcp__*', 'mcp__github', 'mcp__github__*', 'mcp__github__get_issue',
  '', '  ', 'Bash(', '(Bash)', 'bash', 'Agent(Explore)',
  // Padded: the SDK does not trim (it warns), the CLI does (the whole Bash).
  ' Bash ',
];

/** Entries that approve nothing: blank or wildcard names the CLI drops, and names that match no tool. */
const approvesNothing = new Set(['', '  ', '*', 'mcp__*', 'Bash(', '(Bash)', 'bash']);

interface Combo {
  mode: (typeof modes)[number];
  callback: boolean;
  denies: boolean;
  allowed: string[];
}

/** mulberry32: the same lists on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function combos(): Combo[] {
  const next = random(17);
  const lists: string[][] = [[], ...entryPool.map((entry) => [entry])];
  // Every entry alone, then lists of two to five entries drawn from the pool (the SDK names each entry it warns about).
  const singles = lists.length;
  while (lists.length < singles + 10) lists.push(Array.from({ length: 2 + Math.floor(next() * 4) }, () => entryPool[Math.floor(next() * entryPool.length)]!));
  return modes.flatMap((mode) => [true, false].flatMap((callback) => [true, false].flatMap((denies) => lists.map((allowed) => ({ mode, callback, denies, allowed })))));
}

/** The options as code, one option and one entry a line; where each mode and entry is written. */
function written(combo: Combo): { text: string; modeLine?: number; listLine?: number; entryLines: Map<number, string> } {
  const lines = ["import { query } from '@anthropic-ai/claude-agent-sdk';", "const canUseTool = async () => ({ behavior: 'deny' as const, message: 'no' });", "query({ prompt: 'x', options: {"];
  let modeLine: number | undefined;
  if (combo.mode) {
    lines.push(`  permissionMode: '${combo.mode}',`);
    modeLine = lines.length;
  }
  if (combo.callback) lines.push('  canUseTool,');
  if (combo.denies) lines.push("  disallowedTools: ['Bash(rm *)'],");
  const entryLines = new Map<number, string>();
  let listLine: number | undefined;
  if (combo.allowed.length > 0) {
    lines.push('  allowedTools: [');
    listLine = lines.length;
    for (const entry of combo.allowed) {
      lines.push(`    ${JSON.stringify(entry)},`);
      entryLines.set(lines.length, entry);
    }
    lines.push('  ],');
  }
  lines.push('} });', '');
  return { text: lines.join('\n'), ...(modeLine ? { modeLine } : {}), ...(listLine ? { listLine } : {}), entryLines };
}

/** What the SDK says of `combo`: nothing, the mode, or the entries it names. */
async function sdkWarning(combo: Combo): Promise<string | undefined> {
  const warnings: string[] = [];
  const spy = vi.spyOn(process, 'emitWarning').mockImplementation((warning, options) => {
    const code = typeof options === 'object' ? options?.code : undefined;
    if (code === 'CLAUDE_SDK_CAN_USE_TOOL_SHADOWED') warnings.push(String(warning));
  });
  try {
    const options: Options = {
      ...(combo.mode ? { permissionMode: combo.mode } : {}),
      ...(combo.callback ? { canUseTool: async () => ({ behavior: 'deny' as const, message: 'no' }) } : {}),
      ...(combo.denies ? { disallowedTools: ['Bash(rm *)'] } : {}),
      allowedTools: combo.allowed,
      spawnClaudeCodeProcess: fakeClaudeProcess,
      cwd: work,
    };
    query({ prompt: 'x', options }).close();
  } finally {
    spy.mockRestore();
  }
  expect(warnings.length).toBeLessThanOrEqual(1);
  return warnings[0];
}

/** The reasons toolgate reports beyond the SDK's warning, by rule and by what the finding sits on. */
function beyondTheWarning(finding: Finding, combo: Combo, on: { mode?: string; list?: true; entry?: string }): string | undefined {
  const { ruleId } = finding;
  if (ruleId === 'valid-permission-rule') return 'an entry the CLI drops or matches nothing with';
  if (on.mode === 'bypassPermissions' && ruleId === 'no-bypass-without-disallowed-tools' && !combo.denies) return 'bypass with no deny rules';
  if (on.list && combo.mode === 'bypassPermissions' && ruleId === 'no-bypass-without-disallowed-tools') return 'an allow list does not limit bypass';
  if (on.entry !== undefined && ruleId === 'no-bare-allowed-tools') return 'a whole side-effecting tool, with or without a callback';
  if (!combo.callback) return undefined;
  if (on.mode && ruleId === 'no-shadowed-can-use-tool' && ['acceptEdits', 'dontAsk'].includes(on.mode)) return `'${on.mode}' also decides before the callback`;
  if (on.entry?.includes('(') && ruleId === 'no-shadowed-can-use-tool') return 'a specifier that matches every call (the SDK skips entries with parentheses)';
  return undefined;
}

const work = mkdtempSync(path.join(tmpdir(), 'toolgate-shadowed-'));
const all = combos();
const warnings: Array<string | undefined> = [];
let findingsByFile = new Map<string, Finding[]>();

beforeAll(async () => {
  const previousHome = process.env.HOME;
  process.env.HOME = path.join(work, 'home');
  mkdirSync(process.env.HOME);
  try {
    for (const combo of all) warnings.push(await sdkWarning(combo));
  } finally {
    process.env.HOME = previousHome;
  }
  mkdirSync(path.join(work, 'agents'));
  all.forEach((combo, index) => writeFileSync(path.join(work, 'agents', `combo-${index}.ts`), written(combo).text));
  const { findings } = await scan({ cwd: path.join(work, 'agents'), configFile: false });
  findingsByFile = new Map();
  for (const finding of findings) findingsByFile.set(finding.path, [...(findingsByFile.get(finding.path) ?? []), finding]);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the SDK's CLAUDE_SDK_CAN_USE_TOOL_SHADOWED warning", () => {
  it('is checked on at least 500 option combinations, and warns on some and not others', () => {
    expect(all.length).toBeGreaterThanOrEqual(500);
    expect(all.filter((combo) => combo.allowed.length > 1).length).toBeGreaterThan(100);
    expect(warnings.filter(Boolean).length).toBeGreaterThan(100);
    expect(warnings.filter((warning) => !warning).length).toBeGreaterThan(100);
  });

  it('names exactly the entries toolgate expects it to (non-empty, no parenthesis), or the bypass mode', () => {
    const wrong = all.flatMap((combo, index) => {
      const named = combo.allowed.filter((entry) => entry.length > 0 && !entry.includes('('));
      const expected = !combo.callback
        ? undefined
        : combo.mode === 'bypassPermissions'
          ? 'bypass'
          : named.length > 0
            ? `canUseTool will not be invoked for: ${named.join(', ')}. `
            : undefined;
      const warning = warnings[index];
      const agrees = expected === 'bypass' ? warning?.includes("permissionMode 'bypassPermissions'") : expected === undefined ? warning === undefined : warning?.startsWith(expected);
      return agrees ? [] : [`combo-${index}: expected ${expected ?? 'no warning'}, the SDK said ${warning ?? 'nothing'}`];
    });
    expect(wrong).toEqual([]);
  });

  it('toolgate reports every mode and entry the SDK warns about, and adds only the listed reasons', () => {
    const wrong: string[] = [];
    all.forEach((combo, index) => {
      const file = `combo-${index}.ts`;
      const { modeLine, listLine, entryLines } = written(combo);
      const findings = findingsByFile.get(file) ?? [];
      const at = (line: number) => findings.filter((finding) => finding.line === line);
      const warning = warnings[index];
      if (warning?.includes("permissionMode 'bypassPermissions'") && at(modeLine!).length === 0) wrong.push(`${file}: bypass warned, not reported`);
      const warnedEntries = warning?.startsWith('canUseTool will not be invoked for:') ? new Set(combo.allowed.filter((entry) => entry.length > 0 && !entry.includes('('))) : new Set<string>();
      for (const [line, entry] of entryLines) {
        if (warnedEntries.has(entry) && at(line).length === 0) wrong.push(`${file}:${line} ${JSON.stringify(entry)} warned, not reported`);
        // The SDK warns about these too, but the CLI drops them or reads a name that matches no tool: toolgate says so instead.
        const misread = at(line).filter((finding) => finding.ruleId !== 'valid-permission-rule');
        if (approvesNothing.has(entry) && misread.length > 0) wrong.push(`${file}:${line} ${JSON.stringify(entry)} approves nothing, reported by ${misread.map((f) => f.ruleId).join(', ')}`);
      }
      for (const finding of findings) {
        const on = finding.line === modeLine ? { mode: combo.mode } : finding.line === listLine ? { list: true as const } : { entry: entryLines.get(finding.line) };
        const warned = (on.mode && warning?.includes("permissionMode 'bypassPermissions'")) || (on.entry !== undefined && warnedEntries.has(on.entry));
        if (warned || beyondTheWarning(finding, combo, on)) continue;
        wrong.push(`${file}:${finding.line} ${finding.ruleId}/${finding.messageId} on ${JSON.stringify(on)}: no reason`);
      }
    });
    expect(wrong).toEqual([]);
  });
});
