import type { FileProblem } from '../../engine/findings.js';
import { compareText } from '../../engine/findings.js';
import type { InspectReport, InspectResult, LocatedStep, LocatedTool } from '../../engine/inspect/index.js';
import type { SpanLocation } from '../../engine/file-pipeline.js';
import { toolInfo } from '../../package-info.js';
import { jsonReport } from '../escape.js';

/**
 * The `inspect` JSON report, schema version 1 (docs/inspect.md). Objects are
 * built key by key so the order is part of the format; absent values are
 * `null`, so every record has the same shape.
 */
export function formatInspectJson(result: InspectResult): string {
  const report = {
    version: 1,
    report: 'inspect',
    tool: { name: toolInfo.name, version: toolInfo.version },
    summary: {
      files: result.stats.files,
      analysed: result.stats.analysed,
      skipped: result.stats.skipped,
      failed: result.stats.failed,
      configurations: result.configurations.length,
    },
    configurations: result.configurations.map(configurationRecord),
    problems: [...result.problems].sort((a, b) => compareText(a.path, b.path)).map(problemRecord),
  };
  return jsonReport(report);
}

function configurationRecord(configuration: InspectReport) {
  return {
    ...locationRecord(configuration.location),
    entry: configuration.entry,
    tier: configuration.tier ?? null,
    tools: [...configuration.tools].sort((a, b) => compareText(a.tool, b.tool)).map(toolRecord),
  };
}

function toolRecord(tool: LocatedTool) {
  return {
    tool: tool.tool,
    decision: {
      kind: tool.decision.kind,
      summary: tool.decision.summary,
      by: tool.decision.by,
      location: tool.decision.location ? locationRecord(tool.decision.location) : null,
    },
    steps: tool.steps.map(stepRecord),
  };
}

function stepRecord(step: LocatedStep) {
  return {
    stage: step.stage,
    effect: step.effect,
    calls: step.calls,
    certainty: step.certainty,
    option: step.option,
    value: step.value,
    note: step.note ?? null,
    text: step.text,
    location: step.location ? locationRecord(step.location) : null,
  };
}

function locationRecord(location: SpanLocation) {
  return {
    path: location.path,
    line: location.line,
    column: location.column,
    endLine: location.endLine,
    endColumn: location.endColumn,
  };
}

function problemRecord(problem: FileProblem) {
  return {
    path: problem.path,
    kind: problem.kind,
    message: problem.message,
    line: problem.line ?? null,
    column: problem.column ?? null,
  };
}
