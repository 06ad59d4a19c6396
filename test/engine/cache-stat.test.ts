import { readFileSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSettled, racyMarginMs } from '../../src/engine/cache-stat.js';
import { sign } from '../../src/engine/cache-secret.js';
import { cacheTree } from '../support/cache-tree.js';
import { scan } from '../support/scan.js';

// `--cache` trusting a file's stat (size, mtime, ctime, inode) for its
// content, as git's index does: an unchanged file is not read again, and the
// prefilter's re-export pass is taken from the cache when no skipped file
// changed. These runs trust the stat of a file written a moment ago
// (`cacheRacyMarginMs: 0`); the last tests keep the real margin.

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const tree = {
  'src/agent.ts': [sdk, "import { tools } from './tools';", 'query({ prompt: "hi", options: { allowedTools: tools } });', ''].join('\n'),
  'src/tools.ts': "export const tools = ['Bash'];\n",
  'src/plain.ts': 'export const answer = 42;\n',
  // Hands the SDK on: files that import it name no SDK package (the re-export pass finds them).
  'lib/sdk.ts': "export { query } from '@anthropic-ai/claude-agent-sdk';\n",
  'lib/relay.ts': 'export const relay = 1;\n',
  // Imports `query` through lib/relay.ts, which does not (yet) re-export it: nothing to check.
  'lib/user.ts': "import { query } from './relay';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n",
};

const folders = cacheTree('cache-stat', tree);
const write = (file: string, text: string): void => folders.write(file, text);

/**
 * A run trusting the stat of a file written a moment ago, or (`'real'`)
 * with toolgate's own margin. It starts a few milliseconds after the last
 * write: a file changed in the run's first millisecond is not settled even so.
 */
const run = async (margin: 0 | 'real' = 0) => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return scan({ cwd: folders.dir, configFile: false, cache: true, cacheKeyFolder: path.join(folders.home, 'toolgate'), ...(margin === 'real' ? {} : { cacheRacyMarginMs: margin }) });
};
const places = (result: Awaited<ReturnType<typeof run>>) => result.findings.map((finding) => `${finding.path}:${finding.line} ${finding.ruleId}`);

interface Stored {
  seen: Record<string, { stat: string; hash?: string }>;
  reExport?: { inputs: string; importers: unknown[] };
}

const cachePath = () => path.join(folders.dir, '.toolgatecache');
/** The signed JSON (the second line) and the skipped files' facts (the third, covered by its digest in the JSON). */
function readCache(): Stored {
  return JSON.parse(readFileSync(cachePath(), 'utf8').split('\n')[1]!) as Stored;
}
function readFacts(): Record<string, { imports?: string; marker?: false }> {
  return JSON.parse(readFileSync(cachePath(), 'utf8').split('\n')[2]!) as Record<string, { imports?: string; marker?: false }>;
}
function writeCache(data: unknown, facts?: string): void {
  const body = JSON.stringify(data);
  const key = Buffer.from(readFileSync(path.join(folders.home, 'toolgate/cache-key'), 'utf8'), 'hex');
  writeFileSync(cachePath(), `toolgate-cache ${sign(key, body)}\n${body}${facts === undefined ? '' : `\n${facts}`}`);
}

