import { escapeForTerminal } from './escape.js';

/**
 * The one line the bin prints when toolgate itself fails outside a scan. The
 * message can quote the scanned tree (a path in an error), so it is escaped
 * like every other line: control characters and line breaks as escapes, so
 * it can neither drive the terminal nor start a CI workflow command.
 */
export function fatalLine(error: unknown): string {
  return `toolgate: fatal: ${escapeForTerminal(error instanceof Error ? error.message : String(error))}\n`;
}
