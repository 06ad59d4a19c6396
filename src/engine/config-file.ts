import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv, ErrorObject } from 'ajv';
import type { RuleSetting } from './configs.js';
import { readTextFile } from './read-source.js';
import { UsageError } from './errors.js';
import type { AnyRule, Severity } from '../model/rule.js';

export const configFileName = 'toolgate.config.json';

/** What a config file sets for one rule: off, or on at a severity with options. */
export type RuleEntry = { severity: 'off' } | { severity: Severity; options?: unknown };

/** A validated config file (docs/configuration.md). */
export interface ToolgateConfig {
  /** The file it came from (`toolgate.config.json` or a `package.json`). */
  file: string;
  /** Its directory: `ignore` patterns are relative to it. */
  directory: string;
  rules: Map<string, RuleEntry>;
  /** gitignore syntax, relative to `directory`. */
  ignore: string[];
  /** gitignore syntax, relative to `directory`: further `.json` files to read as Claude Code settings. */
  settingsFiles: string[];
  /** `"prefilter": false`: analyse every supported file, not only those that name an SDK package. */
  prefilter?: boolean;
}

const topKeys = ['$schema', 'rules', 'ignore', 'settingsFiles', 'prefilter'];
let ajv: Ajv | undefined;

/** Ajv is some 60 CommonJS modules: loaded only when a config turns a rule on, as most scans have no config. */
function optionsValidator(): Ajv {
  ajv ??= new (createRequire(import.meta.url)('ajv') as typeof import('ajv')).Ajv({ allErrors: true, strict: false });
  return ajv;
}

/**
 * The config for a scan of `start` (a file or directory): the nearest
 * `toolgate.config.json`, or `package.json` with a `toolgate` key, in it or
 * above it. Read as JSON only: nothing of the project is executed.
 */
export async function findConfig(start: string, rules: RuleSource): Promise<ToolgateConfig | undefined> {
  const found = await findConfigData(start);
  return found && validateFound(found, rules);
}

/** The nearest config's file and data, not yet validated. */
async function findConfigData(start: string): Promise<FoundConfig | undefined> {
  let directory = path.resolve(start);
  for (;;) {
    const own = await readText(path.join(directory, configFileName));
    if (own !== undefined) return { file: path.join(directory, configFileName), data: parseJson(own, path.join(directory, configFileName)), prefix: '' };
    const manifest = await readText(path.join(directory, 'package.json'));
    if (manifest !== undefined) {
      const data = parseJson(manifest, path.join(directory, 'package.json'));
      if (data !== null && typeof data === 'object' && 'toolgate' in data) {
        return { file: path.join(directory, 'package.json'), data: (data as { toolgate: unknown }).toolgate, prefix: 'toolgate.' };
      }
    }
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/** Read a config file named on the command line. */
export async function loadConfig(file: string, rules: RuleSource): Promise<ToolgateConfig> {
  const text = await readText(file);
  if (text === undefined) throw new UsageError(`Config file not found: ${file}`);
  return validateFound({ file, data: parseJson(text, file), prefix: '' }, rules);
}

/** The rules a config may name, or how to load them: only a config with a `rules` key loads them. */
export type RuleSource = readonly AnyRule[] | (() => Promise<readonly AnyRule[]>);

interface FoundConfig {
  file: string;
  data: unknown;
  /** Where the config sits in its file, for messages: `toolgate.` in a `package.json`. */
  prefix: string;
}

async function validateFound({ file, data, prefix }: FoundConfig, rules: RuleSource): Promise<ToolgateConfig> {
  // Without a `rules` key no rule is named: the rules stay unloaded (validateConfig looks at them only there).
  const namesRules = data !== null && typeof data === 'object' && 'rules' in data;
  const known = typeof rules !== 'function' ? rules : namesRules ? await rules() : [];
  return validateConfig(data, file, prefix, known);
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch (error) {
    throw new UsageError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
}

/** Check every key and value; the first mistakes are reported together, with where they are. */
/** `rules`: those a config may name. */
export function validateConfig(data: unknown, file: string, prefix: string, rules: readonly AnyRule[]): ToolgateConfig {
  const errors: string[] = [];
  const fail = (where: string, message: string): void => void errors.push(`${prefix}${where}: ${message}`);
  // A key is the project's text: quoted when it is not a plain name, so a newline in it cannot start a line of the message.
  const keyName = (key: string): string => (/^[\w./@$-]+$/.test(key) ? key : JSON.stringify(key));
  const config: ToolgateConfig = { file, directory: path.dirname(file), rules: new Map(), ignore: [], settingsFiles: [] };
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new UsageError(`${file}: ${prefix ? `'${prefix.slice(0, -1)}'` : 'the config'} must be an object.`);
  }
  const record = data as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!topKeys.includes(key)) fail(keyName(key), `unknown key. Known keys: ${topKeys.slice(1).join(', ')}.`);
  }
  for (const key of ['ignore', 'settingsFiles'] as const) {
    const value = record[key];
    if (value === undefined) continue;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) config[key] = value;
    else fail(key, 'must be an array of strings (gitignore patterns).');
  }
  const prefilter = record['prefilter'];
  if (typeof prefilter === 'boolean') config.prefilter = prefilter;
  else if (prefilter !== undefined) fail('prefilter', 'must be true or false.');
  const entries = record['rules'];
  if (entries !== undefined) {
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) fail('rules', 'must be an object of rule id to setting.');
    else {
      const known = new Map(rules.map((rule) => [rule.id, rule]));
      for (const [given, value] of Object.entries(entries)) {
        const id = given.replace(/^toolgate\//, '');
        const rule = known.get(id);
        if (!rule) {
          fail(`rules.${keyName(given)}`, `unknown rule. Known rules: ${[...known.keys()].join(', ')}.`);
          continue;
        }
        const entry = ruleEntry(rule, value, (message) => fail(`rules.${keyName(given)}`, message));
        if (entry) config.rules.set(id, entry);
      }
    }
  }
  if (errors.length > 0) throw new UsageError(`Invalid config ${file}:\n  ${errors.join('\n  ')}`);
  return config;
}

