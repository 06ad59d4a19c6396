import path from 'node:path';
import { applyConfig, findConfig, loadConfig } from './config-file.js';
import { cacheFile, ScanCache } from './cache.js';
import { toolFolder } from './cache-secret.js';
import { isStoredCheck } from './cache-shape.js';
import type { CheckedFile } from './check-file.js';
import { onePerMistake } from './dedupe.js';
import { configNames, configRules, type ConfigName, type RuleSetting } from './configs.js';
import { UsageError } from './errors.js';
import { compareFindings, withRelatedOf, type FileProblem, type Finding } from './findings.js';
import { textOrEmpty, withFingerprints, type UnprintedFinding } from './fingerprint.js';
import { withReplacedTexts } from './suggested-edits.js';
import { describeShard, parseShard, type Shard } from './shard.js';
import { SuppressionAudit, type AuditRecord } from './suppression-audit.js';
import { analyseFiles, type AnalysedFile, type ScanStats, type FileOptions } from './file-pipeline.js';
import type { AnyRule } from '../model/rule.js';
import { today as currentDay } from './suppressions.js';
import { toolInfo } from '../package-info.js';
import { ruleLoader, type Toolkit } from './toolkit.js';

export { suppressionRuleId } from './suppression-audit.js';

export interface ScanOptions extends FileOptions {
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
  /** Reuse the results of earlier scans for unchanged files (docs/cache-and-shards.md). */
  cache?: boolean;
  /** The cache file, relative to `cwd`; `.toolgatecache` at the scan root by default. */
  cacheLocation?: string;
  /** Where toolgate keeps the key that signs cache files; `toolFolder()` (`$XDG_CACHE_HOME/toolgate`, `~/.cache/toolgate`) by default. */
  cacheKeyFolder?: string;
  /** @internal How long before the run a file must have last changed for `--cache` to trust its stat (`racyMarginMs`); tests set 0. */
  cacheRacyMarginMs?: number;
}

export interface ScanResult {
  /** Absolute working directory; finding paths are relative to it. */
  root: string;
  /** Findings in force: shown, counted, and deciding the exit code. */
  findings: Finding[];
  /** Findings a comment suppresses, each with its `suppression`. */
  suppressed?: Finding[];
  problems: FileProblem[];
  stats: ScanStats;
  /**
   * The rules in force. With a toolkit whose rules load lazily (the CLI's),
   * empty when the scan never needed them: no file reached a rule and no
   * `--rule` or `--cache` asked for them.
   */
  rules: AnyRule[];
  /** The config file used, absolute. */
  config?: string;
  /** Set with `--shard`: the findings are those of this shard's files. */
  shard?: Shard;
  /** Things the user should know that are not findings or problems (a cache that could not be used). */
  notes?: string[];
}

export type { ScanStats };

/** What checking a file against the rules in force takes: loaded with the rules, when a scan first needs them. */
interface Checking {
  settings: RuleSetting[];
  audit: SuppressionAudit;
  check: (file: AnalysedFile) => CheckedFile;
}

