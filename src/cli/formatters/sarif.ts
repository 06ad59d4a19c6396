import { pathToFileURL } from 'node:url';
import type { FileProblem, FindingSuggestion, RelatedLocation } from '../../engine/findings.js';
import { compareFindings, compareText } from '../../engine/findings.js';
import type { AnyRule } from '../../model/rule.js';
import type { ScanResult } from '../../engine/scan.js';
import type { Shard } from '../../engine/shard.js';
import { toolInfo } from '../../package-info.js';
import { readRuleDoc, section, whyParagraph, withAbsoluteLinks, withoutLinks } from '../rule-docs.js';
import { jsonReport } from '../escape.js';

const schema = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const rootId = '%SRCROOT%';

/**
 * SARIF 2.1.0 for GitHub code scanning and other viewers. Paths stay relative
 * to `%SRCROOT%`, so a baseline taken on one machine matches on another.
 */
export function formatSarif(result: ScanResult): string {
  const ruleIndex = new Map(result.rules.map((rule, index) => [rule.id, index]));
  // Suppressed findings stay in the log, marked, so viewers can show them as such.
  const findings = [...result.findings, ...(result.suppressed ?? [])].sort(compareFindings);
  const log = {
    $schema: schema,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: toolInfo.name,
            version: toolInfo.version,
            informationUri: toolInfo.informationUri,
            rules: result.rules.map(ruleDescriptor),
          },
        },
        // One analysis per shard: code scanning keeps each category's alerts apart and shows them together.
        ...(result.shard ? { automationDetails: { id: `${sarifCategory(result.shard)}/` } } : {}),
        originalUriBaseIds: { [rootId]: { uri: directoryUri(result.root) } },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: result.problems.length === 0,
            toolExecutionNotifications: [...result.problems]
              .sort((a, b) => compareText(a.path, b.path))
              .map(notification),
          },
        ],
        results: findings.map((finding) => ({
          ruleId: finding.ruleId,
          ...(ruleIndex.has(finding.ruleId) ? { ruleIndex: ruleIndex.get(finding.ruleId) } : {}),
          level: finding.severity,
          message: { text: finding.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactLocation(finding.path),
                region: {
                  startLine: finding.line,
                  startColumn: finding.column,
                  endLine: finding.endLine,
                  endColumn: finding.endColumn,
                },
              },
            },
          ],
          ...(finding.related ? { relatedLocations: finding.related.map(relatedLocation) } : {}),
          // Made by the engine without line numbers (engine/fingerprint.ts), so
          // code scanning keeps an alert's identity when the code moves.
          partialFingerprints: { 'toolgate/v1': finding.fingerprint },
          ...(finding.suggestions ? { fixes: finding.suggestions.map(fix) } : {}),
          ...(finding.suppression
            ? {
                suppressions: [
                  {
                    kind: 'inSource',
                    ...(finding.suppression.justification ? { justification: finding.suppression.justification } : {}),
                  },
                ],
              }
            : {}),
        })),
      },
    ],
  };
  return jsonReport(log);
}

/**
 * A rule as code scanning shows it: the one-line description, the first
 * paragraph of its docs page's "Why" as the full description, and the whole
 * page as help (GitHub requires `help`). `name` is the id in PascalCase, the
 * SARIF convention for a friendly name, which must differ from the id.
 */
function ruleDescriptor(rule: AnyRule) {
  const { description, url } = rule.meta.docs;
  const page = readRuleDoc(rule.id);
  const why = page === undefined ? undefined : whyParagraph(page);
  const reason = page === undefined ? undefined : section(page, 'Why');
  return {
    id: rule.id,
    name: pascalCase(rule.id),
    shortDescription: { text: description },
    fullDescription: { text: why === undefined ? description : withoutLinks(why) },
    helpUri: url,
    help: {
      text: `${reason === undefined ? description : withoutLinks(reason)}\n\nExamples and options: ${url}`,
      ...(page === undefined ? {} : { markdown: withAbsoluteLinks(page, url) }),
    },
    defaultConfiguration: { level: rule.meta.severity === 'warn' ? 'warning' : 'error' },
    properties: { tags: ['security', rule.meta.type] },
  };
}

/** The code scanning category of a shard's upload: `toolgate/shard-1-of-4`. */
export function sarifCategory(shard: Shard): string {
  return `toolgate/shard-${shard.index}-of-${shard.count}`;
}

/** A suggestion as a SARIF fix: the edits grouped by file, in the order given. */
function fix({ message, edits }: FindingSuggestion) {
  const files = [...new Set(edits.map((edit) => edit.path))];
  return {
    description: { text: message },
    artifactChanges: files.map((file) => ({
      artifactLocation: artifactLocation(file),
      replacements: edits
        .filter((edit) => edit.path === file)
        .map(({ line, column, endLine, endColumn, text }) => ({
          deletedRegion: { startLine: line, startColumn: column, endLine, endColumn },
          insertedContent: { text },
        })),
    })),
  };
}

/** A related place: its own region and the sentence that says how it relates (SARIF §3.27.22). */
function relatedLocation({ path, line, column, endLine, endColumn, message }: RelatedLocation, index: number) {
  return {
    id: index,
    physicalLocation: { artifactLocation: artifactLocation(path), region: { startLine: line, startColumn: column, endLine, endColumn } },
    message: { text: message },
  };
}

function pascalCase(id: string): string {
  return id.replace(/(?:^|[-_/])([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());
}

function notification(problem: FileProblem) {
  const region =
    problem.line !== undefined ? { region: { startLine: problem.line, startColumn: problem.column ?? 1 } } : {};
  return {
    level: 'error',
    message: { text: problem.message },
    locations: [{ physicalLocation: { artifactLocation: artifactLocation(problem.path), ...region } }],
    properties: { kind: problem.kind },
  };
}

function artifactLocation(path: string) {
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: rootId };
}

function directoryUri(root: string): string {
  const href = pathToFileURL(root).href;
  return href.endsWith('/') ? href : `${href}/`;
}
