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
        "import { agentOptions } from '@agent/config'; ← no-bare-allowed-tools",
        "import { guardHooks } from './hooks/index.js'; ← no-tool-use-id-dedupe",
        "import { guardHooks } from './hooks/index.js'; ← no-fail-open-hook",
      ]),
    );
  });

  it('leaves files that do not use the SDK alone', () => {
    expect(analyzeWithProgram('export const x = 1;', agent, program)).toBeUndefined();
  });
});
