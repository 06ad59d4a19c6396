import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { SpawnedProcess } from '@anthropic-ai/claude-agent-sdk';

/**
 * A Claude Code process that is never started: `spawnClaudeCodeProcess`
 * returns this, so the SDK's real `query()` runs its option checks with no
 * process and no network. Killing it ends its output and reports an exit.
 */
export function fakeClaudeProcess(): SpawnedProcess {
  const events = new EventEmitter();
  const stdout = new PassThrough();
  let killed = false;
  return {
    stdin: new PassThrough(),
    stdout,
    get killed() {
      return killed;
    },
    exitCode: null,
    kill() {
      killed = true;
      stdout.end();
      events.emit('exit', 0, null);
      return true;
    },
    on: (event: string, listener: (...args: unknown[]) => void) => void events.on(event, listener),
    once: (event: string, listener: (...args: unknown[]) => void) => void events.once(event, listener),
    off: (event: string, listener: (...args: unknown[]) => void) => void events.off(event, listener),
  } as unknown as SpawnedProcess;
}
