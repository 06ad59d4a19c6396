import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** Lint `patterns` in `project` with the real ESLint class, typescript-eslint's parser and the recommended config. */
async function lint(project: string, patterns: string[], typed = true): Promise<string[]> {
  const { ESLint } = await import('eslint');
  const tsParser = (await import('@typescript-eslint/parser')).default;
  const { plugin } = await import('../../src/index.js');
  const cwd = path.join(fixtures, project);
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.js'],
        languageOptions: {
          parser: tsParser,
          parserOptions: typed ? { projectService: { allowDefaultProject: [] }, tsconfigRootDir: cwd } : {},
        },
      },
      plugin.configs.recommended,
    ],
  });
  const results = await eslint.lintFiles(patterns);
  return results.flatMap((result) =>
    result.messages.map(({ ruleId, line, column, endLine, endColumn, message }) => {
      const imported = /\(Imported: the value is written at ([^)]*)\.\)$/.exec(message);
      const at = `${path.relative(cwd, result.filePath)}:${line}:${column}-${endLine}:${endColumn}`;
      return `${at} ${ruleId}${imported ? ` from ${imported[1]}` : ''}`;
    }),
  ).sort();
}

describe('ESLint with type information: an imported mistake shows once', () => {
  it('where it is written, when that file is linted, never at the imports on the way (TypeScript and JavaScript)', async () => {
    expect(await lint('eslint-imports', ['src'])).toEqual([
      // A value from a file outside the tsconfig's include: at the imported name, with where the value is.
      // `mode`, not `model` beside it, carries the value.
      'src/agent.ts:3:17-3:21 toolgate/no-bypass-without-disallowed-tools from shared/mode.ts:1',
      // Reached through src/base.ts: the first linted file on the way reports it, and agent.ts does not.
      'src/base.ts:1:10-1:20 toolgate/no-bare-allowed-tools from shared/base.ts:1',
      // Through the re-export in src/config/index.ts: reported in tools.ts only.
      'src/config/tools.ts:1:31-1:37 toolgate/no-bare-allowed-tools',
      'src/js-tools.js:1:25-1:32 toolgate/no-bare-allowed-tools',
      'src/writer.js:3:10-3:16 toolgate/no-bypass-without-disallowed-tools from shared/js-mode.js:1',
    ]);
  });

  it('linting only the agent leaves what its linted modules hold to them', async () => {
    expect(await lint('eslint-imports', ['src/agent.ts'])).toEqual(['src/agent.ts:3:17-3:21 toolgate/no-bypass-without-disallowed-tools from shared/mode.ts:1']);
  });

  it('a module that holds a mistake only through the code that uses it reports it (a hook module, options a query completes)', async () => {
    // Nothing at agent.ts, config/index.ts or hooks/index.ts, through which the values pass. In ESLint each
    // rule runs on its own, so two rules can report one place (scan keeps one: src/engine/dedupe.ts).
    expect(await lint('modules/ts-paths', ['.'])).toEqual([
      // canUseTool is set in agent.ts; the mode it defeats is written here.
      'src/config/options.ts:3:32-3:51 toolgate/no-bypass-without-disallowed-tools',
      'src/config/options.ts:3:32-3:51 toolgate/no-shadowed-can-use-tool',
      'src/config/options.ts:7:18-7:24 toolgate/no-bare-allowed-tools',
      'src/config/options.ts:7:18-7:24 toolgate/no-shadowed-can-use-tool',
      'src/config/options.ts:7:26-7:41 toolgate/no-bare-allowed-tools',
      'src/config/options.ts:7:26-7:41 toolgate/no-shadowed-can-use-tool',
      'src/config/options.ts:7:3-7:15 toolgate/no-bypass-without-disallowed-tools',
      // The hook is registered in agent.ts; its mistakes are written here.
      'src/hooks/guard.ts:14:5-14:10 toolgate/no-fail-open-hook',
      'src/hooks/guard.ts:7:20-7:39 toolgate/no-tool-use-id-dedupe',
    ]);
  });

  it('without type information, stays single-file and reports nothing it cannot see', async () => {
    expect(await lint('modules/ts-paths', ['src/agent.ts'], false)).toEqual([]);
  });
});
