import plugin from './eslint/plugin.js';

/** The default export is the ESLint plugin, as ESLint users expect: `toolgate.configs.recommended`. */
export default plugin;
export { plugin };
export { scan } from './engine/scan.js';
export { inspect } from './engine/inspect/index.js';

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
