import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { ConfigName } from '../engine/configs.js';
import { configNames } from '../engine/configs.js';
import path from 'node:path';
import { findConfig } from '../engine/config-file.js';
import { UsageError } from '../engine/errors.js';
import type { FileProblem } from '../engine/findings.js';
import { scan, type ScanResult } from '../engine/scan.js';
import { parseShard, shardFormat, type Shard } from '../engine/shard.js';
import { createColors, useColor } from './color.js';
import { escapeForTerminal } from './escape.js';
import { ExitCode, exitCodesHelp } from './exit-codes.js';
import { formatterNames, loadFormatter, type FormatterName } from './formatters/index.js';
import { addInspectCommand } from './inspect.js';
import { colorFlagFor, writeReport } from './output.js';
import { addRulesCommands } from './rules.js';
import { countSeverities } from './formatters/summary.js';
import { toolInfo } from '../package-info.js';

const defaultBaseline = 'toolgate-baseline.json';

/** Everything the CLI touches outside itself, so tests can call `run` directly. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
}

interface ScanFlags {
  format: FormatterName;
  rule?: string[];
  preset: ConfigName;
  quiet?: boolean;
  maxWarnings?: number;
  color?: boolean;
  output?: string;
  allowUnparsed?: boolean;
  strict?: boolean;
  baseline?: string;
  updateBaseline?: boolean;
  config?: string | false;
  staged?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  shard?: Shard;
}

/**
 * Run the CLI with `argv` as in `process.argv` (node, script, ...args) and
 * return the exit code. Never exits the process and writes only through `io`.
 */
