import type { FileProblem, Finding } from '../../engine/findings.js';
import { compareFindings, compareText } from '../../engine/findings.js';
import type { Report } from './index.js';
import { describeShard } from '../../engine/shard.js';
import { toolInfo } from '../../package-info.js';
import { countSeverities, uncheckedFiles } from './summary.js';
import { jsonReport } from '../escape.js';

/**
 * The JSON report, schema version 1 (docs/json-format.md). Objects are built
 * key by key so the order is part of the format; absent values are `null`
 * rather than missing, so every record has the same shape.
 */
export function formatJson(result: Report): string {
  const { errors, warnings } = countSeverities(result.findings);
  const report = {
    version: 1,
    tool: { name: toolInfo.name, version: toolInfo.version },
    summary: {
      files: result.stats.files,
      analysed: result.stats.analysed,
      cached: result.stats.cached ?? 0,
      skipped: result.stats.skipped,
      failed: result.stats.failed,
      failedReferenced: uncheckedFiles(result).read,
      ignored: result.stats.ignored,
      errors,
      warnings,
      baselined: result.baselined ?? 0,
      shard: result.shard ? describeShard(result.shard) : null,
    },
    findings: [...result.findings].sort(compareFindings).map(findingRecord),
    suppressed: [...(result.suppressed ?? [])].sort(compareFindings).map(suppressedRecord),
    problems: [...result.problems].sort((a, b) => compareText(a.path, b.path)).map(problemRecord),
  };
  return jsonReport(report);
}

function findingRecord(finding: Finding) {
  return {
    ruleId: finding.ruleId,
    messageId: finding.messageId,
    severity: finding.severity,
    message: finding.message,
    path: finding.path,
    line: finding.line,
    column: finding.column,
    endLine: finding.endLine,
    endColumn: finding.endColumn,
    data: Object.fromEntries(Object.entries(finding.data).sort(([a], [b]) => compareText(a, b))),
    suggestions: (finding.suggestions ?? []).map(({ messageId, message, edits }) => ({
      messageId,
      message,
      edits: edits.map(({ path, line, column, endLine, endColumn, before, text }) => ({ path, line, column, endLine, endColumn, before, text })),
    })),
    related: (finding.related ?? []).map(({ path, line, column, endLine, endColumn, message }) => ({ path, line, column, endLine, endColumn, message })),
  };
}

function suppressedRecord(finding: Finding) {
  return {
    ...findingRecord(finding),
    suppression: { via: finding.suppression?.via ?? 'toolgate', justification: finding.suppression?.justification ?? null },
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
