import { describe, expect, it } from 'vitest';
import { createColors } from '../../src/cli/color.js';
import { escapeData, escapeProperty } from '../../src/cli/formatters/github.js';
import { loadFormatter } from '../../src/cli/formatters/index.js';
import { finding, problem, repoRoot, runCli, scanResult } from './support.js';

const formatters = { github: await loadFormatter('github') };

const context = { colors: createColors(false), cwd: repoRoot };

describe('--format github', () => {
  it('prints a workflow command per finding and per file that could not be checked, then a summary', () => {
    const result = scanResult({
      findings: [
        finding({ path: 'src/b.ts', line: 12, column: 3, endLine: 12, endColumn: 9, severity: 'warning', ruleId: 'no-fail-open-hook', message: 'Fails open.' }),
        finding(),
      ],
      problems: [problem(), problem({ path: 'lib/gone.ts', kind: 'read', message: 'ENOENT', line: undefined, column: undefined })],
      stats: { files: 7, analysed: 3, skipped: 2, failed: 2 },
    });
    expect(formatters.github(result, context)).toBe(
      [
        "::error file=src/agent.ts,line=3,col=5,endLine=3,endColumn=11,title=no-bare-allowed-tools::'Bash' is approved for every input.",
        '::warning file=src/b.ts,line=12,col=3,endLine=12,endColumn=9,title=no-fail-open-hook::Fails open.',
        '::error file=lib/gone.ts,title=toolgate could not check this file (read)::ENOENT',
        "::error file=src/broken.ts,line=2,col=7,title=toolgate could not check this file (parse)::Syntax error: ',' expected.",
        'toolgate: 2 problems (1 error, 1 warning) in 7 files; 2 files could not be checked',
        '',
      ].join('\n'),
    );
  });

  it('prints only the summary when nothing was found', () => {
    const result = scanResult({ stats: { files: 1, analysed: 1, skipped: 0, failed: 0 } });
    expect(formatters.github(result, context)).toBe('toolgate: 0 problems (0 errors, 0 warnings) in 1 file\n');
  });

  it("escapes as GitHub's toolkit does, so a name or message cannot end the command or add properties", () => {
    expect(escapeData('100% sure\r\nnext line: a, b')).toBe('100%25 sure%0D%0Anext line: a, b');
    expect(escapeProperty('dir,with:odd%name\n.ts')).toBe('dir%2Cwith%3Aodd%25name%0A.ts');
    const result = scanResult({ findings: [finding({ path: 'a,b:c.ts', message: 'line one\n::error::forged' })] });
    const [annotation] = formatters.github(result, context).split('\n');
    expect(annotation).toBe("::error file=a%2Cb%3Ac.ts,line=3,col=5,endLine=3,endColumn=11,title=no-bare-allowed-tools::line one%0A::error::forged");
  });

  it('shows ESC, C1 controls and bidirectional overrides as escapes, as the pretty output does', () => {
    expect(escapeData('a\u001b[2J\u009b\u202eb\tc\nd')).toBe('a\\x1b[2J\\x9b\\u202eb\\x09c%0Ad');
    const result = scanResult({ findings: [finding({ path: '\u001b[31mred\u2066.ts', message: "audit('\u0007\u202e')" })] });
    const [annotation] = formatters.github(result, context).split('\n');
    expect(annotation).toBe(
      "::error file=\\x1b[31mred\\u2066.ts,line=3,col=5,endLine=3,endColumn=11,title=no-bare-allowed-tools::audit('\\x07\\u202e')",
    );
  });

  it('is what `scan --format github` prints, with the exit code of any other format', async () => {
    const { code, stdout } = await runCli(['scan', 'fixtures/cli/violations', '--format', 'github']);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) {
      expect(line).toMatch(/^::(error|warning) file=fixtures\/cli\/violations\/agent\.ts,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[a-z-]+::\S/);
    }
    expect(lines.at(-1)).toMatch(/^toolgate: \d+ problems \(\d+ errors?, \d+ warnings?\) in 1 file$/);
  });
});
