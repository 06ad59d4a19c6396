import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { allRules } from '../../rules/index.js';
import { analyzeText, withoutBom } from './analyze.js';
import { checkModel } from './check.js';
import { configNames, configRules, type ConfigName, type RuleSetting } from './configs.js';
import { discoverFiles, type DiscoveredFile } from './discover.js';
import { UsageError } from './errors.js';
import { compareFindings, compareText, type FileProblem, type Finding } from './findings.js';
import { LineIndex } from './locate.js';
import type { AnyRule } from './rule.js';

export interface ScanOptions {
  /** Files or directories, relative to `cwd`. Default `['.']`. */
  paths?: string[];
  cwd?: string;
  config?: ConfigName;
  /** Run only these rule ids. */
  rules?: string[];
}

export interface ScanStats {
  /** Candidate files found; always analysed + skipped + failed. */
  files: number;
  analysed: number;
  /** The prefilter showed the file cannot hold agent code. */
  skipped: number;
  /** Listed in `problems`: could not be read, parsed or analysed. */
  failed: number;
}

export interface ScanResult {
  /** Absolute working directory; finding paths are relative to it. */
  root: string;
  findings: Finding[];
  problems: FileProblem[];
  stats: ScanStats;
  rules: AnyRule[];
}

/** Files read and analysed at once: enough to overlap I/O, few enough to bound memory. */
const concurrency = 8;

type FileOutcome =
  | { kind: 'analysed'; findings: Finding[] }
  | { kind: 'skipped' }
  | { kind: 'failed'; problem: FileProblem };

/** Find the files under `paths`, check each with the rules of a config, and collect the results. */
export async function scan(options: ScanOptions = {}): Promise<ScanResult> {
  const root = path.resolve(options.cwd ?? process.cwd());
  const settings = selectRules(options.config ?? 'recommended', options.rules);
  const paths = options.paths && options.paths.length > 0 ? options.paths : ['.'];

  const findings: Finding[] = [];
  const problems: FileProblem[] = [];
  const stats: ScanStats = { files: 0, analysed: 0, skipped: 0, failed: 0 };

  await forEachConcurrently(discoverFiles(paths, { cwd: root }), concurrency, async (file) => {
    const outcome = await scanFile(file, settings);
    stats.files++;
    if (outcome.kind === 'analysed') {
      stats.analysed++;
      findings.push(...outcome.findings);
    } else if (outcome.kind === 'skipped') stats.skipped++;
    else {
      stats.failed++;
      problems.push(outcome.problem);
    }
  });

  findings.sort(compareFindings);
  problems.sort((a, b) => compareText(a.path, b.path) || compareText(a.kind, b.kind));
  return { root, findings, problems, stats, rules: settings.map((setting) => setting.rule) };
}

/**
 * The rules of a config, narrowed to `ids` when given. An id outside the
 * config (a strict-only rule under `recommended`) still runs, at the rule's
 * own severity: naming a rule is asking for it.
 */
export function selectRules(config: ConfigName, ids?: readonly string[]): RuleSetting[] {
  if (!configNames.includes(config)) {
    throw new UsageError(`Unknown preset '${config}'. Known presets: ${configNames.join(', ')}.`);
  }
  const settings = configRules(config);
  if (!ids || ids.length === 0) return settings;

  const known = new Map(allRules.map((rule) => [rule.id, rule]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const list = allRules.length > 0 ? allRules.map((rule) => rule.id).join(', ') : '(none)';
    throw new UsageError(`Unknown rule id ${unknown.map((id) => `'${id}'`).join(', ')}. Known rules: ${list}.`);
  }
  const wanted = new Set(ids);
  // Catalogue order, so output does not depend on the order of --rule flags.
  return allRules
    .filter((rule) => wanted.has(rule.id))
    .map(
      (rule) =>
        settings.find((setting) => setting.rule === rule) ?? { rule, severity: rule.meta.severity, options: undefined },
    );
}

async function scanFile(file: DiscoveredFile, settings: readonly RuleSetting[]): Promise<FileOutcome> {
  const fail = (kind: FileProblem['kind'], message: string, at?: { line: number; column: number }): FileOutcome => ({
    kind: 'failed',
    problem: { path: file.path, kind, message, ...at },
  });
  if (file.error !== undefined) return fail('read', file.error);

  let text: string;
  try {
    text = await readFile(file.absolutePath, 'utf8');
  } catch (error) {
    return fail('read', `Cannot read file: ${errorMessage(error)}`);
  }

  try {
    const analysis = analyzeText(text, file.absolutePath);
    if (!analysis.model) return { kind: 'skipped' };
    const lines = new LineIndex(withoutBom(text));
    const [first] = analysis.syntaxErrors;
    if (first) {
      const more = analysis.syntaxErrors.length - 1;
      const suffix = more > 0 ? ` (and ${more} more)` : '';
      return fail('parse', `Syntax error: ${first.message}${suffix}`, lines.locate(first.span.start));
    }
    const findings = checkModel(analysis.model, settings).map((report): Finding => {
      const start = lines.locate(report.span.start);
      const end = lines.locate(report.span.end);
      return {
        ruleId: report.ruleId,
        messageId: report.messageId,
        message: report.message,
        data: report.data,
        severity: report.severity === 'warn' ? 'warning' : 'error',
        path: file.path,
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        span: report.span,
      };
    });
    return { kind: 'analysed', findings };
  } catch (error) {
    // One file's crash must not hide the rest of the scan, nor pass silently.
    return fail('internal', `Internal error while analysing the file: ${errorMessage(error)}`);
  }
}

/** Pull from `items` with at most `limit` callbacks in flight. */
async function forEachConcurrently<T>(
  items: AsyncIterable<T>,
  limit: number,
  callback: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  const worker = async (): Promise<void> => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) await callback(next.value);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