/** Find the files under `paths`, check each with the rules of a config, and collect the results; `toolkit` holds the rules and front ends there are. */
export async function scan(options: ScanOptions, { rules: given, rulesId, frontEnds }: Toolkit): Promise<ScanResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const preset = options.config ?? 'recommended';
  checkPreset(preset);
  const rules = ruleLoader(given);
  const config =
    options.configFile === false
      ? undefined
      : options.configFile !== undefined
        ? await loadConfig(path.resolve(cwd, options.configFile), rules)
        : await findConfig(path.resolve(cwd, options.paths?.[0] ?? '.'), rules);
  let checking: Checking | undefined;
  let loadingChecking: Promise<Checking> | undefined;
  const loadChecking = (): Promise<Checking> =>
    (loadingChecking ??= (async () => {
      const [all, { checkFile }] = await Promise.all([rules(), import('./check-file.js')]);
      const settings = applyConfig(selectRules(preset, all, options.rules), config, options.rules ?? [], all);
      checking = { settings, audit: new SuppressionAudit(settings, all), check: (file) => checkFile(file, settings, { ...options, frontEnds }) };
      return checking;
    })());
  // The rules in force follow from the preset alone when nothing names a rule: with `rulesId` saying which rules
  // the loader gives, the cache's key needs no rule loaded, and a warm run whose every result is cached loads none.
  const keyedByPreset = typeof given === 'function' && rulesId !== undefined && (options.rules?.length ?? 0) === 0 && (config?.rules.size ?? 0) === 0;
  // Loaded now when they decide something before any file is read: a `--rule` id to check, the cache's key;
  // and with rules handed in loaded, the library's scan behaves as it always did.
  if (typeof given !== 'function' || (options.rules?.length ?? 0) > 0 || (options.cache && !keyedByPreset)) await loadChecking();
  // The library takes a shard as an object: hold it to the CLI's rules.
  if (options.shard) parseShard(describeShard(options.shard));
  const tree: ScanOptions = {
    ...options,
    ...(config && config.ignore.length > 0 ? { ignore: { directory: config.directory, patterns: config.ignore } } : {}),
    ...(config && config.settingsFiles.length > 0 ? { settingsFiles: { directory: config.directory, patterns: config.settingsFiles } } : {}),
    // `--no-prefilter` wins over the config file; either turns it off.
    ...(options.prefilter === false || config?.prefilter === false ? { prefilter: false } : {}),
  };
  const found = new Map<string, UnprintedFinding>();
  /** What each file tells the suppression audit, in the order the files came: the audit needs the rules, and only comments give it work. */
  const audits: AuditRecord[] = [];
  const take = (checked: CheckedFile): void => {
    // A value several files use (an imported base object, a settings file) is reported once, where it is
    // written, with the places of every file that related to it.
    for (const finding of checked.findings) {
      const key = findingKey(finding);
      const earlier = found.get(key);
      found.set(key, earlier ? withRelatedOf(earlier, finding) : finding);
    }
    audits.push(checked.audit);
  };
  const cache = options.cache
    ? openCache(cwd, keyedByPreset ? `${rulesId}:${preset}` : loaded(checking).settings, { ...options, ...(tree.prefilter === false ? { prefilter: false } : {}) })
    : undefined;
  const { root, stats, problems } = await analyseFiles(
    tree,
    frontEnds,
    {
      prepare: async () => void (await loadChecking()),
      check: (file) => {
        const checked = loaded(checking).check(file);
        take(checked);
        return checked;
      },
    },
    cache && { cache, reuse: take },
  );
  cache?.save();
  // Without a suppression comment there is nothing to audit (a warm run whose results were all cached loads no rule for it).
  if (options.strict && (checking || audits.some((record) => record.comments.length > 0))) {
    const { audit } = await loadChecking();
    for (const record of audits) audit.add(record);
    for (const finding of audit.findings()) found.set(findingKey(finding), finding);
  }
  // Each file's reports are one per mistake already; this settles the places two files' reports share.
  const once = onePerMistake([...found.values()]);
  // Each file with findings is read once for both (all that a warm run of an unchanged tree reads).
  const texts = new Map<string, string>();
  const readOnce = (absolute: string): string => {
    let text = texts.get(absolute);
    if (text === undefined) texts.set(absolute, (text = textOrEmpty(absolute)));
    return text;
  };
  const all = await withReplacedTexts(root, await withFingerprints(root, once.sort(compareFindings), readOnce), readOnce);
  return {
    root,
    findings: all.filter((finding) => !finding.suppression),
    suppressed: all.filter((finding) => finding.suppression),
    problems,
    stats,
    rules: checking ? checking.settings.map((setting) => setting.rule) : [],
    ...(config ? { config: config.file } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
    ...(cache && cache.notes.length > 0 ? { notes: cache.notes } : {}),
  };
}

function loaded(checking: Checking | undefined): Checking {
  if (!checking) throw new Error('a file was checked before the rules were loaded');
  return checking;
}

/**
 * The cache for this scan. Its key holds all that decides a result besides
 * the files: toolgate's version, the scan root (spans keep absolute paths)
 * and every rule with its severity and options (preset, `--rule` and config
 * file alike).
 */
function openCache(cwd: string, settings: readonly RuleSetting[] | string, options: ScanOptions): ScanCache<CheckedFile> {
  return new ScanCache<CheckedFile>({
    file: cacheFile(cwd, options.cacheLocation),
    toolgateVersion: toolInfo.version,
    key: {
      root: cwd,
      // Or, when nothing names a rule, which rules and preset (`rulesId:preset`): the same for the same settings.
      rules: typeof settings === 'string' ? settings : settings.map(({ rule, severity, options: ruleOptions }) => [rule.id, severity, ruleOptions ?? null]),
      prefilter: options.prefilter !== false,
    },
    today: options.today ?? currentDay(),
    isDated: (checked) => checked.dated,
    isResult: isStoredCheck,
    keyFolder: options.cacheKeyFolder ?? toolFolder(),
    ...(options.cacheRacyMarginMs !== undefined ? { racyMarginMs: options.cacheRacyMarginMs } : {}),
  });
}

/**
 * The rules of a config, narrowed to `ids` when given. An id outside the
 * config (a strict-only rule under `recommended`) still runs, at the rule's
 * own severity: naming a rule is asking for it.
 */
export function selectRules(config: ConfigName, rules: readonly AnyRule[], ids?: readonly string[]): RuleSetting[] {
  checkPreset(config);
  const settings = configRules(config, rules);
  if (!ids || ids.length === 0) return settings;

  const known = new Map(rules.map((rule) => [rule.id, rule]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const list = rules.length > 0 ? rules.map((rule) => rule.id).join(', ') : '(none)';
    throw new UsageError(`Unknown rule id ${unknown.map((id) => `'${id}'`).join(', ')}. Known rules: ${list}.`);
  }
  const wanted = new Set(ids);
  // Catalogue order, so output does not depend on the order of --rule flags.
  return rules
    .filter((rule) => wanted.has(rule.id))
    .map(
      (rule) =>
        settings.find((setting) => setting.rule === rule) ?? { rule, severity: rule.meta.severity, options: undefined },
    );
}

function checkPreset(config: ConfigName): void {
  if (!configNames.includes(config)) {
    throw new UsageError(`Unknown preset '${config}'. Known presets: ${configNames.join(', ')}.`);
  }
}

function findingKey(finding: UnprintedFinding): string {
  return [finding.ruleId, finding.messageId, finding.path, finding.line, finding.column, finding.endLine, finding.endColumn, finding.message].join('\0');
}
