import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scan } from '../../src/engine/scan.js';
import type { FrontEnd } from '../../src/frontends/contract.js';
import { typeScriptWriter } from '../../src/frontends/typescript/writer.js';
import type { Language } from '../../src/model/types.js';
import { reportConfigurations } from '../eslint/dummy-rules.js';

// A language the engine has never heard of, as a front end handed to `scan`
// with a rule of the ESLint harness's: the engine finds its files,
// prefilters, loads and runs it, and places the findings, with no change of
// its own.
const cobol = 'cobol' as Language;

/** Reads `*.cob`: each `CALL "AGENT"` is an agent configuration, spanning the call. */
const cobolFrontEnd: FrontEnd = {
  id: 'cobol',
  handles: (file) => file.endsWith('.cob'),
  prefilter: { markers: ['AGENT'], mentionsSdk: (text) => text.includes('CALL "AGENT"') },
  inEslint: false,
  writers: { [cobol]: () => typeScriptWriter },
  load: async () => ({
    analyse: (text, file) => ({
      model: {
        path: file,
        language: cobol,
        configurations: [...text.matchAll(/CALL "AGENT"/g)].map((match) => {
          const span = { start: match.index, end: match.index + match[0].length };
          return { span, entry: 'query', options: { alternatives: [{ kind: 'unknown' as const, span }] } };
        }),
        functions: [],
        gates: [],
      },
      syntaxErrors: [],
    }),
  }),
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'toolgate-cobol-'));
  writeFileSync(path.join(root, 'pay.cob'), 'IDENTIFICATION DIVISION.\n    CALL "AGENT" USING OPTS.\n');
  // Near misses: the marker without the call the front end's check wants, and a language it was not handed.
  writeFileSync(path.join(root, 'notes.cob'), '* AGENT is called elsewhere\n');
  writeFileSync(path.join(root, 'agent.ts'), "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x' });\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('scans a made-up language with a made-up rule', async () => {
  const result = await scan({ cwd: root, configFile: false }, { rules: [reportConfigurations], frontEnds: [cobolFrontEnd] });
  expect(result.problems).toEqual([]);
  expect(result.findings.map(({ path: file, line, column, endLine, endColumn, ruleId }) => ({ file, line, column, endLine, endColumn, ruleId }))).toEqual([
    { file: 'pay.cob', line: 2, column: 5, endLine: 2, endColumn: 17, ruleId: 'report-configurations' },
  ]);
  // `agent.ts` is no file of these front ends: left out as `scan` leaves out any file no front end reads.
  expect(result.stats).toMatchObject({ files: 2, analysed: 1, skipped: 1 });
  expect(result.rules).toEqual([reportConfigurations]);
});
