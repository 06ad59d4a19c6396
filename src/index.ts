import plugin from './eslint/plugin.js';

/** The default export is the ESLint plugin, as ESLint users expect: `toolgate.configs.recommended`. */
export default plugin;
export { plugin };
import { defaultToolkit } from './defaults.js';
import { inspect as inspectWith, type InspectResult } from './engine/inspect/index.js';
import { scan as scanWith, type ScanOptions, type ScanResult } from './engine/scan.js';
import type { FileOptions } from './engine/file-pipeline.js';

/** Find the files under `paths`, check each with the rules of a config, and collect the results. */
export function scan(options: ScanOptions = {}): Promise<ScanResult> {
  return scanWith(options, defaultToolkit);
}

/** Find the files under `paths` and say, for each agent configuration, who decides each tool call. */
export function inspect(options: FileOptions = {}): Promise<InspectResult> {
  return inspectWith(options, defaultToolkit);
}

export type { ToolgateConfig, ToolgatePlugin } from './eslint/plugin.js';
export type { ScanOptions, ScanResult, ScanStats } from './engine/scan.js';
export type { InspectReport, InspectResult, LocatedTool } from './engine/inspect/index.js';
export type { FileProblem, Finding } from './engine/findings.js';
export type { ConfigName } from './engine/configs.js';
export type { AnyRule, Rule, RuleMeta, RuleReport, Severity } from './model/rule.js';
export type {
  AgentConfiguration,
  AgentModel,
  FunctionFacts,
  Gate,
  GateKind,
  Language,
  Span,
  Value,
  ValueSet,
} from './model/types.js';
