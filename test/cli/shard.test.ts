import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support.js';

// `--shard` through the real CLI: every file is checked by exactly one shard,
// and the shards' SARIF results together are the full scan's.

interface SarifLog {
  runs: Array<{
    automationDetails?: { id: string };
    results: Array<{
      ruleId: string;
      message: { text: string };
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }>;
      partialFingerprints: Record<string, string>;
    }>;
    invocations: Array<{ toolExecutionNotifications: Array<{ message: { text: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }> }>;
  }>;
}

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function makeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolgate-shard-'));
  temporary.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Each result as one line: rule, place, fingerprint and message, so equal lines are the same finding. */
async function sarifResults(cwd: string, ...flags: string[]): Promise<{ results: string[]; category?: string }> {
  const { stdout } = await runCli(['scan', '--no-config', '--format', 'sarif', ...flags], { cwd });
  const [run] = (JSON.parse(stdout) as SarifLog).runs;
  const results = run!.results.map((result) => {
    const { artifactLocation, region } = result.locations[0]!.physicalLocation;
    const at = `${artifactLocation.uri}:${region.startLine}:${region.startColumn}-${region.endLine}:${region.endColumn}`;
    return `${at} ${result.ruleId} ${result.partialFingerprints['toolgate/v1']} ${result.message.text}`;
  });
  // Files that could not be checked (fixtures/modules has a broken import on purpose) count as results too.
  const problems = run!.invocations[0]!.toolExecutionNotifications.map(
    (note) => `${note.locations[0]!.physicalLocation.artifactLocation.uri} problem ${note.message.text}`,
  );
  return { results: [...results, ...problems], ...(run!.automationDetails ? { category: run!.automationDetails.id } : {}) };
}

async function summary(cwd: string, ...flags: string[]): Promise<{ files: number; analysed: number; skipped: number; failed: number; shard: string | null }> {
  const { stdout } = await runCli(['scan', '--no-config', '--format', 'json', ...flags], { cwd });
  return (JSON.parse(stdout) as { summary: { files: number; analysed: number; skipped: number; failed: number; shard: string | null } }).summary;
}

/** The results of every shard of `count`, in shard order. */
async function shards(cwd: string, count: number): Promise<Array<{ results: string[]; category?: string }>> {
  const parts = [];
  for (let index = 1; index <= count; index++) parts.push(await sarifResults(cwd, '--shard', `${index}/${count}`));
  return parts;
}

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";

/** Agents that each import one shared base from a module, plus agents on their own. */
function crossModuleTree(agents: number): Record<string, string> {
  const files: Record<string, string> = {
    'src/shared/base.ts': "export const base = { allowedTools: ['Bash'], permissionMode: 'bypassPermissions' as const };\n",
  };
  for (let i = 0; i < agents; i++) {
    files[`src/agents/agent-${i}.ts`] = [sdk, "import { base } from '../shared/base';", `query({ prompt: 'task ${i}', options: { ...base, allowedTools: ['Write', ...base.allowedTools] } });`, ''].join('\n');
    files[`src/solo/solo-${i}.ts`] = [sdk, `query({ prompt: 'solo ${i}', options: { allowedTools: ['Edit'] } });`, ''].join('\n');
  }
  return files;
}

