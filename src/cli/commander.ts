import { createRequire } from 'node:module';

/**
 * commander, required as the CommonJS module it is: imported as an ES
 * module it is loaded through Node.js's wrapper, which first parses its
 * files for their export names (about 7 ms of every run's start-up).
 */
const commander = createRequire(import.meta.url)('commander') as typeof import('commander');

export const { Command, CommanderError, InvalidArgumentError, Option } = commander;
export type Command = import('commander').Command;
