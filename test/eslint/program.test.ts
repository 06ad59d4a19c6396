import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkModel } from '../../src/engine/check.js';
import { configRules } from '../../src/engine/configs.js';
import { analyzeWithProgram, type ProgramLike } from '../../src/eslint/program.js';

const project = fileURLToPath(new URL('../../fixtures/modules/ts-paths/src/', import.meta.url));
const agent = `${project}agent.ts`;
const text = readFileSync(agent, 'utf8');
/** A stand-in for typescript-eslint's program: it only has to hand over source texts. */
const program: ProgramLike = { getSourceFile: (name) => ({ text: readFileSync(name, 'utf8') }) };

describe('the ESLint adapter with type information', () => {
  it('follows imports as scan does, and places findings from other modules at the import that leads to them', () => {
    const followed = analyzeWithProgram(text, agent, program)!;
    const reports = checkModel(followed.analysis.model!, configRules('recommended'));
    const placed = reports.map((report) => {
      const span = followed.relocate(report.span)!;
      return `${text.slice(span.start, span.end).split('\n')[0]} ← ${report.ruleId}`;
    });
    expect(new Set(placed)).toEqual(
      new Set([
        "import { agentOptions } from '@agent/config'; ← no-bypass-without-disallowed-tools",
        "import { agentOptions } from '@agent/config'; ← no-shadowed-can-use-tool",
        "import { guardHooks } from './hooks/index.js'; ← no-tool-use-id-dedupe",
        "import { guardHooks } from './hooks/index.js'; ← no-fail-open-hook",
      ]),
    );
  });

  it('leaves files that do not use the SDK alone', () => {
    expect(analyzeWithProgram('export const x = 1;', agent, program)).toBeUndefined();
  });
});

describe('through the real ESLint class', () => {
  const lintAgent = async (typed: boolean) => {
    const { ESLint } = await import('eslint');
    const tsParser = (await import('@typescript-eslint/parser')).default;
    const { plugin } = await import('../../src/index.js');
    const eslint = new ESLint({
      cwd: project,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: {
            parser: tsParser,
            parserOptions: typed ? { projectService: { allowDefaultProject: [] }, tsconfigRootDir: fileURLToPath(new URL('../../fixtures/modules/ts-paths/', import.meta.url)) } : {},
          },
        },
        plugin.configs.recommended,
      ],
    });
    const [result] = await eslint.lintFiles(['agent.ts']);
    return result!.messages.map(({ ruleId, line, column }) => `${line}:${column} ${ruleId}`);
  };

  it('with type information, reports imported mistakes at the import that brings them in', async () => {
    const messages = await lintAgent(true);
    expect(new Set(messages)).toEqual(
      new Set([
        '2:1 toolgate/no-bypass-without-disallowed-tools',
        '2:1 toolgate/no-shadowed-can-use-tool',
        '2:1 toolgate/no-bare-allowed-tools',
        '4:1 toolgate/no-tool-use-id-dedupe',
        '4:1 toolgate/no-fail-open-hook',
      ]),
    );
  });

  it('without type information, stays single-file and reports nothing it cannot see', async () => {
    expect(await lintAgent(false)).toEqual([]);
  });
});
