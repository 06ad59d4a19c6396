import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { FileProblem, Finding } from '../../engine/findings.js';
import { compareFindings, compareText } from '../../engine/findings.js';
import type { AnyRule } from '../../engine/rule.js';
import type { ScanResult } from '../../engine/scan.js';
import { toolInfo } from '../../package-info.js';

const schema = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const rootId = '%SRCROOT%';

/**
 * SARIF 2.1.0 for GitHub code scanning and other viewers. Paths stay relative
 * to `%SRCROOT%`, so a baseline taken on one machine matches on another.
 */
export function formatSarif(result: ScanResult): string {
  const ruleIndex = new Map(result.rules.map((rule, index) => [rule.id, index]));
  const findings = [...result.findings].sort(compareFindings);
  const fingerprints = fingerprintAll(findings);
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
        results: findings.map((finding, index) => ({
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
          partialFingerprints: { 'toolgate/v1': fingerprints[index] },
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function ruleDescriptor(rule: AnyRule) {
  return {
    id: rule.id,
    name: rule.id,
    shortDescription: { text: rule.meta.docs.description },
    fullDescription: { text: rule.meta.docs.description },
    helpUri: rule.meta.docs.url,
    defaultConfiguration: { level: rule.meta.severity === 'warn' ? 'warning' : 'error' },
    properties: { tags: ['security', rule.meta.type] },
  };
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

/**
 * Stable across edits that move code: built from what was found and where
 * (file, rule, message), not the line, with an ordinal to keep repeats apart.
 */
function fingerprintAll(findings: readonly Finding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const key = [finding.path, finding.ruleId, finding.messageId, finding.message].join('\0');
    const ordinal = seen.get(key) ?? 0;
    seen.set(key, ordinal + 1);
    return createHash('sha256').update(`${key}\0${ordinal}`).digest('hex').slice(0, 32);
  });
}