export async function run(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const cli: CliIo = {
    stdout: io.stdout ?? ((text) => void process.stdout.write(text)),
    stderr: io.stderr ?? ((text) => void process.stderr.write(text)),
    cwd: io.cwd ?? process.cwd(),
    env: io.env ?? process.env,
    isTTY: io.isTTY ?? Boolean(process.stdout.isTTY),
  };
  let exitCode: number = ExitCode.clean;
  const program = buildProgram(cli, async (paths, flags) => {
    exitCode = await scanCommand(paths, flags, cli);
  });
  addInspectCommand(program, cli, (code) => void (exitCode = code));
  addRulesCommands(program, cli, (code) => void (exitCode = code));
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.clean : ExitCode.failure;
    if (error instanceof UsageError) {
      cli.stderr(`error: ${escapeForTerminal(error.message)}\n`);
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
    .option('--output <file>', 'write the report to this file instead of stdout (folders are created)')
    .option('--strict', "also fail on suppression comments without a reason and ones that suppress nothing (rule id 'suppression')")
    .option('--config <file>', 'use this config file instead of the nearest toolgate.config.json (docs/configuration.md)')
    .option('--no-config', 'use no config file')
    .option('--staged', 'check the staged content of staged files (the git index), for pre-commit hooks')
    .option('--baseline <file>', 'report only findings not in this baseline file (docs/baseline.md)')
    .option('--update-baseline', `write the current findings to the --baseline file (default ${defaultBaseline}) and pass`)
    .option('--cache', 'reuse the results of the last run for files that did not change (docs/cache-and-shards.md)')
    .option('--cache-location <path>', 'the --cache file, or a folder to keep .toolgatecache in (default: the working directory)')
    .option('--shard <i/n>', 'check only part i of n of the files, for parallel CI jobs (docs/cache-and-shards.md)', parseShardFlag)
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

async function scanCommand(paths: string[], flags: ScanFlags, io: CliIo): Promise<number> {
  const rules = flags.rule?.flatMap((id) => id.split(',')).map((id) => id.trim()).filter((id) => id !== '');
  const scanned = await scanOrStaged(paths, flags, rules, io);
  if (!scanned) {
    io.stderr('No staged files to check.\n');
    return ExitCode.clean;
  }
  const baselineFile = path.resolve(io.cwd, flags.baseline ?? defaultBaseline);
  // Loaded only with a baseline flag, as the formatter below: start-up is part of every scan's time.
  const baseline = flags.baseline || flags.updateBaseline ? await import('../engine/baseline.js') : undefined;
  if (baseline && flags.updateBaseline) {
    await baseline.writeBaseline(baselineFile, scanned.findings);
    io.stderr(`${escapeForTerminal(`Wrote ${scanned.findings.length} findings to ${path.relative(io.cwd, baselineFile) || baselineFile}`)}\n`);
  }
  // Findings the baseline accepts are left out everywhere, as if they were not there.
  const accepted = baseline && !flags.updateBaseline ? await baseline.readBaseline(baselineFile) : undefined;
  const result: ScanResult = accepted
    ? { ...scanned, findings: scanned.findings.filter((finding) => !accepted.has(finding.fingerprint)) }
    : flags.updateBaseline
      ? { ...scanned, findings: [] }
      : scanned;
  const { errors, warnings } = countSeverities(result.findings);

  const shown: ScanResult = flags.quiet
    ? { ...result, findings: result.findings.filter((finding) => finding.severity === 'error') }
    : result;
  const colors = createColors(useColor(colorFlagFor(flags.output, flags.color), io.env, io.isTTY));
  const format = await loadFormatter(flags.format);
  const written = await writeReport(format(shown, { colors, cwd: io.cwd }), flags.output, io);

  for (const note of result.notes ?? []) io.stderr(`note: ${escapeForTerminal(note)}\n`);
  for (const problem of result.problems) io.stderr(`${describeProblem(problem)}\n`);
  // An internal error is toolgate's own failure: no flag turns it into a pass.
  const failing = flags.allowUnparsed ? result.problems.filter((problem) => problem.kind === 'internal') : result.problems;
  if (!written || failing.length > 0) return ExitCode.failure;
  if (errors > 0) return ExitCode.findings;
  if (flags.maxWarnings !== undefined && warnings > flags.maxWarnings) {
    io.stderr(`error: ${warnings} warnings, more than --max-warnings ${flags.maxWarnings} allows\n`);
    return ExitCode.findings;
  }
  return ExitCode.clean;
}

/**
 * Scan the paths, or with `--staged` the staged files as the index holds
 * them (checked out to a temporary folder; finding paths are relative to the
 * repository's top folder). Undefined when nothing is staged.
 */
async function scanOrStaged(paths: string[], flags: ScanFlags, rules: string[] | undefined, io: CliIo): Promise<ScanResult | undefined> {
  const common = {
    config: flags.preset,
    rules,
    strict: flags.strict,
    ...(flags.shard ? { shard: flags.shard } : {}),
  };
  if (!flags.staged) {
    // Not with --staged: its files are checked out afresh each time, so nothing could be reused.
    const cache = flags.cache ? { cache: true, ...(flags.cacheLocation ? { cacheLocation: flags.cacheLocation } : {}) } : {};
    return scan({ ...common, ...cache, paths, cwd: io.cwd, ...(flags.config !== undefined ? { configFile: flags.config } : {}) });
  }
  // Loaded for pre-commit hooks only.
  const { checkoutStaged } = await import('./staged.js');
  const staged = await checkoutStaged(io.cwd);
  try {
    if (staged.paths.length === 0) return undefined;
    // The config of the working tree, found from where the hook runs.
    const configFile =
      typeof flags.config === 'string' ? path.resolve(io.cwd, flags.config) : flags.config === false ? false : ((await findConfig(io.cwd))?.file ?? false);
    const result = await scan({ ...common, paths: staged.paths, cwd: staged.directory, configFile });
    return { ...result, root: staged.repository };
  } finally {
    await staged.dispose();
  }
}

/** `path:line:column: message`, the shape editors and CI logs link to. */
function describeProblem(problem: FileProblem): string {
  const at = problem.line !== undefined ? `:${problem.line}:${problem.column ?? 1}` : '';
  return escapeForTerminal(`${problem.path}${at}: ${problem.message}`);
}
