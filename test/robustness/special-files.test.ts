import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxFileBytes, readBytes, ReadRefused } from '../../src/engine/read-source.js';
import { scan } from '../support/scan.js';
import { badAgent, cli, sdkImport, tree } from './support.js';

// Every file toolgate reads goes through one reader: a link (which git can
// commit) to a device or a FIFO where a `.gitignore`, a settings file, a
// config file, a hook script or the cache should be is refused, never read
// until memory runs out or the scan hangs.

const specials = ['/dev/zero', '/dev/stdin'];

function withFifo(root: string): string {
  const fifo = path.join(root, 'fifo');
  execFileSync('mkfifo', [fifo]);
  return fifo;
}

describe('the one reader', () => {
  it('refuses devices and FIFOs, following links, and files over the limit', () => {
    const root = tree({ 'big.txt': 'x'.repeat(2048) });
    const targets = [...specials, withFifo(root)];
    for (const target of targets) {
      const link = path.join(root, `link-${path.basename(target)}`);
      symlinkSync(target, link);
      // `/dev/stdin` with no terminal may not even open (ENXIO): refused either way, never read.
      expect(() => readBytes(link)).toThrow(target === '/dev/stdin' ? /./ : ReadRefused);
    }
    expect(() => readBytes(path.join(root, 'big.txt'), 1024)).toThrow(/larger than/);
    expect(readBytes(path.join(root, 'big.txt'), 4096).length).toBe(2048);
    expect(maxFileBytes).toBeGreaterThan(1024 * 1024);
  });

  it.each([...specials, 'fifo'])('scans a tree whose .gitignore, settings, config and cache are links to %s', async (target) => {
    const root = tree({ 'src/agent.ts': badAgent });
    const to = target === 'fifo' ? withFifo(root) : target;
    mkdirSync(path.join(root, '.claude'), { recursive: true });
    for (const file of ['.gitignore', '.claude/settings.json', '.claude/settings.local.json', 'toolgate.config.json', 'cache']) {
      symlinkSync(to, path.join(root, file));
    }
    const result = await scan({ cwd: root, configFile: false, cache: true, cacheLocation: 'cache' });
    expect(result.findings.map((finding) => finding.path)).toContain('src/agent.ts');
    const withConfig = scan({ cwd: root, cache: false });
    await expect(withConfig).rejects.toThrow(/Cannot read .*toolgate\.config\.json/);
  });

  it.each(['/dev/zero', 'fifo', 'oversize'])('reports a hook script that is there but refused (%s) as not checked, without reading it', async (target) => {
    const root = tree({
      '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'bash ./hook.sh' }] }] } }),
    });
    const script = path.join(root, 'hook.sh');
    if (target === 'oversize') {
      writeFileSync(script, '');
      execFileSync('truncate', ['-s', String(maxFileBytes + 1), script]);
    } else symlinkSync(target === 'fifo' ? withFifo(root) : target, script);
    const result = await scan({ cwd: root, configFile: false });
    // A regular file is also a shell script of the tree (a link is not followed): too large to read, it is not checked either.
    const asScript = target === 'oversize' ? [expect.objectContaining({ path: 'hook.sh', kind: 'read', message: expect.stringContaining('larger than 32 MiB') })] : [];
    expect(result.problems).toEqual([
      {
        path: '.claude/settings.json',
        kind: 'read',
        message: target === 'oversize' ? 'Cannot read the hook script hook.sh: it is larger than 32 MiB, the most toolgate reads' : 'Cannot read the hook script hook.sh: it is not a regular file (a device, FIFO or socket)',
      },
      ...asScript,
    ]);
    expect(result.stats).toMatchObject(target === 'oversize' ? { files: 2, failed: 2 } : { files: 1, failed: 1 });
    expect(existsSync(script)).toBe(true);
  });

  it('still takes a hook script that is not there for absent: no problem', async () => {
    const root = tree({
      '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'bash ./hook.sh' }] }] } }),
    });
    const result = await scan({ cwd: root, configFile: false });
    expect(result.problems).toEqual([]);
  });

  it('reports the settings file that applies to agent code when it is refused, and exits 2', async () => {
    const root = tree({ 'src/agent.ts': badAgent });
    mkdirSync(path.join(root, '.claude'));
    symlinkSync('/dev/zero', path.join(root, '.claude/settings.local.json'));
    // Not scanned itself (outside the paths given): read only as the settings of src/agent.ts.
    const result = await scan({ cwd: root, configFile: false, paths: ['src'] });
    expect(result.problems).toEqual([
      { path: '.claude/settings.local.json', kind: 'read', message: 'Cannot read file: it is not a regular file (a device, FIFO or socket)' },
    ]);
    const run = await cli(root, 'scan', 'src');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.claude/settings.local.json: Cannot read file: it is not a regular file');
  });

  it.each(['/dev/zero', 'fifo'])('reads a tsconfig.json and a baseline that are links to %s through the one reader: refused, never read', async (target) => {
    const root = tree({
      'src/agent.ts': `${sdkImport}import { tools } from './tools';\nquery({ prompt: 'x', options: { allowedTools: tools } });\n`,
      'src/tools.ts': "export const tools = ['Bash'];\n",
    });
    const to = target === 'fifo' ? withFifo(root) : target;
    symlinkSync(to, path.join(root, 'tsconfig.json'));
    symlinkSync(to, path.join(root, 'baseline.json'));
    // Imports are still followed, with the default compiler options.
    const result = await scan({ cwd: root, configFile: false });
    expect(result.findings.map((finding) => `${finding.path}:${finding.line}`)).toEqual(['src/tools.ts:1']);
    const run = await cli(root, 'scan', '--baseline', 'baseline.json');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Cannot read the baseline file .*baseline\.json: Cannot read file: it is not a regular file/);
  });

  it('reports a source over the size limit as not checked', async () => {
    const root = tree({});
    // Sparse: the size is what counts, nothing is written.
    const file = path.join(root, 'huge.ts');
    writeFileSync(file, '');
    execFileSync('truncate', ['-s', String(maxFileBytes + 1), file]);
    const result = await scan({ cwd: root, configFile: false });
    expect(result.problems).toEqual([expect.objectContaining({ path: 'huge.ts', kind: 'read', message: expect.stringMatching(/larger than 32 MiB/) })]);
  });
});
