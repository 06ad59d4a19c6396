import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sign } from '../../src/engine/cache-secret.js';
import { cacheTree } from '../support/cache-tree.js';
import { scan } from '../support/scan.js';
import { runCli } from './support.js';

// `--cache` through the real CLI on real temporary trees: the summary's
// counts say what was analysed again and what came from the cache.

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const tree = {
  // Imports its options' tools from a module: analysed in the project pass.
  'src/agent.ts': [sdk, "import { tools } from './tools';", 'query({ prompt: "hi", options: { allowedTools: tools } });', ''].join('\n'),
  'src/tools.ts': "export const tools = ['Bash'];\n",
  // On its own; gated by canUseTool, so the project's settings matter to it.
  'src/single.ts': [sdk, 'query({ prompt: "hi", options: { canUseTool: async () => ({ behavior: "deny", message: "no" }) } });', ''].join('\n'),
  'src/plain.ts': 'export const answer = 42;\n',
  '.claude/settings.json': '{ "permissions": { "allow": ["Write"] } }\n',
};

interface Summary {
  files: number;
  analysed: number;
  cached: number;
  skipped: number;
  failed: number;
}

const folders = cacheTree('cache', tree);
const write = (file: string, text: string): void => folders.write(file, text);

async function scanJson(...flags: string[]) {
  return scanJsonAs(folders.home, ...flags);
}

/** A run by the user whose toolgate folder is under `userHome`. */
async function scanJsonAs(userHome: string, ...flags: string[]) {
  const { code, stdout, stderr } = await runCli(['scan', '--format', 'json', ...flags], { cwd: folders.dir, env: { XDG_CACHE_HOME: userHome } });
  const report = JSON.parse(stdout) as {
    summary: Summary;
    findings: Array<{ ruleId: string; path: string; line: number; message: string; related: Array<{ path: string }> }>;
  };
  // A settings entry's finding is in the settings file; the code it affects is among its related places.
  const affects = (f: { related: Array<{ path: string }> }) => f.related.map((place) => ` affects ${place.path}`).join('');
  return { code, stderr, summary: report.summary, findings: report.findings.map((f) => `${f.path}:${f.line} ${f.ruleId} ${f.message}${affects(f)}`) };
}

const cachePath = () => path.join(folders.dir, '.toolgatecache');
const keyOf = (userHome: string) => Buffer.from(readFileSync(path.join(userHome, 'toolgate/cache-key'), 'utf8'), 'hex');

/** The cache's JSON (its second line, after the signature; the third holds the skipped files' facts), whatever its signature. */
function readCache<T>(): T {
  return JSON.parse(readFileSync(cachePath(), 'utf8').split('\n')[1]!) as T;
}

/** Write the cache's JSON signed with the key of `userHome`'s user, as toolgate would. */
function writeCache(data: unknown, userHome = folders.home): void {
  const body = JSON.stringify(data);
  writeFileSync(cachePath(), `toolgate-cache ${sign(keyOf(userHome), body)}\n${body}`);
}

const counts = ({ files, analysed, cached, skipped, failed }: Summary) => ({ files, analysed, cached, skipped, failed });

