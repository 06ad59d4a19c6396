import { allRules } from '../../rules/index.js';
import { checkModel } from './check.js';
import { configNames, configRules, type ConfigName, type RuleSetting } from './configs.js';
import { UsageError } from './errors.js';
import { compareFindings, type FileProblem, type Finding } from './findings.js';
import { withFingerprints, type UnprintedFinding } from './fingerprint.js';
import { analyseTree, type AnalysedFile, type ScanStats, type TreeOptions } from './tree.js';
import type { AnyRule } from './rule.js';

export interface ScanOptions extends TreeOptions {
  config?: ConfigName;
  /** Run only these rule ids. */
  rules?: string[];
}

export interface ScanResult {
  /** Absolute working directory; finding paths are relative to it. */
  root: string;
  findings: Finding[];
  problems: FileProblem[];
  stats: ScanStats;
  rules: AnyRule[];
}

export type { ScanStats };

/** Find the files under `paths`, check each with the rules of a config, and collect the results. */
export async function scan(options: ScanOptions = {}): Promise<ScanResult> {
  const settings = selectRules(options.config ?? 'recommended', options.rules);
  const found = new Map<string, UnprintedFinding>();
  const { root, stats, problems } = await analyseTree(options, (file) => {
    // A value several files use (an imported base object) is reported once, where it is written.
    for (const finding of checkFile(file, settings)) found.set(findingKey(finding), finding);
  });
  const findings = await withFingerprints(root, [...found.values()].sort(compareFindings));
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

function findingKey(finding: UnprintedFinding): string {
  return [finding.ruleId, finding.messageId, finding.path, finding.line, finding.column, finding.endLine, finding.endColumn, finding.message].join('\0');
}

function checkFile(file: AnalysedFile, settings: readonly RuleSetting[]): UnprintedFinding[] {
  return checkModel(file.model, settings).map(
    (report): UnprintedFinding => ({
      ruleId: report.ruleId,
      messageId: report.messageId,
      message: report.message,
      data: report.data,
      severity: report.severity === 'warn' ? 'warning' : 'error',
      ...file.locate(report.span),
      span: report.span,
    }),
  );
}
