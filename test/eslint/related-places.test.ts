import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { plugin } from '../../src/index.js';
import { fixtureFindings } from '../support/scan.js';

const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** Lint `file` in `project` as a user would: the recommended flat config, typescript-eslint's parser for TypeScript, typed when asked. */
async function lint(project: string, file: string, typed = false): Promise<Linter.LintMessage[]> {
  const cwd = path.join(fixtures, project);
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tsParser, parserOptions: typed ? { projectService: { allowDefaultProject: [] }, tsconfigRootDir: cwd } : {} },
      },
      plugin.configs.recommended,
    ],
  });
  const [result] = await eslint.lintFiles([file]);
  return result!.messages;
}

/** `scan`'s message for the finding of `ruleId` at `line` of `file`, which ESLint's must start with. */
async function scanMessage(project: string, file: string, ruleId: string, line: number): Promise<string> {
  const findings = await fixtureFindings(fixtures, project);
  const found = findings.find((finding) => finding.path === `${project}/${file}` && finding.ruleId === ruleId && finding.line === line);
  expect(found, `${ruleId} at ${file}:${line}`).toBeDefined();
  return found!.message;
}

describe('ESLint names a finding\'s related places in its message, since it shows no related locations', () => {
  it('a place in another file, by its path from the working folder (typed lint: the call that passes a "can be" value)', async () => {
    const messages = await lint('eslint-related', 'src/mode.ts', true);
    expect(messages.map(({ ruleId, messageId, line, column }) => ({ ruleId, messageId, line, column }))).toEqual([
      // The message id stays the rule's own.
      { ruleId: 'toolgate/no-bypass-without-disallowed-tools', messageId: 'bypassWithoutDeny', line: 1, column: 21 },
    ]);
    const scanned = await scanMessage('eslint-related', 'src/mode.ts', 'no-bypass-without-disallowed-tools', 1);
    expect(scanned).not.toContain('See also');
    expect(messages[0]!.message).toBe(`${scanned} (See also src/agent.ts:8.)`);
  });

  it('a place in the linted file, by its line (untyped JavaScript)', async () => {
    const messages = await lint('eslint', 'mode-from-caller.js');
    expect(messages.map(({ ruleId, messageId, line, column }) => ({ ruleId, messageId, line, column }))).toEqual([
      { ruleId: 'toolgate/no-bypass-without-disallowed-tools', messageId: 'bypassWithoutDeny', line: 7, column: 14 },
    ]);
    const scanned = await scanMessage('eslint', 'mode-from-caller.js', 'no-bypass-without-disallowed-tools', 7);
    expect(messages[0]!.message).toBe(`${scanned} (See also line 8.)`);
  });

  it('keeps the message as scan writes it when a finding has no related place', async () => {
    const messages = await lint('eslint', 'agent.ts');
    expect(messages.map(({ messageId }) => messageId)).toEqual(['bypassWithoutDeny', 'allowedToolsIgnored', 'bareTool']);
    const findings = await fixtureFindings(fixtures, 'eslint/agent.ts');
    expect(findings.every((finding) => !finding.related)).toBe(true);
    // scan keeps one of two findings at one place (src/engine/dedupe.ts); ESLint runs each rule on its own.
    expect(messages.map(({ message }) => message)).toEqual(expect.arrayContaining(findings.map(({ message }) => message)));
    expect(messages.filter(({ message }) => message.includes('(See also'))).toEqual([]);
  });
});
