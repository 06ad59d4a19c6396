import path from 'node:path';
import { allRules } from '../../rules/index.js';
import { applyConfig, findConfig, loadConfig } from './config-file.js';
import { runRules, type Report } from './check.js';
import { configNames, configRules, type ConfigName, type RuleSetting } from './configs.js';
import { UsageError } from './errors.js';
import { compareFindings, type FileProblem, type Finding } from './findings.js';
import { withFingerprints, type UnprintedFinding } from './fingerprint.js';
import { analyseTree, type AnalysedFile, type ScanStats, type TreeOptions } from './tree.js';
import { formatMessage, type AnyRule } from './rule.js';
import { justificationOf } from './suppressions.js';
import type { Suppression } from '../model/types.js';

export interface ScanOptions extends TreeOptions {
  config?: ConfigName;
  /** Run only these rule ids. */
  rules?: string[];
  /** Also report suppression comments without a reason and ones that suppress nothing (`suppressionRuleId`). */
  strict?: boolean;
  /** Today as `YYYY-MM-DD`, for suppression expiry dates; the clock by default. */
  today?: string;
  /**
   * A config file to use (relative to `cwd`), or `false` for none. By default
   * the nearest `toolgate.config.json` (or `package.json` `toolgate` key) at or
   * above the first scanned path.
   */
  configFile?: string | false;
}

/** The rule id of `--strict`'s findings about suppression comments themselves. */
export const suppressionRuleId = 'suppression';

export interface ScanResult {
  /** Absolute working directory; finding paths are relative to it. */
  root: string;
  /** Findings in force: shown, counted, and deciding the exit code. */
  findings: Finding[];
  /** Findings a comment suppresses, each with its `suppression`. */
  suppressed?: Finding[];
  problems: FileProblem[];
  stats: ScanStats;
  rules: AnyRule[];
  /** The config file used, absolute. */
  config?: string;
}

export type { ScanStats };

/** Find the files under `paths`, check each with the rules of a config, and collect the results. */
export async function scan(options: ScanOptions = {}): Promise<ScanResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config =
    options.configFile === false
      ? undefined
      : options.configFile !== undefined
        ? await loadConfig(path.resolve(cwd, options.configFile))
        : await findConfig(path.resolve(cwd, options.paths?.[0] ?? '.'));
  const settings = applyConfig(selectRules(options.config ?? 'recommended', options.rules), config, options.rules);
  const tree: ScanOptions = {
    ...options,
    ...(config && config.ignore.length > 0 ? { ignore: { directory: config.directory, patterns: config.ignore } } : {}),
    ...(config && config.settingsFiles.length > 0 ? { settingsFiles: { directory: config.directory, patterns: config.settingsFiles } } : {}),
  };
  const found = new Map<string, UnprintedFinding>();
  const audit = new SuppressionAudit(settings);
  const { root, stats, problems } = await analyseTree(tree, (file) => {
    // A value several files use (an imported base object) is reported once, where it is written.
    for (const finding of checkFile(file, settings, options, audit)) found.set(findingKey(finding), finding);
  });
  if (options.strict) for (const finding of audit.findings()) found.set(findingKey(finding), finding);
  const all = await withFingerprints(root, [...found.values()].sort(compareFindings));
  return {
    root,
    findings: all.filter((finding) => !finding.suppression),
    suppressed: all.filter((finding) => finding.suppression),
    problems,
    stats,
    rules: settings.map((setting) => setting.rule),
    ...(config ? { config: config.file } : {}),
  };
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

function checkFile(
  file: AnalysedFile,
  settings: readonly RuleSetting[],
  options: ScanOptions,
  audit: SuppressionAudit,
): UnprintedFinding[] {
  const reports = runRules(file.model, settings, options.today === undefined ? {} : { today: options.today });
  audit.add(file, reports);
  return reports.map((report): UnprintedFinding => {
    const justification = report.suppression && justificationOf(report.suppression);
    return {
      ruleId: report.ruleId,
      messageId: report.messageId,
      message: report.message,
      data: report.data,
      severity: report.severity === 'warn' ? 'warning' : 'error',
      ...file.locate(report.span),
      span: report.span,
      ...(report.suppression
        ? { suppression: { ...(justification ? { justification } : {}), via: report.suppression.via ?? 'toolgate' } }
        : {}),
    };
  });
}

/**
 * What `--strict` says about suppression comments: one without a reason, and
 * one naming a rule that ran (or no rule at all) yet suppressed nothing
 * anywhere in the scan. Comments in files without a model are not seen.
 */
class SuppressionAudit {
  private readonly seen = new Map<string, { suppression: Suppression; ruleId: string; file: AnalysedFile }>();
  private readonly used = new Set<string>();
  private readonly ran: Set<string>;
  private readonly known = new Set(allRules.map((rule) => rule.id));

  constructor(settings: readonly RuleSetting[]) {
    this.ran = new Set(settings.map((setting) => setting.rule.id));
  }

  add(file: AnalysedFile, reports: readonly Report[]): void {
    for (const suppression of file.model.suppressions ?? []) {
      for (const ruleId of suppression.ruleIds) {
        const key = auditKey(suppression, ruleId);
        if (!this.seen.has(key)) this.seen.set(key, { suppression, ruleId, file });
      }
    }
    for (const report of reports) {
      for (const suppression of [...(report.suppression ? [report.suppression] : []), ...(report.expired ?? [])]) {
        this.used.add(auditKey(suppression, report.ruleId));
      }
    }
  }

  findings(): UnprintedFinding[] {
    const findings: UnprintedFinding[] = [];
    const unreasoned = new Set<Suppression>();
    for (const [key, { suppression, ruleId, file }] of this.seen) {
      const at = { ...file.locate(suppression.span), span: suppression.span };
      if (!justificationOf(suppression) && !unreasoned.has(suppression)) {
        unreasoned.add(suppression);
        findings.push(auditFinding('missingReason', { ids: suppression.ruleIds.join(', ') }, at));
      }
      const unknown = !this.known.has(ruleId);
      if (!this.used.has(key) && (unknown || this.ran.has(ruleId))) {
        findings.push(auditFinding(unknown ? 'unknownRule' : 'unused', { ruleId }, at));
      }
    }
    return findings;
  }
}

const auditMessages = {
  missingReason: "This suppression of {{ids}} gives no reason. Say why after ' -- ', so a reviewer can judge it.",
  unused: "This suppression of '{{ruleId}}' suppresses nothing. Remove it, so it cannot hide a later finding.",
  unknownRule: "'{{ruleId}}' is not a toolgate rule, so this suppression suppresses nothing. Fix the id or remove it.",
};

function auditFinding(
  messageId: keyof typeof auditMessages,
  data: Record<string, string>,
  at: Omit<UnprintedFinding, 'ruleId' | 'messageId' | 'message' | 'data' | 'severity'>,
): UnprintedFinding {
  return { ruleId: suppressionRuleId, messageId, message: formatMessage(auditMessages[messageId], data), data, severity: 'error', ...at };
}

function auditKey(suppression: Suppression, ruleId: string): string {
  return `${suppression.span.file ?? ''}\0${suppression.span.start}\0${ruleId}`;
}