describe('scan --cache', () => {
  it('analyses nothing unchanged on the second run, with the same findings', async () => {
    const first = await scanJson('--cache');
    expect(counts(first.summary)).toEqual({ files: 5, analysed: 3, cached: 0, skipped: 2, failed: 0 });
    expect(existsSync(path.join(folders.dir, '.toolgatecache'))).toBe(true);
    expect(first.findings.some((finding) => finding.startsWith('src/tools.ts:1 no-bare-allowed-tools'))).toBe(true);

    const second = await scanJson('--cache');
    expect(counts(second.summary)).toEqual({ files: 5, analysed: 0, cached: 3, skipped: 2, failed: 0 });
    expect(second.findings).toEqual(first.findings);
    expect(second.code).toBe(first.code);
    expect(second.stderr).toBe('');
  });

  it('gives back every field of a finding unchanged: places, fingerprints, suppressions, suggestions', async () => {
    write('src/single.ts', `${sdk}\n// toolgate-disable-next-line no-bare-allowed-tools -- reviewed\nquery({ prompt: "hi", options: { allowedTools: ['Bash'] } });\n`);
    const first = await scan({ cwd: folders.dir, cache: true, cacheKeyFolder: path.join(folders.home, 'toolgate'), strict: true });
    const second = await scan({ cwd: folders.dir, cache: true, cacheKeyFolder: path.join(folders.home, 'toolgate'), strict: true });
    expect(second.stats.analysed).toBe(0);
    expect(second.findings).toEqual(first.findings);
    expect(second.suppressed).toEqual(first.suppressed);
    expect(second.suppressed).toHaveLength(1);
  });

  it('without --cache reads and writes no cache, and reports no cached count', async () => {
    await scanJson('--cache');
    const plain = await scanJson();
    expect(counts(plain.summary)).toEqual({ files: 5, analysed: 3, cached: 0, skipped: 2, failed: 0 });
    const pretty = await runCli(['scan'], { cwd: folders.dir });
    expect(pretty.stdout).not.toContain('from cache');
  });

  it('analyses a changed file again, and only it', async () => {
    await scanJson('--cache');
    write('src/single.ts', readFileSync(path.join(folders.dir, 'src/single.ts'), 'utf8') + '// edited\n');
    const second = await scanJson('--cache');
    expect(counts(second.summary)).toEqual({ files: 5, analysed: 1, cached: 2, skipped: 2, failed: 0 });
  });

  it('analyses an importer again when a module it imports changes', async () => {
    const first = await scanJson('--cache');
    write('src/tools.ts', "export const tools = ['Read'];\n");
    const second = await scanJson('--cache');
    expect(counts(second.summary)).toEqual({ files: 5, analysed: 1, cached: 2, skipped: 2, failed: 0 });
    expect(first.findings.filter((finding) => finding.startsWith('src/tools.ts'))).not.toEqual([]);
    expect(second.findings.filter((finding) => finding.startsWith('src/tools.ts'))).toEqual([]);
  });

  it('analyses the code a settings file applies to again when it changes, and no other', async () => {
    write('.claude/settings.json', '{ "permissions": { "allow": ["Bash"] } }\n');
    // Another project in the tree, with settings of its own.
    write('lib/.claude/settings.json', '{}\n');
    write('lib/agent.ts', `${sdk}\nquery({ prompt: "hi", options: {} });\n`);
    const first = await scanJson('--cache');
    expect(first.findings.filter((finding) => finding.endsWith(' affects src/single.ts'))).toHaveLength(1);
    write('.claude/settings.json', '{ "permissions": { "allow": ["Bash(npm test *)"] } }\n');
    const second = await scanJson('--cache');
    // The settings file and the two files of its project; lib/ and its settings are untouched.
    expect(counts(second.summary)).toEqual({ files: 7, analysed: 3, cached: 2, skipped: 2, failed: 0 });
    expect(second.findings.filter((finding) => finding.includes(' affects src/single.ts'))).toEqual([]);
  });

  it('analyses code again when a settings file appears where there was none', async () => {
    rmSync(path.join(folders.dir, '.claude'), { recursive: true });
    const first = await scanJson('--cache');
    expect(first.findings.filter((finding) => finding.includes(' affects src/single.ts'))).toEqual([]);
    write('src/.claude/settings.local.json', '{ "permissions": { "allow": ["Bash"] } }\n');
    const second = await scanJson('--cache');
    expect(counts(second.summary)).toEqual({ files: 5, analysed: 3, cached: 0, skipped: 2, failed: 0 });
    expect(second.findings.filter((finding) => finding.endsWith(' affects src/single.ts'))).toHaveLength(1);
  });

  it('analyses a settings file again when a hook script it runs appears or changes', async () => {
    const hooks = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '.claude/hooks/guard.sh' }] }] } };
    write('.claude/settings.json', JSON.stringify(hooks));
    await scanJson('--cache');
    // The script is a shell script of the tree too, passed over by the prefilter: it runs no claude command.
    write('.claude/hooks/guard.sh', '#!/bin/sh\nexit 2\n');
    expect(counts((await scanJson('--cache')).summary)).toEqual({ files: 6, analysed: 1, cached: 2, skipped: 3, failed: 0 });
    write('.claude/hooks/guard.sh', '#!/bin/sh\nexit 1\n');
    expect(counts((await scanJson('--cache')).summary)).toEqual({ files: 6, analysed: 1, cached: 2, skipped: 3, failed: 0 });
    expect(counts((await scanJson('--cache')).summary)).toEqual({ files: 6, analysed: 0, cached: 3, skipped: 3, failed: 0 });
  });

  it('reports a hook script that was absent and is now there but refused (a link to a device), never taking it from the cache', async () => {
    const hooks = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '.claude/hooks/guard.sh' }] }] } };
    write('.claude/settings.json', JSON.stringify(hooks));
    await scanJson('--cache');
    mkdirSync(path.join(folders.dir, '.claude/hooks'));
    symlinkSync('/dev/zero', path.join(folders.dir, '.claude/hooks/guard.sh'));
    const run = await scanJson('--cache');
    expect(run.code).toBe(2);
    expect(counts(run.summary)).toEqual({ files: 5, analysed: 0, cached: 2, skipped: 2, failed: 1 });
    expect(run.stderr).toContain('.claude/settings.json: Cannot read the hook script .claude/hooks/guard.sh: it is not a regular file');
  });

  it('keeps what --strict needs to judge suppression comments', async () => {
    write('src/single.ts', `${sdk}\n// toolgate-disable-next-line no-bare-allowed-tools\nquery({ prompt: "hi", options: {} });\n`);
    const first = await scanJson('--cache', '--strict');
    expect(first.findings.filter((finding) => finding.includes(' suppression '))).toHaveLength(2);
    const second = await scanJson('--cache', '--strict');
    expect(second.summary.cached).toBe(3);
    expect(second.findings).toEqual(first.findings);
  });

  it('keeps a result with a dated suppression for that day only', async () => {
    write('src/single.ts', `${sdk}\n// toolgate-disable-next-line no-bare-allowed-tools -- legacy, until 2026-06-30\nquery({ prompt: "hi", options: { allowedTools: ['Bash'] } });\n`);
    const day = (today: string) => scan({ cwd: folders.dir, cache: true, cacheKeyFolder: path.join(folders.home, 'toolgate'), today, rules: ['no-bare-allowed-tools'] });
    const inSingle = (result: Awaited<ReturnType<typeof day>>) => result.findings.filter((finding) => finding.path === 'src/single.ts');
    expect(inSingle(await day('2026-06-30'))).toEqual([]);
    expect((await day('2026-06-30')).stats.cached).toBe(3);
    const later = await day('2026-07-01');
    // Only the file with the dated comment is analysed again; now the suppression has expired.
    expect(later.stats).toMatchObject({ analysed: 1, cached: 2 });
    expect(inSingle(later).map((finding) => finding.line)).toEqual([3]);
  });

  it('uses nothing from the cache when the rules or their config change', async () => {
    await scanJson('--cache');
    expect((await scanJson('--cache', '--rule', 'no-bare-allowed-tools')).summary.cached).toBe(0);
    expect((await scanJson('--cache', '--rule', 'no-bare-allowed-tools')).summary.cached).toBe(3);
    write('toolgate.config.json', '{ "rules": { "no-bare-allowed-tools": ["error", { "allow": ["Bash"] }] } }\n');
    const configured = await scanJson('--cache', '--rule', 'no-bare-allowed-tools');
    expect(configured.summary.cached).toBe(0);
    expect(configured.findings.filter((finding) => finding.startsWith('src/tools.ts'))).toEqual([]);
  });

  it('ignores a cache written by another toolgate version, with a note', async () => {
    await scanJson('--cache');
    writeCache({ ...readCache<object>(), toolgate: '0.0.0-old' });
    const second = await scanJson('--cache');
    expect(second.summary.cached).toBe(0);
    expect(second.stderr).toContain('note: Ignoring the cache');
    expect(second.stderr).toContain('written by toolgate 0.0.0-old');
    expect((await scanJson('--cache')).summary.cached).toBe(3);
  });

  it.each([
    ['truncated', (text: string) => text.slice(0, text.length / 2)],
    ['not JSON', () => '\u0000\u0001 garbage'],
    ['another shape', () => '[1, 2, 3]'],
  ])('ignores a %s cache with a note and rewrites it, never failing the scan', async (_, damage) => {
    const first = await scanJson('--cache');
    const file = path.join(folders.dir, '.toolgatecache');
    writeFileSync(file, damage(readFileSync(file, 'utf8')));
    const second = await scanJson('--cache');
    expect(second.code).toBe(first.code);
    expect(second.findings).toEqual(first.findings);
    expect(second.summary.analysed).toBe(3);
    expect(second.stderr).toMatch(/^note: Ignoring the cache .*damaged/m);
    expect((await scanJson('--cache')).summary.cached).toBe(3);
  });

  it('treats damaged entries in a well-formed cache as misses', async () => {
    await scanJson('--cache');
    const data = readCache<{ files: Record<string, unknown>; groups?: unknown[] }>();
    data.files['src/single.ts'] = { hash: 1, deps: null };
    data.groups = ['broken'];
    writeCache(data);
    const second = await scanJson('--cache');
    expect(counts(second.summary)).toEqual({ files: 5, analysed: 2, cached: 1, skipped: 2, failed: 0 });
    // Well-formed entries whose results are not results.
    const written = readCache<{ files: Record<string, { stored: unknown }>; groups: Array<{ results: Record<string, unknown> }> }>();
    for (const entry of Object.values(written.files)) if ('result' in (entry.stored as object)) entry.stored = { result: { findings: 'none' } };
    for (const group of written.groups) for (const name of Object.keys(group.results)) group.results[name] = 7;
    writeCache(written);
    const third = await scanJson('--cache');
    expect(counts(third.summary)).toEqual({ files: 5, analysed: 3, cached: 0, skipped: 2, failed: 0 });
    expect(third.findings).toEqual((await scanJson()).findings);
  });

  it.each([
    ['findings that are not findings', (result: Record<string, unknown>) => void (result.findings = [7, null])],
    ['a finding of the wrong shape', (result: Record<string, unknown>) => void (result.findings = [{ ruleId: 3, line: 'one' }])],
    ['audit records of the wrong shape', (result: Record<string, unknown>) => void (result.audit = { comments: [1], used: [null] })],
  ])('treats a well-formed entry holding %s as a miss and rewrites it', async (_, damage) => {
    await scanJson('--cache');
    const data = readCache<{ files: Record<string, { stored: { result?: Record<string, unknown> } }> }>();
    for (const entry of Object.values(data.files)) if (entry.stored.result) damage(entry.stored.result);
    writeCache(data);
    const second = await scanJson('--cache');
    expect(second.code).toBe(1);
    expect(second.summary.failed).toBe(0);
    expect(second.findings).toEqual((await scanJson()).findings);
    expect((await scanJson('--cache')).summary.cached).toBe(3);
  });

  describe('a cache that came with the scanned tree', () => {
    /** What a planted cache says: "no findings" for every file, with a hash that matches each file's content. */
    const hideFindings = (data: { files: Record<string, { stored: { result?: { findings: unknown[] } } }>; groups?: Array<{ results: Record<string, { findings: unknown[] }> }> }) => {
      for (const entry of Object.values(data.files)) if (entry.stored.result) entry.stored.result.findings = [];
      for (const group of data.groups ?? []) for (const result of Object.values(group.results)) result.findings = [];
      return data;
    };

    it('is not trusted when signed with another key (another machine, or the attacker\'s own)', async () => {
      const attacker = mkdtempSync(path.join(tmpdir(), 'toolgate-cache-attacker-'));
      await scanJsonAs(attacker, '--cache');
      writeCache(hideFindings(readCache()), attacker);
      expect((await scanJsonAs(attacker, '--cache')).code).toBe(0);
      const victim = await scanJson('--cache');
      expect(victim.code).toBe(1);
      expect(victim.findings).toEqual((await scanJson()).findings);
      expect(counts(victim.summary)).toEqual({ files: 5, analysed: 3, cached: 0, skipped: 2, failed: 0 });
      expect(victim.stderr).toMatch(/^note: Ignoring the cache .*not signed with your toolgate key.*; it will be rewritten\.$/m);
      // Rewritten under the user's own key, and trusted from then on.
      expect((await scanJson('--cache')).summary.cached).toBe(3);
      rmSync(attacker, { recursive: true, force: true });
    });

    it('is not trusted unsigned, in the JSON layout of toolgate 0.1.0', async () => {
      await scanJson('--cache');
      writeFileSync(cachePath(), JSON.stringify({ ...hideFindings(readCache()), format: 1 }));
      const run = await scanJson('--cache');
      expect(run.code).toBe(1);
      expect(run.summary.cached).toBe(0);
      expect(run.stderr).toMatch(/^note: Ignoring the cache .*not a toolgate cache or is damaged/m);
    });

    it('is not trusted when one entry is edited after signing', async () => {
      await scanJson('--cache');
      const text = readFileSync(cachePath(), 'utf8');
      const newline = text.indexOf('\n');
      writeFileSync(cachePath(), text.slice(0, newline + 1) + JSON.stringify(hideFindings(readCache())));
      const run = await scanJson('--cache');
      expect(run.code).toBe(1);
      expect(run.summary.cached).toBe(0);
    });
  });

  it('keeps its key in the per-user folder, private, and uses no cache with a key others can read', async () => {
    await scanJson('--cache');
    const key = path.join(folders.home, 'toolgate/cache-key');
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(key)).mode & 0o777).toBe(0o700);
    expect(readdirSync(folders.dir).filter((name) => name.includes('key'))).toEqual([]);
    chmodSync(key, 0o644);
    const run = await scanJson('--cache');
    expect(counts(run.summary)).toEqual({ files: 5, analysed: 3, cached: 0, skipped: 2, failed: 0 });
    expect(run.stderr).toMatch(/^note: Not using the cache: its signing key cannot be kept in .*readable by you alone/m);
    expect(run.code).toBe(1);
  });

  it('writes its temporary file with exclusive create, never through a link planted there', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'toolgate-cache-outside-'));
    const victim = path.join(outside, 'victim');
    writeFileSync(victim, 'keep');
    for (let pid = 0; pid < 2; pid++) symlinkSync(victim, path.join(folders.dir, `.toolgatecache.${process.pid + pid}.tmp`));
    await scanJson('--cache');
    expect(readFileSync(victim, 'utf8')).toBe('keep');
    expect((await scanJson('--cache')).summary.cached).toBe(3);
    rmSync(outside, { recursive: true, force: true });
  });

  it('never keeps a file that failed: it fails again on the next run', async () => {
    write('src/broken.ts', `${sdk}\nquery({ prompt: "hi", options: { allowedTools: [ });\n`);
    const first = await scanJson('--cache');
    expect(first.code).toBe(2);
    const second = await scanJson('--cache');
    expect(second.code).toBe(2);
    expect(second.summary.failed).toBe(1);
    expect(second.stderr).toContain('src/broken.ts');
  });

  it('writes to --cache-location, a file or a folder, and not to the default place', async () => {
    await scanJson('--cache', '--cache-location', 'build/toolgate.cache');
    expect(existsSync(path.join(folders.dir, 'build/toolgate.cache'))).toBe(true);
    expect(existsSync(path.join(folders.dir, '.toolgatecache'))).toBe(false);
    expect((await scanJson('--cache', '--cache-location', 'build/toolgate.cache')).summary.cached).toBe(3);
    await scanJson('--cache', '--cache-location', 'tmp/');
    expect(existsSync(path.join(folders.dir, 'tmp/.toolgatecache'))).toBe(true);
  });

  it('notes an unwritable cache location and still reports the scan', async () => {
    write('blocker', 'a file where a folder should be');
    const result = await scanJson('--cache', '--cache-location', 'blocker/cache');
    expect(result.summary.analysed).toBe(3);
    expect(result.stderr).toMatch(/^note: Could not write the cache /m);
  });

  it('leaves no temporary file beside the cache', async () => {
    await scanJson('--cache');
    await scanJson('--cache');
    expect(readdirSync(folders.dir).filter((name) => name.includes('toolgatecache'))).toEqual(['.toolgatecache']);
  });

  it('says how many files came from the cache in the pretty summary', async () => {
    await scanJson('--cache');
    const { stdout } = await runCli(['scan', '--cache'], { cwd: folders.dir, env: { XDG_CACHE_HOME: folders.home } });
    expect(stdout).toMatch(/^5 files checked \(0 analysed, 3 from cache, 2 skipped by prefilter, 0 failed\), \d+ ignored$/m);
  });
});
