import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutBom } from '../../src/engine/analyse.js';
import { applyEdits } from '../../src/engine/edits.js';
import { scan } from '../support/scan.js';

const work = mkdtempSync(path.join(tmpdir(), 'toolgate-suggestions-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sdk = "import { query } from '@anthropic-ai/claude-agent-sdk';";
const files: Record<string, string> = {
  // A byte order mark and CRLF: edits count as findings do, after the mark.
  'agent.ts': `\ufeff${sdk}\r\nquery({ prompt: 'x', options: { allowedTools: ['Read', 'Bash'] } });\r\n`,
  'base.ts': "export const base = { allowedTools: ['Write', 'Grep'] };\n",
  'shared.ts': `${sdk}\nimport { base } from './base';\nquery({ prompt: 'x', options: base });\n`,
};
for (const [name, text] of Object.entries(files)) writeFileSync(path.join(work, name), text);

describe('scan with suggestions', async () => {
  const { findings } = await scan({ cwd: work, rules: ['no-bare-allowed-tools'] });

  it('places each edit and shows the text it replaces', () => {
    expect(findings.map(({ path: file, line, column, suggestions }) => ({ file, line, column, suggestions }))).toEqual([
      {
        file: 'agent.ts',
        line: 2,
        column: 56,
        suggestions: [
          {
            messageId: 'removeEntry',
            message: "Remove 'Bash' from the list: its calls then need approval (canUseTool, a prompt, or a scoped rule you add).",
            edits: [{ path: 'agent.ts', line: 2, column: 54, endLine: 2, endColumn: 62, span: expect.any(Object), before: ", 'Bash'", text: '' }],
          },
        ],
      },
      // Reported where the entry is written, another module: the edit goes there too.
      {
        file: 'base.ts',
        line: 1,
        column: 38,
        suggestions: [expect.objectContaining({ edits: [expect.objectContaining({ path: 'base.ts', line: 1, column: 38, before: "'Write', " })] })],
      },
    ]);
  });

  it('gives edits that turn each file into the fixed one', () => {
    const fixed = (finding: (typeof findings)[number]) => {
      const [edit] = finding.suggestions![0]!.edits;
      return applyEdits(withoutBom(readFileSync(path.join(work, edit!.path), 'utf8')), finding.suggestions![0]!.edits);
    };
    expect(fixed(findings[0]!)).toBe(`${sdk}\r\nquery({ prompt: 'x', options: { allowedTools: ['Read'] } });\r\n`);
    expect(fixed(findings[1]!)).toBe("export const base = { allowedTools: ['Grep'] };\n");
  });
});