describe('scan --shard', () => {
  it.each([['0/2'], ['3/2'], ['a/b'], ['1/0'], ['2'], ['1/2/3'], ['-1/2'], ['']])('rejects --shard %j with exit 2 and a clear message', async (value) => {
    const { code, stderr, stdout } = await runCli(['scan', '--shard', value, 'fixtures/example']);
    expect(code).toBe(2);
    expect(stderr).toContain(`error: option '--shard <i/n>' argument '${value}' is invalid. Expected <index>/<count> with 1 <= index <= count, e.g. 1/4.`);
    expect(stdout).toBe('');
  });

  it.each([['fixtures/example'], ['fixtures/modules'], ['fixtures/settings-code']])(
    'the shards of %s together report exactly the full scan, each file in one shard',
    async (fixture) => {
      const cwd = path.join(repoRoot, fixture);
      const full = await sarifResults(cwd);
      const whole = await summary(cwd);
      for (const count of [2, 3, 5]) {
        const parts = await shards(cwd, count);
        const union = new Set(parts.flatMap((part) => part.results));
        expect([...full.results].filter((result) => !union.has(result))).toEqual([]);
        // The documented limit: a settings entry is no-shadowed-can-use-tool's in the shards of the code that loads
        // the file, and no-bare-allowed-tools's in the settings file's shard when that has none of the code.
        const at = (result: string) => result.split(' ')[0]!;
        const shadowed = new Set(full.results.filter((result) => result.includes(' no-shadowed-can-use-tool ')).map(at));
        for (const beyond of [...union].filter((result) => !full.results.includes(result))) {
          expect(beyond).toContain(' no-bare-allowed-tools ');
          expect(shadowed).toContain(at(beyond));
        }
        const counted = await Promise.all(parts.map((_, index) => summary(cwd, '--shard', `${index + 1}/${count}`)));
        // Every file is counted by exactly one shard.
        for (const key of ['files', 'failed'] as const) {
          expect(counted.reduce((sum, part) => sum + part[key], 0)).toBe(whole[key]);
        }
        // A module that imports a wrapper or re-exporter in another shard names no SDK: its shard skips it.
        expect(counted.reduce((sum, part) => sum + part.analysed + part.skipped, 0)).toBe(whole.analysed + whole.skipped);
        expect(counted.map((part) => part.shard)).toEqual(parts.map((_, index) => `${index + 1}/${count}`));
      }
    },
  );

  it('reports a value shared across shards in each of them, identically, so uploads merge into one alert', async () => {
    const cwd = makeTree(crossModuleTree(8));
    const full = await sarifResults(cwd);
    const parts = await shards(cwd, 4);
    const union = parts.flatMap((part) => part.results);
    expect(new Set(union)).toEqual(new Set(full.results));
    // Findings in a file's own code come from its own shard only.
    const own = union.filter((result) => !result.startsWith('src/shared/'));
    expect(own).toHaveLength(new Set(own).size);
    expect(own.filter((result) => result.startsWith('src/solo/'))).toHaveLength(8);
    // The shared base is reported by every shard with an agent importing it, with the same fingerprint.
    const shared = full.results.filter((result) => result.startsWith('src/shared/'));
    expect(shared.length).toBeGreaterThan(0);
    const sharing = parts.filter((part) => part.results.some((result) => result.startsWith('src/agents/')));
    expect(sharing.length).toBeGreaterThan(1);
    for (const part of sharing) expect(part.results.filter((result) => result.startsWith('src/shared/'))).toEqual(shared);
  });

  it('keeps every file in its shard when files are added', async () => {
    const files = crossModuleTree(6);
    const cwd = makeTree(files);
    const ownerOf = async (): Promise<Map<string, number>> => {
      const owners = new Map<string, number>();
      (await shards(cwd, 3)).forEach((part, index) => {
        for (const result of part.results) if (result.startsWith('src/solo/')) owners.set(result.split(':')[0]!, index + 1);
      });
      return owners;
    };
    const before = await ownerOf();
    expect(before.size).toBe(6);
    for (let i = 6; i < 20; i++) {
      writeFileSync(path.join(cwd, `src/solo/solo-${i}.ts`), `${sdk}\nquery({ prompt: 'more', options: { allowedTools: ['Edit'] } });\n`);
    }
    writeFileSync(path.join(cwd, 'src/aaa-first.ts'), `${sdk}\nquery({ prompt: 'first', options: {} });\n`);
    const after = await ownerOf();
    expect(after.size).toBe(20);
    for (const [file, shard] of before) expect(after.get(file)).toBe(shard);
    expect(new Set(after.values()).size).toBe(3);
  });

  it('names each shard in its SARIF run, so code scanning keeps the uploads apart', async () => {
    const cwd = path.join(repoRoot, 'fixtures/example');
    expect((await sarifResults(cwd)).category).toBeUndefined();
    const categories = (await shards(cwd, 3)).map((part) => part.category);
    expect(categories).toEqual(['toolgate/shard-1-of-3/', 'toolgate/shard-2-of-3/', 'toolgate/shard-3-of-3/']);
  });

  it('says which shard it checked in the pretty summary', async () => {
    const { stdout } = await runCli(['scan', '--shard', '2/3'], { cwd: path.join(repoRoot, 'fixtures/example') });
    expect(stdout).toMatch(/^\d+ files? checked in shard 2\/3 \(\d+ analysed, \d+ skipped by prefilter, 0 failed\), \d+ ignored$/m);
  });

  it('works with --cache: a shard reuses its own results', async () => {
    const cwd = makeTree(crossModuleTree(4));
    const flags = ['--cache', '--shard', '1/2'];
    const first = await summary(cwd, ...flags);
    const { stdout } = await runCli(['scan', '--no-config', '--format', 'json', ...flags], { cwd });
    const second = (JSON.parse(stdout) as { summary: { analysed: number; cached: number } }).summary;
    expect(second).toMatchObject({ analysed: 0, cached: first.analysed });
  });
});
