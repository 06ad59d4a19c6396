import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../support/scan.js';

// The AI SDK provider's files name no SDK package: the prefilter lets them
// through by the provider's names, and its own repository's examples, which
// import its build by a relative path, are told by its package.json.

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(tmpdir(), 'toolgate-provider-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

async function findings(): Promise<string[]> {
  const result = await scan({ cwd: dir, configFile: false, rules: ['no-bypass-without-disallowed-tools'] });
  expect(result.problems).toEqual([]);
  return result.findings.map((finding) => `${finding.path}:${finding.line}:${finding.column}`);
}

const example = (module: string) =>
  `import { createClaudeCode } from '${module}';\nconst agents = createClaudeCode({ defaultSettings: { permissionMode: 'bypassPermissions' } });\nexport const model = agents('opus');\n`;
const manifest = (name: string) => JSON.stringify({ name, type: 'module', main: './dist/index.cjs', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } });

describe('the AI SDK provider', () => {
  it('analyses a file that imports the package and names no SDK package', async () => {
    write({ 'src/agent.ts': example('ai-sdk-provider-claude-code') });
    expect(await findings()).toEqual(['src/agent.ts:2:70']);
  });

  it("reads the package's own examples, which import its build by a relative path", async () => {
    write({ 'package.json': manifest('ai-sdk-provider-claude-code'), 'examples/defaults.ts': example('../dist/index.js'), 'examples/legacy.cjs': example('../dist/index.cjs') });
    expect((await findings()).sort()).toEqual(['examples/defaults.ts:2:70', 'examples/legacy.cjs:2:70']);
  });

  it('follows a local module that exports the provider again; a bypass default that two models take is reported once', async () => {
    write({
      'src/provider.ts': "export { createClaudeCode } from 'ai-sdk-provider-claude-code';\n",
      'src/agent.ts': `${example('./provider.js')}export const other = agents.chat('sonnet', { maxTurns: 2 });\n`,
    });
    expect(await findings()).toEqual(['src/agent.ts:2:70']);
  });

  it('leaves a relative import alone when it is not the entry of the provider package', async () => {
    write({ 'package.json': manifest('my-agent'), 'examples/defaults.ts': example('../dist/index.js') });
    write({ 'other/package.json': manifest('ai-sdk-provider-claude-code'), 'other/examples/local.ts': example('../src/provider.js') });
    expect(await findings()).toEqual([]);
  });
});