// A Map, not an object: a level such as "toString" or "__proto__" must not find something inherited.
const severities = new Map<string, RuleEntry['severity']>([
  ['off', 'off'],
  ['warn', 'warn'],
  ['error', 'error'],
  ['0', 'off'],
  ['1', 'warn'],
  ['2', 'error'],
]);

/** `"off"`, `"warn"`, `"error"` (or 0, 1, 2), or `[severity, options]` as in ESLint. */
function ruleEntry(rule: AnyRule, value: unknown, fail: (message: string) => void): RuleEntry | undefined {
  const [level, ...options] = Array.isArray(value) ? value : [value];
  const severity = typeof level === 'string' || typeof level === 'number' ? severities.get(String(level)) : undefined;
  if (!severity) {
    fail(`severity must be "off", "warn" or "error" (or 0, 1, 2), alone or first in an array; got ${JSON.stringify(level)}.`);
    return undefined;
  }
  if (severity === 'off') return { severity };
  if (rule.meta.schema.length === 0) {
    if (options.length > 0) fail('takes no options.');
    return options.length > 0 ? undefined : { severity };
  }
  const schema = { type: 'array', items: rule.meta.schema, minItems: 0, maxItems: rule.meta.schema.length };
  const validate = optionsValidator().compile(schema);
  if (!validate(options)) {
    fail(`invalid options: ${(validate.errors ?? []).map(describeError).join('; ')}.`);
    return undefined;
  }
  return options.length > 0 ? { severity, options: options[0] } : { severity };
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath.replace(/^\/0/, '').replace(/\//g, '.') || 'options';
  const extra = error.keyword === 'additionalProperties' ? ` ('${String(error.params['additionalProperty'])}')` : '';
  return `${where.replace(/^\./, '')} ${error.message ?? 'is invalid'}${extra}`;
}

/**
 * The rules to run, with the config's settings applied: `off` removes a rule
 * (unless named with `--rule`), a severity turns it on or changes its level,
 * options replace the preset's.
 */
export function applyConfig(settings: readonly RuleSetting[], config: ToolgateConfig | undefined, named: readonly string[], rules: readonly AnyRule[]): RuleSetting[] {
  if (!config) return [...settings];
  const byId = new Map(settings.map((setting) => [setting.rule.id, setting]));
  // Catalogue order (`rules`), as `selectRules` keeps.
  const order = rules.filter((rule) => byId.has(rule.id) || (named.length === 0 && config.rules.has(rule.id)));
  return order.flatMap((rule): RuleSetting[] => {
    const entry = config.rules.get(rule.id);
    const current = byId.get(rule.id) ?? { rule, severity: rule.meta.severity, options: undefined };
    if (!entry) return [current];
    if (entry.severity === 'off') return named.includes(rule.id) ? [current] : [];
    return [{ rule, severity: entry.severity, options: 'options' in entry ? entry.options : current.options }];
  });
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return readTextFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}
