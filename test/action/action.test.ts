import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../cli/support.js';

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

const text = readFileSync(path.join(repoRoot, 'action.yml'), 'utf8');
const action = parse(text, { strict: true, uniqueKeys: true }) as Action;
const steps = action.runs.steps;
const scanStep = steps.find((step) => step.id === 'scan')!;
const uploadStep = steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
const failStep = steps.at(-1)!;

/** Every `${{ ... }}` expression in a value, flattened. */
function expressions(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/\$\{\{(.*?)\}\}/g)].map((match) => match[1]!.trim());
  if (Array.isArray(value)) return value.flatMap(expressions);
  if (value && typeof value === 'object') return Object.values(value).flatMap(expressions);
  return [];
}

describe('action.yml', () => {
  it('is a composite action with a name, a description and documented inputs', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.name).toBe('toolgate');
    expect(action.description).toMatch(/code scanning/);
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['paths', 'args', 'sarif-file', 'upload']));
    for (const [name, input] of Object.entries(action.inputs)) {
      expect(input.description, name).toMatch(/\S/);
      expect(input.required ?? false, name).toBe(false);
    }
    expect(action.inputs.upload!.default).toBe('true');
  });

  it('uses only inputs it declares, and every input it declares', () => {
    const used = new Set(expressions(action).flatMap((expression) => [...expression.matchAll(/\binputs\.([\w-]+)/g)].map((match) => match[1]!)));
    expect([...used].sort()).toEqual(Object.keys(action.inputs).sort());
    const stepOutputs = expressions(action).flatMap((expression) => [...expression.matchAll(/\bsteps\.([\w-]+)\.outputs\.([\w-]+)/g)]);
    for (const [, id] of stepOutputs) expect(steps.some((step) => step.id === id), `step ${id}`).toBe(true);
  });

  it('never splices an expression into a shell script (script injection)', () => {
    for (const step of steps.filter((candidate) => candidate.run !== undefined)) {
      expect(step.run, step.name).not.toContain('${{');
      expect(step.shell, step.name).toBe('bash');
    }
  });

  it("runs the CLI built in the action's own checkout, writing SARIF to the sarif-file input", () => {
    const installStep = steps[0]!;
    expect(installStep.run).toContain('cd "$GITHUB_ACTION_PATH"');
    expect(installStep.run).toContain('npm ci');
    expect(scanStep.env).toMatchObject({
      TOOLGATE_PATHS: '${{ inputs.paths }}',
      TOOLGATE_ARGS: '${{ inputs.args }}',
      TOOLGATE_SARIF: '${{ inputs.sarif-file }}',
    });
    expect(scanStep.run).toContain('node "$GITHUB_ACTION_PATH/dist/bin/toolgate.js" scan $TOOLGATE_PATHS $TOOLGATE_ARGS --format sarif --output "$TOOLGATE_SARIF"');
    expect(text).not.toContain('npx --yes');
  });

  it('uploads the file the scan wrote, when asked, before failing on findings', () => {
    expect(uploadStep.uses).toBe('github/codeql-action/upload-sarif@v4');
    expect(uploadStep.with?.sarif_file).toBe(scanStep.env!.TOOLGATE_SARIF);
    expect(uploadStep.with?.category).toBe('${{ inputs.category }}');
    expect(action.inputs.category!.default).toBe('toolgate');
    expect(uploadStep.if).toBe("${{ inputs.upload == 'true' && steps.scan.outputs.sarif-written == 'true' }}");
    expect(steps.indexOf(scanStep)).toBeLessThan(steps.indexOf(uploadStep));
    expect(steps.indexOf(uploadStep)).toBeLessThan(steps.indexOf(failStep));
    expect(failStep.if).toBe("${{ steps.scan.outputs.exit-code != '0' }}");
    expect(failStep.env).toEqual({ TOOLGATE_EXIT_CODE: '${{ steps.scan.outputs.exit-code }}' });
    expect(action.outputs['exit-code']!.value).toBe('${{ steps.scan.outputs.exit-code }}');
  });
});

