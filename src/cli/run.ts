import { Command, CommanderError, InvalidArgumentError, Option } from './commander.js';
import { configNames } from '../engine/configs.js';
import { UsageError } from '../engine/errors.js';
import { parseShard, shardFormat, type Shard } from '../engine/shard.js';
import { escapeForTerminal, escapeLines, withoutWorkflowCommands } from './escape.js';
import { ExitCode, exitCodesHelp } from './exit-codes.js';
import { formatterNames } from './formatters/index.js';
import { addInspectCommand } from './inspect.js';
import { addRulesCommands } from './rules.js';
import { defaultBaseline, type ScanFlags } from './scan-flags.js';
import { toolInfo } from '../package-info.js';

/** Everything the CLI touches outside itself, so tests can call `run` directly. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Whether stdout is a terminal (colour). */
  isTTY: boolean;
  /** Whether stderr is a terminal (the progress line). */
  stderrIsTTY: boolean;
  /** Milliseconds, for when to redraw the progress line; never for what a run reports. */
  now: () => number;
}

/**
 * Run the CLI with `argv` as in `process.argv` (node, script, ...args) and
 * return the exit code. Never exits the process and writes only through `io`.
 */
export async function run(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const cli: CliIo = {
    stdout: io.stdout ?? ((text) => void process.stdout.write(text)),
    // Nothing toolgate writes on stderr is a CI workflow command, whatever a file is named.
    stderr: guarded(io.stderr ?? ((text) => void process.stderr.write(text))),
    cwd: io.cwd ?? process.cwd(),
    env: io.env ?? process.env,
    isTTY: io.isTTY ?? Boolean(process.stdout.isTTY),
    // A caller that captures stderr is not a terminal, whatever the process has.
    stderrIsTTY: io.stderrIsTTY ?? (io.stderr ? false : Boolean(process.stderr.isTTY)),
    now: io.now ?? Date.now,
  };
  let exitCode: number = ExitCode.clean;
  // Each command's code is imported when it runs: `--version` and `--help` load none of it.
  const program = buildProgram(cli, async (paths, flags) => {
    const { scanCommand } = await import('./scan-command.js');
    exitCode = await scanCommand(paths, flags, cli);
  });
  addInspectCommand(program, cli, (code) => void (exitCode = code));
  addRulesCommands(program, cli, (code) => void (exitCode = code));
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.clean : ExitCode.failure;
    if (error instanceof UsageError) {
      // Its line breaks are toolgate's own (a config error lists one mistake a line).
      cli.stderr(`error: ${escapeLines(error.message)}\n`);
      return ExitCode.failure;
    }
    const message = error instanceof Error ? error.message : String(error);
    cli.stderr(`error: internal error: ${escapeForTerminal(message)}\n`);
    return ExitCode.failure;
  }
  return exitCode;
}

function buildProgram(io: CliIo, action: (paths: string[], flags: ScanFlags) => Promise<void>): Command {
  // Settings made before `.command()` are inherited by the subcommand.
  const program = new Command('toolgate')
    .exitOverride()
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
      getOutHelpWidth: () => 80,
      getErrHelpWidth: () => 80,
    })
    .showHelpAfterError('(run with --help for usage)')
    .description('Find Claude Agent SDK code whose permission checks or idempotency silently disappear.')
    .version(toolInfo.version, '-v, --version', 'print the toolgate version')
    .addHelpText('after', exitCodesHelp);

  program
    .command('scan')
    .description('check files and directories (default: the current directory)')
    .argument('[paths...]', 'files or directories to check', ['.'])
    .addOption(new Option('--format <name>', 'output format').choices(formatterNames).default('pretty'))
    .option('--rule <id...>', 'run only these rules (repeat the flag or separate ids with commas)')
    .addOption(new Option('--preset <name>', 'rule preset').choices(configNames).default('recommended'))
    .option('--quiet', 'report errors only (warnings still count for --max-warnings)')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', parseMaxWarnings)
    .option('--output <file>', 'write the report to this file instead of stdout (folders are created; never left half-written)')
    .option('--code-frame', 'show the source line under each finding (pretty format)')
    .option('--strict', "also fail on suppression comments without a reason and ones that suppress nothing (rule id 'suppression')")
    .option('--config <file>', 'use this config file instead of the nearest toolgate.config.json (docs/configuration.md)')
    .option('--no-config', 'use no config file')
    .option('--staged', 'check the commit the git index holds: staged files and the agent files they reach, as after the commit, for pre-commit hooks')
    .option('--baseline <file>', 'report only findings not in this baseline file (docs/baseline.md)')
    .option('--update-baseline', `write the current findings to the --baseline file (default ${defaultBaseline}) and pass`)
    .option('--cache', 'reuse the results of the last run for files that did not change (docs/cache-and-shards.md)')
    .option('--cache-location <path>', 'the --cache file, or a folder to keep .toolgatecache in (default: the working directory)')
    .option('--no-prefilter', 'parse and analyse every supported file, not only those that name an SDK package (docs/architecture.md)')
    .option('--shard <i/n>', 'check only part i of n of the files, for parallel CI jobs (docs/cache-and-shards.md)', parseShardFlag)
    .option('--no-error-on-unmatched-pattern', 'exit 0, with the warning, when the paths given hold no file to check')
    .option('--allow-unparsed', 'files that cannot be read or parsed are still reported, but do not make the run exit 2')
    .option('--color', 'force coloured output')
    .option('--no-color', 'disable coloured output')
    .addHelpText('after', exitCodesHelp)
    .action(action);
  return program;
}

function parseShardFlag(value: string): Shard {
  try {
    return parseShard(value);
  } catch {
    throw new InvalidArgumentError(shardFormat);
  }
}

function parseMaxWarnings(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('Expected a whole number, 0 or more.');
  }
  return Number(value);
}

function guarded(write: (text: string) => void): (text: string) => void {
  return (text) => write(withoutWorkflowCommands(text));
}
