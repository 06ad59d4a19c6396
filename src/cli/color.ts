import { createRequire } from 'node:module';

// Required as the CommonJS module it is (no parse of it for export names).
const picocolors = createRequire(import.meta.url)('picocolors') as typeof import('picocolors');

export type Colors = ReturnType<typeof picocolors.createColors>;

/**
 * Whether to colour output. An explicit `--color`/`--no-color` wins; then
 * `FORCE_COLOR` (any value but `0`/`false` forces colour on, `0`/`false` off,
 * as Node.js reads it); then `NO_COLOR` (non-empty: off, per no-color.org);
 * then whether stdout is a terminal that is not `TERM=dumb`.
 */
export function useColor(flag: boolean | undefined, env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== 'dumb';
}

export function createColors(enabled: boolean): Colors {
  return picocolors.createColors(enabled);
}
