import type { Command } from 'commander';
import { Option } from './commander.js';
import type { InspectResult } from '../engine/inspect/index.js';
import { createColors, useColor } from './color.js';
import { withoutWorkflowCommands } from './escape.js';
import { ExitCode } from './exit-codes.js';
import type { FormatContext } from './formatters/index.js';
import { describeProblem } from './problem-line.js';
import type { CliIo } from './run.js';

// The inspect engine and its formatters are imported when `inspect` runs: every scan starts this CLI.
const inspectFormatters = {
  pretty: async () => (await import('./formatters/inspect-pretty.js')).formatInspectPretty,
  json: async () => (await import('./formatters/inspect-json.js')).formatInspectJson,
} satisfies Record<string, () => Promise<(result: InspectResult, context: FormatContext) => string>>;

type InspectFormatName = keyof typeof inspectFormatters;

interface InspectFlags {
  format: InspectFormatName;
  color?: boolean;
}

const inspectExitCodesHelp = `
Exit codes:
  0  the tables were printed
  2  usage error, internal error, or a file that could not be read,
     parsed or analysed (toolgate fails closed)
`;

/** `toolgate inspect [paths...]`: who decides each tool call of every agent configuration. */
export function addInspectCommand(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('inspect')
    .description('show who decides each tool call of every agent configuration, in the SDK\'s evaluation order')
    .argument('[paths...]', 'files or directories to inspect', ['.'])
    .addOption(new Option('--format <name>', 'output format').choices(Object.keys(inspectFormatters)).default('pretty'))
    .option('--color', 'force coloured output')
    .option('--no-color', 'disable coloured output')
    .addHelpText('after', inspectExitCodesHelp)
    .action(async (paths: string[], flags: InspectFlags) => done(await inspectCommand(paths, flags, io)));
}

async function inspectCommand(paths: string[], flags: InspectFlags, io: CliIo): Promise<number> {
  const [{ inspect }, { frontEnds }, format] = await Promise.all([import('../engine/inspect/index.js'), import('../frontends/registry.js'), inspectFormatters[flags.format]()]);
  const result = await inspect({ paths, cwd: io.cwd }, { frontEnds });
  const colors = createColors(useColor(flags.color, io.env, io.isTTY));
  io.stdout(withoutWorkflowCommands(format(result, { colors, cwd: io.cwd })));
  for (const problem of result.problems) io.stderr(`${describeProblem(problem)}\n`);
  // A table built from fewer files than asked for must not pass for the whole picture.
  return result.problems.length > 0 ? ExitCode.failure : ExitCode.clean;
}
