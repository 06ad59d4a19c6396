import type { SettingsTier, Span } from '../../model/types.js';
import { compareText, type FileProblem } from '../findings.js';
import { analyseFiles, type AnalysedFile, type ScanStats, type SpanLocation, type FileOptions } from '../file-pipeline.js';
import type { Toolkit } from '../toolkit.js';
import { inspectModel } from './evaluate.js';
import type { Decision, Step } from './types.js';

export { inspectConfiguration, inspectModel } from './evaluate.js';
export type { Decision, DecisionKind, Effect, InspectedConfiguration, Stage, Step, ToolDecision } from './types.js';

/** A step with its value placed in a file. */
export type LocatedStep = Omit<Step, 'span'> & { location?: SpanLocation };

export interface LocatedTool {
  tool: string;
  decision: Omit<Decision, 'span'> & { location?: SpanLocation };
  steps: LocatedStep[];
}

/** One configuration's decision table, placed in its files. */
export interface InspectReport {
  location: SpanLocation;
  entry: string;
  tier?: SettingsTier;
  tools: LocatedTool[];
}

export interface InspectResult {
  /** Absolute working directory; paths are relative to it. */
  root: string;
  /** Sorted by path, line and column. */
  configurations: InspectReport[];
  problems: FileProblem[];
  stats: ScanStats;
}

/** Find the files under `paths` and say, for each agent configuration, who decides each tool call; `frontEnds` read the files. */
export async function inspect(options: FileOptions, { frontEnds }: Pick<Toolkit, 'frontEnds'>): Promise<InspectResult> {
  const configurations: InspectReport[] = [];
  const { root, stats, problems } = await analyseFiles(options, frontEnds, {
    check: (file) => {
      for (const report of reportsOf(file)) configurations.push(report);
    },
  });
  configurations.sort(compareReports);
  return { root, configurations, problems, stats };
}

function reportsOf(file: AnalysedFile): InspectReport[] {
  const place = (span: Span | undefined) => (span ? { location: file.locate(span) } : {});
  return inspectModel(file.model).map((inspected) => ({
    location: file.locate(inspected.span),
    entry: inspected.entry,
    ...(inspected.tier ? { tier: inspected.tier } : {}),
    tools: inspected.tools.map(({ tool, decision, steps }) => {
      const { span, ...rest } = decision;
      return {
        tool,
        decision: { ...rest, ...place(span) },
        steps: steps.map(({ span: stepSpan, ...step }) => ({ ...step, ...place(stepSpan) })),
      };
    }),
  }));
}

function compareReports(a: InspectReport, b: InspectReport): number {
  return (
    compareText(a.location.path, b.location.path) ||
    a.location.line - b.location.line ||
    a.location.column - b.location.column ||
    compareText(a.entry, b.entry)
  );
}
