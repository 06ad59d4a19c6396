import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll } from 'vitest';
import { repoRoot, runCli, type CliRun } from '../cli/support.js';

export { repoRoot };

const made: string[] = [];
afterAll(() => {
  for (const root of made) rmSync(root, { recursive: true, force: true });
});

/** A fresh folder holding `files` (relative paths, parents created), removed after the test file. */
export function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'toolgate-robust-'));
  made.push(root);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

/** `toolgate <args>` in-process, in `cwd`, colour off. */
export function cli(cwd: string, ...args: string[]): Promise<CliRun> {
  return runCli(args, { cwd });
}

export const sdkImport = "import { query } from '@anthropic-ai/claude-agent-sdk';\n";

/** A TypeScript agent with one certain finding: a bare Bash allow rule. */
export const badAgent = `${sdkImport}query({ prompt: 'x', options: { allowedTools: ['Bash'] } });\n`;

/** The Python equivalent. */
export const badPythonAgent =
  "from claude_agent_sdk import query, ClaudeAgentOptions\n\nquery(prompt='x', options=ClaudeAgentOptions(allowed_tools=['Bash']))\n";

/** The permission modes and allow-list entries the property tests draw from. */
export const modes = ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk'] as const;
export type Mode = (typeof modes)[number];
export const tools = ['Bash', 'Read', 'Edit', 'Write', 'WebFetch', 'Glob', 'Grep', 'Bash(npm test *)', 'Read(./docs/**)', 'Edit(./src/**)', 'WebFetch(domain:example.com)', 'mcp__payments__refund', 'mcp__payments'];

/**
 * Findings name options as they are spelled in the file (`allowedTools`, `allowed_tools`) and
 * suggest them so (`timeout: 30`, `timeout=30`; `this.mode`, `self.mode`), so the languages are
 * compared by rule and message, with each data value in one spelling.
 */
export const spelling = (finding: string): string =>
  finding.replace(/[a-z]+(?:_[a-z]+)+/g, (name) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())).replace(/\b([a-z]\w*)=(\w)/gi, '$1: $2').replace(/\bself\./g, 'this.');

/** Control characters a terminal would act on, other than the line feed that ends each line of output. */
export const unsafeInTerminal = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const ajv = new Ajv2020({ allErrors: true });
ajv.addFormat('uri', (value: string) => URL.canParse(value));
ajv.addFormat('uri-reference', (value: string) => URL.canParse(value, 'file:///base/') && !/[\s%](?![0-9A-Fa-f]{2})/.test(value));
ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const sarifSchema = path.join(repoRoot, 'node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json');
const validateSarif = ajv.compile(JSON.parse(readFileSync(sarifSchema, 'utf8')));

/** The SARIF log parsed, after checking it against the SARIF 2.1.0 schema. */
export function parseSarif(text: string): SarifLog {
  const log = JSON.parse(text) as SarifLog;
  if (!validateSarif(log)) throw new Error(`invalid SARIF: ${ajv.errorsText(validateSarif.errors)}`);
  return log;
}

export interface SarifLog {
  runs: Array<{
    results: Array<{ ruleId: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
    invocations: Array<{
      executionSuccessful: boolean;
      toolExecutionNotifications: Array<{ message: { text: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
    }>;
  }>;
}

/** A SARIF artifact URI back to the relative path it was made from. */
export function pathOfUri(uri: string): string {
  return uri.split('/').map(decodeURIComponent).join('/');
}

export interface JsonReport {
  summary: { files: number; analysed: number; skipped: number; failed: number; ignored: number; errors: number; warnings: number };
  findings: Array<{ ruleId: string; path: string; line: number; column: number; message: string }>;
  problems: Array<{ path: string; kind: string; message: string; line: number | null; column: number | null }>;
}

export function writeTo(root: string, file: string, content: string | Buffer): string {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  return full;
}
