import { describe, expect, it } from 'vitest';
import { useColor } from '../../src/cli/color.js';
import { runCli } from './support.js';

describe('useColor', () => {
  it.each([
    // flag, env, isTTY, expected
    [true, { NO_COLOR: '1' }, false, true],
    [false, { FORCE_COLOR: '1' }, true, false],
    [undefined, { FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    [undefined, { FORCE_COLOR: '' }, false, true],
    [undefined, { FORCE_COLOR: '0' }, true, false],
    [undefined, { FORCE_COLOR: 'false' }, true, false],
    [undefined, { NO_COLOR: '1' }, true, false],
    [undefined, { NO_COLOR: '' }, true, true],
    [undefined, {}, true, true],
    [undefined, {}, false, false],
    [undefined, { TERM: 'dumb' }, true, false],
  ] as const)('flag %s, env %j, TTY %s → %s', (flag, env, isTTY, expected) => {
    expect(useColor(flag, env, isTTY)).toBe(expected);
  });
});

describe('colour in the CLI', () => {
  const coloured = (text: string) => text.includes('\u001b[');
  const clean = ['scan', 'fixtures/cli/clean'];

  it('is off when stdout is not a terminal', async () => {
    expect(coloured((await runCli(clean)).stdout)).toBe(false);
  });

  it('is on for a terminal', async () => {
    expect(coloured((await runCli(clean, { isTTY: true })).stdout)).toBe(true);
  });

  it('follows NO_COLOR and FORCE_COLOR', async () => {
    expect(coloured((await runCli(clean, { isTTY: true, env: { NO_COLOR: '1' } })).stdout)).toBe(false);
    expect(coloured((await runCli(clean, { env: { FORCE_COLOR: '1' } })).stdout)).toBe(true);
  });

  it('lets --color and --no-color win over the environment', async () => {
    expect(coloured((await runCli([...clean, '--color'], { env: { NO_COLOR: '1' } })).stdout)).toBe(true);
    expect(coloured((await runCli([...clean, '--no-color'], { isTTY: true, env: { FORCE_COLOR: '1' } })).stdout)).toBe(false);
  });

  it('never colours JSON', async () => {
    const { stdout } = await runCli([...clean, '--format', 'json', '--color']);
    expect(coloured(stdout)).toBe(false);
  });
});