/**
 * The steps' scripts run as GitHub runs a `shell: bash` step, with the
 * action's inputs in the environment and GITHUB_ACTION_PATH at this checkout,
 * built by `npm test`; an `npm` on PATH fails, so nothing is fetched.
 */
describe('the steps, run as the runner runs them', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'toolgate-action-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const bin = path.join(work, 'bin');
  const cli = path.join(repoRoot, 'dist/bin/toolgate.js');

  function runStep(step: Step, env: Record<string, string>): { status: number | null; stdout: string; stderr: string; outputs: Record<string, string> } {
    expect(existsSync(cli), `${cli} is missing: run \`npm run build\` first`).toBe(true);
    if (!existsSync(bin)) {
      mkdirSync(bin, { recursive: true });
      writeFileSync(path.join(bin, 'npm'), '#!/usr/bin/env bash\necho "stub npm: not expected here: $*" >&2\nexit 90\n');
      chmodSync(path.join(bin, 'npm'), 0o755);
    }
    const script = path.join(work, 'step.sh');
    const output = path.join(work, 'github-output');
    writeFileSync(script, step.run!);
    writeFileSync(output, '');
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { PATH: `${bin}:${process.env.PATH ?? ''}`, GITHUB_OUTPUT: output, GITHUB_ACTION_PATH: repoRoot, ...env },
      timeout: 900_000,
    });
    const outputs = Object.fromEntries(
      readFileSync(output, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    return { status: run.status, stdout: run.stdout, stderr: run.stderr, outputs };
  }

  const inputs = (paths: string, args = '') => ({
    TOOLGATE_PATHS: paths,
    TOOLGATE_ARGS: args,
    TOOLGATE_SARIF: path.join(work, 'reports', 'toolgate.sarif'),
  });

  it('the install step leaves an already built checkout alone', () => {
    const { status, stderr } = runStep(steps[0]!, {});
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it('the scan step passes on findings, records the exit code and writes the SARIF', () => {
    const env = inputs('fixtures/cli/violations fixtures/cli/clean', '--preset strict');
    const { status, stderr, outputs } = runStep(scanStep, env);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(outputs).toEqual({ 'exit-code': '1', 'sarif-written': 'true' });
    const log = JSON.parse(readFileSync(env.TOOLGATE_SARIF, 'utf8')) as { runs: Array<{ results: unknown[] }> };
    expect(log.runs[0]!.results.length).toBeGreaterThan(0);
  });

  it('the scan step records a clean run', () => {
    expect(runStep(scanStep, inputs('fixtures/cli/clean')).outputs).toEqual({ 'exit-code': '0', 'sarif-written': 'true' });
  });

  it('the scan step writes no SARIF on a usage error, and drops an old one', () => {
    const env = inputs('fixtures/cli/clean', '--preset lenient');
    mkdirSync(path.dirname(env.TOOLGATE_SARIF), { recursive: true });
    writeFileSync(env.TOOLGATE_SARIF, '{}');
    const { status, stderr, outputs } = runStep(scanStep, env);
    expect(status).toBe(0);
    expect(stderr).toMatch(/argument 'lenient' is invalid/);
    expect(outputs).toEqual({ 'exit-code': '2' });
    expect(existsSync(env.TOOLGATE_SARIF)).toBe(false);
  });

  it.each([
    ['1', /^::error title=toolgate::toolgate found problems/],
    ['2', /^::error title=toolgate::toolgate could not check everything \(exit code 2\)/],
  ])('the last step fails the job with exit code %s', (code, message) => {
    const { status, stdout } = runStep(failStep, { TOOLGATE_EXIT_CODE: code });
    expect(status).toBe(Number(code));
    expect(stdout).toMatch(message);
  });
});
