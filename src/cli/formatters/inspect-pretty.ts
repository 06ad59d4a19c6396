import { compareText } from '../../engine/findings.js';
import type { DecisionKind, InspectReport, InspectResult, LocatedStep } from '../../engine/inspect/index.js';
import type { SpanLocation } from '../../engine/file-pipeline.js';
import type { Colors } from '../color.js';
import { escapeForTerminal } from '../escape.js';
import type { FormatContext } from './index.js';
import { plural } from './summary.js';

/**
 * One table per configuration, headed by where it is written: a row per
 * tool with who decides its calls, then the deciding values and where each
 * is written. Decisions are sentences, so they are not padded.
 */
export function formatInspectPretty(result: InspectResult, { colors }: FormatContext): string {
  const lines: string[] = [];
  for (const configuration of result.configurations) {
    for (const line of table(configuration, colors)) lines.push(line);
    lines.push('');
  }
  if (result.configurations.length === 0) lines.push('No agent configurations found.');
  if (result.problems.length > 0) {
    const failed = new Set(result.problems.map((problem) => problem.path)).size;
    lines.push(colors.bold(colors.red(`✖ ${plural(failed, 'file')} could not be inspected`)));
  }
  const { files, analysed, skipped, failed } = result.stats;
  lines.push(
    colors.dim(
      `${plural(result.configurations.length, 'configuration')} in ${plural(files, 'file')} ` +
        `(${analysed} analysed, ${skipped} skipped by prefilter, ${failed} failed)`,
    ),
  );
  return `${lines.join('\n')}\n`;
}

function table(configuration: InspectReport, colors: Colors): string[] {
  const header = `${colors.underline(escapeForTerminal(at(configuration.location)))}  ${escapeForTerminal(entryLabel(configuration))}`;
  const tools = [...configuration.tools].sort((a, b) => compareText(a.tool, b.tool));
  // Not Math.max(...): a configuration can name more tools than a call takes arguments.
  const toolWidth = tools.reduce((width, tool) => Math.max(width, tool.tool.length), 0);
  const shown = (step: LocatedStep): step is LocatedStep & { location: SpanLocation } => step.location !== undefined;
  const valueWidth = tools.reduce((width, tool) => tool.steps.filter(shown).reduce((widest, step) => Math.max(widest, valueOf(step).length), width), 0);
  const lines = [header];
  for (const tool of tools) {
    const paint = paintFor(tool.decision.kind, colors);
    lines.push(`  ${colors.bold(escapeForTerminal(tool.tool.padEnd(toolWidth)))}  ${paint(escapeForTerminal(tool.decision.summary))}`);
    for (const step of tool.steps.filter(shown)) {
      const value = escapeForTerminal(valueOf(step).padEnd(valueWidth));
      lines.push(`  ${' '.repeat(toolWidth)}    ${value}  ${colors.dim(escapeForTerminal(at(step.location)))}`);
    }
  }
  return lines;
}

/** `query(...)`, `Options object`, `settings (project tier)`. */
function entryLabel(configuration: InspectReport): string {
  if (configuration.entry === 'settings') return configuration.tier ? `settings (${configuration.tier} tier)` : 'settings';
  if (configuration.entry === 'Options') return 'Options object';
  return `${configuration.entry}(...)`;
}

function valueOf(step: LocatedStep): string {
  return step.value ? `${step.option} '${step.value}'` : step.option;
}

function at(location: SpanLocation): string {
  return `${location.path}:${location.line}:${location.column}`;
}

function paintFor(kind: DecisionKind, colors: Colors): (text: string) => string {
  switch (kind) {
    case 'approved':
      return colors.green;
    case 'denied':
      return colors.red;
    case 'reaches canUseTool':
      return colors.cyan;
    case 'unknown':
      return colors.magenta;
    default:
      return colors.yellow;
  }
}
