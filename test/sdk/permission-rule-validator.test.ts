import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveSettings } from '@anthropic-ai/claude-agent-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';
import type { Finding } from '../../src/engine/findings.js';
import { settingsRuleRejection, type SettingsList } from '../../src/model/settings-validator.js';
import { rulePool } from './rule-pool.js';

/**
 * The SDK's own permission rule validator as the oracle: `resolveSettings()`
 * reads a project settings file with the same merge engine as the CLI and
 * drops every rule the validator rejects. Every pooled rule is written in
 * `allow`, `deny` and `ask`, one per line; what the SDK keeps and what
 * toolgate says of each line must agree.
 */
const lists: SettingsList[] = ['allow', 'deny', 'ask'];
const work = mkdtempSync(path.join(tmpdir(), 'toolgate-validator-'));
const firstLine = new Map<SettingsList, number>();

function writeSettings(): void {
  const lines = ['{', '  "permissions": {'];
  lists.forEach((list, index) => {
    lines.push(`    "${list}": [`);
    firstLine.set(list, lines.length + 1);
    rulePool.forEach((rule, at) => lines.push(`      ${JSON.stringify(rule)}${at === rulePool.length - 1 ? '' : ','}`));
    lines.push(index === lists.length - 1 ? '    ]' : '    ],');
  });
  lines.push('  }', '}', '');
  mkdirSync(path.join(work, 'project/.claude'), { recursive: true });
  writeFileSync(path.join(work, 'project/.claude/settings.json'), lines.join('\n'));
}

/** Where each line of the settings file is: its list and rule. */
function ruleAt(line: number): { list: SettingsList; rule: string } {
  for (const list of [...lists].reverse()) {
    const start = firstLine.get(list)!;
    if (line >= start) return { list, rule: rulePool[line - start]! };
  }
  throw new Error(`line ${line} holds no rule`);
}

/** valid-permission-rule's messages that say Claude Code rejects the rule (it is skipped), rather than that it matches nothing. */
const rejecting = new Set(['empty', 'malformed', 'emptyParentheses', 'mcpParentheses', 'wildcardInAllow', 'webFetchDomain', 'webSearchWildcard', 'colonStarNotBash', 'emptyPrefix', 'ambiguousEscape']);

let kept: Record<SettingsList, Set<string>>;
let findings: Finding[];

beforeAll(async () => {
  writeSettings();
  const home = path.join(work, 'home');
  mkdirSync(home);
  const previousHome = process.env.HOME;
  process.env.HOME = home;
  try {
    const resolved = await resolveSettings({ cwd: path.join(work, 'project'), settingSources: ['project'] });
    const permissions = (resolved.effective.permissions ?? {}) as Partial<Record<SettingsList, string[]>>;
    kept = { allow: new Set(permissions.allow), deny: new Set(permissions.deny), ask: new Set(permissions.ask) };
  } finally {
    process.env.HOME = previousHome;
  }
  ({ findings } = await scan({ cwd: path.join(work, 'project'), configFile: false }));
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the SDK's permission rule validator", () => {
  it('drops some of the pooled rules and keeps others in every list (the oracle is live)', () => {
    for (const list of lists) {
      expect(kept[list].size).toBeGreaterThan(50);
      expect(kept[list].size).toBeLessThan(rulePool.length - 50);
    }
  });

  it('rejects exactly the rules toolgate’s copy of it rejects, in every list', () => {
    const disagreements = lists.flatMap((list) =>
      rulePool.filter((rule) => (settingsRuleRejection(rule, list) !== undefined) === kept[list].has(rule)).map((rule) => `${list} ${JSON.stringify(rule)}: ${settingsRuleRejection(rule, list)?.error ?? 'kept by toolgate'}`),
    );
    expect(disagreements).toEqual([]);
  });

  it('valid-permission-rule reports every rule the SDK drops, and says "rejects" only of those', () => {
    const byLine = new Map<number, Finding[]>();
    for (const finding of findings) byLine.set(finding.line, [...(byLine.get(finding.line) ?? []), finding]);
    const wrong: string[] = [];
    for (const list of lists) {
      rulePool.forEach((rule, index) => {
        const line = firstLine.get(list)! + index;
        const here = byLine.get(line) ?? [];
        const validity = here.filter((finding) => finding.ruleId === 'valid-permission-rule');
        const dropped = !kept[list].has(rule);
        if (dropped && validity.length === 0) wrong.push(`${list} ${JSON.stringify(rule)}: dropped by the SDK, not reported`);
        if (!dropped && validity.some((finding) => rejecting.has(finding.messageId))) wrong.push(`${list} ${JSON.stringify(rule)}: kept by the SDK, reported as ${validity.map((f) => f.messageId).join(', ')}`);
        // A rule the SDK drops approves, blocks and asks nothing: no other rule speaks of it.
        const others = here.filter((finding) => finding.ruleId !== 'valid-permission-rule');
        if (dropped && others.length > 0) wrong.push(`${list} ${JSON.stringify(rule)}: dropped by the SDK, reported by ${others.map((f) => f.ruleId).join(', ')}`);
      });
    }
    for (const finding of findings) ruleAt(finding.line);
    expect(wrong).toEqual([]);
  });
});