describe('scan --cache trusting stat', () => {
  it('keeps the stat of every file it read, a skipped file without a hash, and the re-export pass', async () => {
    const first = await run();
    expect(first.stats).toMatchObject({ files: 6, analysed: 2, cached: 0, skipped: 4 });
    const stored = readCache();
    expect(Object.keys(stored.seen).sort()).toEqual(Object.keys(tree).sort());
    expect(stored.seen['src/plain.ts']!.hash).toBeUndefined();
    expect(stored.seen['src/agent.ts']!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.seen['src/agent.ts']!.stat).toBe(signatureOf('src/agent.ts'));
    expect(stored.reExport?.importers).toEqual([]);

    const written = statSync(cachePath()).mtimeMs;
    const second = await run();
    expect(second.stats).toMatchObject({ files: 6, analysed: 0, cached: 2, skipped: 4 });
    expect(places(second)).toEqual(places(first));
    // Nothing changed, so the cache is not written again.
    expect(statSync(cachePath()).mtimeMs).toBe(written);
    expect(readCache()).toEqual(stored);
  });

  it('analyses a file rewritten in place with the same size and its mtime restored (its ctime moved)', async () => {
    // A whole second, so that `utimes` puts it back exactly.
    const mtime = new Date('2026-01-01T00:00:00Z');
    utimesSync(path.join(folders.dir, 'src/tools.ts'), mtime, mtime);
    const before = statSync(path.join(folders.dir, 'src/tools.ts'));
    const first = await run();
    expect(places(first)).toContain('src/tools.ts:1 no-bare-allowed-tools');
    write('src/tools.ts', "export const tools = ['Read'];\n");
    utimesSync(path.join(folders.dir, 'src/tools.ts'), mtime, mtime);
    const after = statSync(path.join(folders.dir, 'src/tools.ts'));
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    const second = await run();
    // The group of files that cross modules (src/agent.ts) is analysed again; lib/sdk.ts comes from the cache.
    expect(second.stats).toMatchObject({ analysed: 1, cached: 1 });
    expect(places(second)).not.toContain('src/tools.ts:1 no-bare-allowed-tools');
  });

  it('finds an unchanged skipped file that a changed skipped file now hands the SDK to', async () => {
    expect(places(await run())).toEqual(['src/tools.ts:1 no-bare-allowed-tools']);
    expect((await run()).stats).toMatchObject({ analysed: 0, cached: 2, skipped: 4 });
    write('lib/relay.ts', "export { query } from './sdk';\n");
    const third = await run();
    expect(places(third)).toEqual(['lib/user.ts:2 no-bare-allowed-tools', 'src/tools.ts:1 no-bare-allowed-tools']);
    expect(third.stats).toMatchObject({ files: 6, skipped: 2 });
    expect(readCache().reExport?.importers).toEqual(['lib/relay.ts', 'lib/user.ts']);
    // From the cache, importers and all.
    const fourth = await run();
    expect(places(fourth)).toEqual(places(third));
    expect(fourth.stats).toMatchObject({ files: 6, analysed: 0, cached: 4, skipped: 2 });
  });

  it('finds a skipped file that starts importing a module that re-exports the SDK', async () => {
    await run();
    write('src/plain.ts', "import { query } from '../lib/sdk';\nquery({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n");
    expect(places(await run())).toContain('src/plain.ts:2 no-bare-allowed-tools');
  });

  it('with one skipped file changed, answers the re-export pass from what it kept of the others, as a run without the cache does', async () => {
    // Nine modules that hand the SDK on: past eight names the pass reads each skipped file's imports (and keeps them).
    for (let i = 0; i < 9; i++) write(`lib/sdk${i}.ts`, "export { query } from '@anthropic-ai/claude-agent-sdk';\n");
    write('lib/plain.ts', 'export const none = 0;\n');
    await run();
    const kept = readFacts();
    expect(kept['lib/user.ts']!.imports?.split('\n')).toEqual([path.join(folders.dir, 'lib/relay'), path.join(folders.dir, 'lib/relay/index')].map((file) => file.split(path.sep).join('/')));
    expect(kept['lib/plain.ts']).toMatchObject({ marker: false });
    write('lib/relay.ts', "export { query } from './sdk3';\n");
    const warm = await run();
    expect(places(warm)).toContain('lib/user.ts:2 no-bare-allowed-tools');
    const cold = await scan({ cwd: folders.dir, configFile: false });
    expect(places(warm)).toEqual(places(cold));
    const { analysed, cached, ...counts } = warm.stats;
    const { analysed: analysedCold, ...countsCold } = cold.stats;
    expect(counts).toEqual(countsCold);
    expect(analysed + cached!).toBe(analysedCold);
  });

  describe('the skipped files\' facts, kept apart from the signed JSON', () => {
    // Nine modules that hand the SDK on: past eight names the pass reads each skipped file's imports (and keeps them).
    const withRelays = async () => {
      for (let i = 0; i < 9; i++) write(`lib/sdk${i}.ts`, "export { query } from '@anthropic-ai/claude-agent-sdk';\n");
      await run();
      expect(readFacts()['lib/user.ts']?.imports).toBeDefined();
    };
    const cold = async () => places(await scan({ cwd: folders.dir, configFile: false }));

    it('are not needed by a run where no skipped file changed: damaged, they are not noticed', async () => {
      await withRelays();
      const data = readCache();
      writeCache(data, '{"lib/user.ts": {"marker": false}}');
      const warm = await run();
      expect(warm.stats).toMatchObject({ analysed: 0, cached: 11 });
      expect(warm.notes ?? []).toEqual([]);
      expect(places(warm)).toEqual(await cold());
    });

    it('are not trusted when they do not match the digest the signed JSON holds: the skipped files are read, as on a first run', async () => {
      await withRelays();
      // Says lib/user.ts has no local import: trusted, the pass would miss it once lib/relay.ts hands the SDK on.
      writeCache(readCache(), JSON.stringify({ ...readFacts(), 'lib/user.ts': { marker: false } }));
      write('lib/relay.ts', "export { query } from './sdk3';\n");
      const warm = await run();
      expect(places(warm)).toContain('lib/user.ts:2 no-bare-allowed-tools');
      expect(places(warm)).toEqual(await cold());
      expect(warm.notes?.join('\n')).toMatch(/what it kept of the skipped files is damaged/);
      expect(readFacts()['lib/user.ts']?.imports).toBeDefined();
    });

    it('are carried over unread by a run that changes only a candidate, and still answer for the files later', async () => {
      await withRelays();
      const facts = readFacts();
      write('src/tools.ts', "export const tools = ['Read'];\n");
      expect((await run()).stats).toMatchObject({ analysed: 1 });
      expect(readFacts()).toEqual(facts);
      write('lib/relay.ts', "export { query } from './sdk3';\n");
      const warm = await run();
      expect(places(warm)).toContain('lib/user.ts:2 no-bare-allowed-tools');
      expect(places(warm)).toEqual(await cold());
    });
  });

  it('treats a damaged re-export entry or stat record as a miss', async () => {
    const first = await run();
    const data = readCache() as Stored & Record<string, unknown>;
    data.reExport = { inputs: data.reExport!.inputs, importers: [7] };
    data.seen['src/plain.ts'] = { stat: 12 } as never;
    writeCache(data);
    const second = await run();
    expect(places(second)).toEqual(places(first));
    expect(second.problems).toEqual([]);
    data.seen = 'gone' as never;
    writeCache(data);
    const third = await run();
    expect(third.stats.cached).toBe(0);
    expect(places(third)).toEqual(places(first));
  });

  it('with the real margin, keeps no stat of a file changed a moment before the run (it may change again within its timestamp granularity)', async () => {
    await run('real');
    expect(readCache().seen).toEqual({});
    // The results are kept by content hash all the same.
    expect((await run('real')).stats).toMatchObject({ analysed: 0, cached: 2 });
  });
});

describe('isSettled', () => {
  const started = 1_800_000_000_000;
  const stats = (mtimeMs: number, ctimeMs: number, file = true) => ({ mtimeMs, ctimeMs, isFile: () => file }) as Stats;

  it('trusts a regular file whose mtime and ctime are both older than the margin before the run', () => {
    expect(isSettled(stats(started - racyMarginMs - 1, started - racyMarginMs - 1), started)).toBe(true);
    expect(isSettled(stats(started - racyMarginMs - 1, started - racyMarginMs - 1, false), started)).toBe(false);
  });

  it('does not trust a file changed within the margin, by mtime or by ctime (a restored mtime)', () => {
    expect(isSettled(stats(started - 1, started - racyMarginMs - 1), started)).toBe(false);
    expect(isSettled(stats(started - racyMarginMs - 1, started - 1), started)).toBe(false);
    expect(isSettled(stats(started - racyMarginMs - 1, started - racyMarginMs), started)).toBe(false);
  });
});

function signatureOf(file: string): string {
  const stats = statSync(path.join(folders.dir, file));
  return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`;
}
