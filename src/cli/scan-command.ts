import { statSync } from 'node:fs';
import path from 'node:path';
import { toolFolder } from '../engine/cache-secret.js';
import { findConfig } from '../engine/config-file.js';
import { readBytes } from '../engine/read-source.js';
import { scan, type ScanResult } from '../engine/scan.js';
import { createColors, useColor } from './color.js';
import { escapeForTerminal, withoutWorkflowCommands } from './escape.js';
import { ExitCode } from './exit-codes.js';
import { loadFormatter, type Report } from './formatters/index.js';
import { countSeverities } from './formatters/summary.js';
import { colorFlagFor, writeReport } from './output.js';
import { describeProblem } from './problem-line.js';
import { progressFor, showProgress } from './progress.js';
import type { CliIo } from './run.js';
import { defaultBaseline, type ScanFlags } from './scan-flags.js';
import { cliToolkit, loadedToolkit, loadRules } from './toolkit.js';

export async function scanCommand(paths: string[], flags: ScanFlags, io: CliIo): Promise<number> {
  const rules = flags.rule?.flatMap((id) => id.split(',')).map((id) => id.trim()).filter((id) => id !== '');
  const progress = progressFor(io.stderr, showProgress(io.stderrIsTTY, io.env), io.now);
  let scanned: ScanResult | undefined;
  try {
    scanned = await scanOrStaged(paths, flags, rules, io, progress.update);
  } finally {
    progress.done();
  }
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
  // Findings the baseline accepts are left out everywhere, as if they were not there; only their number is shown.
  const accepted = baseline && !flags.updateBaseline ? await baseline.readBaseline(baselineFile) : undefined;
  const kept = accepted ? scanned.findings.filter((finding) => !accepted.has(finding.fingerprint)) : flags.updateBaseline ? [] : scanned.findings;
  const result: Report = { ...scanned, findings: kept, ...(accepted ? { baselined: scanned.findings.length - kept.length } : {}) };
  const { errors, warnings } = countSeverities(result.findings);

  const quieted: Report = flags.quiet ? { ...result, findings: result.findings.filter((finding) => finding.severity === 'error') } : result;
  // The pretty report links each reporting rule's page; a warm `--cache` run that took every result from the cache loaded no rule.
  const shown: Report = flags.format === 'pretty' && quieted.findings.length > 0 && quieted.rules.length === 0 ? { ...quieted, rules: [...(await loadRules())] } : quieted;
  const colors = createColors(useColor(colorFlagFor(flags.output, flags.color), io.env, io.isTTY));
  const format = await loadFormatter(flags.format);
  const text = format(shown, { colors, cwd: io.cwd, ...(flags.codeFrame ? { source: sourceReader(result.root) } : {}) });
  // The annotations' commands are meant, and their data escaped by GitHub's rules; in any other report a line never starts one.
  const written = await writeReport(flags.format === 'github' ? text : withoutWorkflowCommands(text), flags.output, io);

  for (const note of result.notes ?? []) io.stderr(`note: ${escapeForTerminal(note)}\n`);
  for (const problem of result.problems) io.stderr(`${describeProblem(problem)}\n`);
  const unmatched = matchedNothing(paths, flags, result, io.cwd);
  if (unmatched) io.stderr(`warning: ${escapeForTerminal(unmatched)}\n`);
  // An internal error is toolgate's own failure: no flag turns it into a pass.
  const failing = flags.allowUnparsed ? result.problems.filter((problem) => problem.kind === 'internal') : result.problems;
  if (!written || failing.length > 0 || (unmatched && flags.errorOnUnmatchedPattern)) return ExitCode.failure;
  if (errors > 0) return ExitCode.findings;
  if (flags.maxWarnings !== undefined && warnings > flags.maxWarnings) {
    io.stderr(`error: ${warnings} warnings, more than --max-warnings ${flags.maxWarnings} allows\n`);
    return ExitCode.findings;
  }
  return ExitCode.clean;
}

/**
 * Why the paths given held nothing to check, when they are folders without
 * a single file toolgate reads (a typo'd folder, a filter that left
 * nothing): a CI step must not pass having checked nothing. A file named
 * on the command line is a match even when no front end reads it (as
 * pre-commit passes every staged `.json`), and so are `--staged` (nothing
 * staged that toolgate reads) and a shard (a small tree leaves some empty).
 */
function matchedNothing(paths: readonly string[], flags: ScanFlags, result: Report, cwd: string): string | undefined {
  if (result.stats.files > 0 || result.problems.length > 0 || flags.staged || flags.shard) return undefined;
  const given = paths.length > 0 ? paths : ['.'];
  if (given.some((given) => isFile(path.resolve(cwd, given)))) return undefined;
  const ignored = result.stats.ignored > 0 ? ` (${result.stats.ignored} ignored entries)` : '';
  return `no files to check in ${given.join(', ')}${ignored}: toolgate reads .ts, .js, .py, Claude Code settings, skill, command and agent files, shell scripts, Makefiles, package.json and GitHub workflows. Pass --no-error-on-unmatched-pattern to allow this.`;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `--code-frame`: each reported file read once more (as the scan read it: through the engine's reader), undefined when it is gone. */
function sourceReader(root: string): (file: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (file) => {
    if (!texts.has(file)) {
      let text: string | undefined;
      try {
        text = readBytes(path.resolve(root, file)).toString('utf8').replace(/^\uFEFF/, '');
      } catch {
        text = undefined;
      }
      texts.set(file, text);
    }
    return texts.get(file);
  };
}

/**
 * Scan the paths, or with `--staged` the commit the index holds: the staged
 * files and the files they reach, read from the index (finding paths are
 * relative to the repository's top folder). Undefined when nothing staged
 * is or reaches a file toolgate reads.
 */
async function scanOrStaged(
  paths: string[],
  flags: ScanFlags,
  rules: string[] | undefined,
  io: CliIo,
  onProgress: (stats: ScanResult['stats']) => void,
): Promise<ScanResult | undefined> {
  const common = {
    config: flags.preset,
    rules,
    strict: flags.strict,
    onProgress,
    ...(flags.shard ? { shard: flags.shard } : {}),
    ...(flags.prefilter === false ? { prefilter: false } : {}),
  };
  // SARIF lists every rule in force, so its rules load whether or not a file reaches one.
  const toolkit = flags.format === 'sarif' ? await loadedToolkit() : cliToolkit;
  if (!flags.staged) {
    // Not with --staged: its files are checked out afresh each time, so nothing could be reused.
    const cache = flags.cache
      ? { cache: true, cacheKeyFolder: toolFolder(io.env), ...(flags.cacheLocation ? { cacheLocation: flags.cacheLocation } : {}) }
      : {};
    return scan({ ...common, ...cache, paths, cwd: io.cwd, ...(flags.config !== undefined ? { configFile: flags.config } : {}) }, toolkit);
  }
  // Loaded for pre-commit hooks only.
  const { scanStaged } = await import('../engine/staged/index.js');
  // The config of the working tree, found from where the hook runs.
  const configFile =
    typeof flags.config === 'string' ? path.resolve(io.cwd, flags.config) : flags.config === false ? false : ((await findConfig(io.cwd, toolkit.rules))?.file ?? false);
  return scanStaged(io.cwd, (tree, quiet) =>
    scan({ ...common, ...(quiet ? { onProgress: undefined } : {}), paths: tree.paths, cwd: tree.directory, configFile }, toolkit),
  );
}
