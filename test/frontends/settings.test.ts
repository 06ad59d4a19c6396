import { describe, expect, it } from 'vitest';
import { analyseText, isSupportedPath } from '../../src/engine/analyse.js';
import { extractSettings, isSettingsPath, settingsTierOf } from '../../src/frontends/settings/index.js';
import { hookMatchers } from '../../src/model/hooks.js';
import type { AgentConfiguration, AgentModel, Span, Value } from '../../src/model/types.js';
import { listEntries, optionOf } from '../../src/model/values.js';

function model(text: string, path = '.claude/settings.json'): AgentModel {
  const { model, syntaxErrors } = extractSettings(text, path);
  expect(syntaxErrors).toEqual([]);
  expect(model).toBeDefined();
  return model!;
}

function configuration(text: string, path?: string): AgentConfiguration {
  const [config, ...others] = model(text, path).configurations;
  expect(others).toEqual([]);
  return config!;
}

const textAt = (text: string, span: Span) => text.slice(span.start, span.end);
const shown = (value: Value) => (value.kind === 'string' ? value.value : value.kind);

const sample = `{
  "permissions": {
    "allow": ["Bash(npm test *)", "Read"],
    "deny": ["WebFetch"],
    "ask": ["Bash(git push *)"],
    "defaultMode": "acceptEdits",
    "additionalDirectories": ["../docs"]
  },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 30 }] }
    ]
  },
  "model": "claude-sonnet-4-5"
}`;

describe('which files are settings files', () => {
  it.each([
    ['.claude/settings.json', 'project'],
    ['/repo/.claude/settings.json', 'project'],
    ['/repo/packages/api/.claude/settings.local.json', 'local'],
    ['/etc/claude-code/managed-settings.json', 'managed'],
    ['/Library/Application Support/ClaudeCode/managed-settings.json', 'managed'],
    ['C:\\Program Files\\ClaudeCode\\managed-settings.json', 'managed'],
    ['C:\\repo\\.claude\\settings.local.json', 'local'],
    ['/etc/claude-code/managed-settings.d/10-security.json', 'managed'],
    ['fixtures/managed-settings.json', 'managed'],
  ])('%s is read at the %s tier', (path, tier) => {
    expect(isSettingsPath(path)).toBe(true);
    expect(isSupportedPath(path)).toBe(true);
    expect(settingsTierOf(path, '/home/me')).toBe(tier);
  });

  it('tells the user file apart by the home folder', () => {
    expect(settingsTierOf('/home/me/.claude/settings.json', '/home/me')).toBe('user');
    expect(settingsTierOf('/home/me/.claude/settings.json', '/home/me/')).toBe('user');
    expect(settingsTierOf('/home/me/project/.claude/settings.json', '/home/me')).toBe('project');
    expect(settingsTierOf('C:\\Users\\me\\.claude\\settings.json', 'C:\\Users\\me')).toBe('user');
  });

  it.each([
    'settings.json',
    'config/settings.json',
    '.vscode/settings.json',
    '.claude/settings.yaml',
    '.claude/agents.json',
    '.claude/settings.json.bak',
    '.claude/managed-settings.d.json',
    'managed-settings.d/readme.md',
    // package.json is read, for its scripts (the command-line front end), never as settings.
    'tsconfig.json',
  ])('%s is not', (path) => {
    expect(isSettingsPath(path)).toBe(false);
    expect(isSupportedPath(path)).toBe(false);
  });
});

describe('a settings file as one agent configuration', () => {
  it('is one configuration spanning the root object, with the tier of its path', () => {
    const text = `\n${sample}\n`;
    const result = model(text, '.claude/settings.local.json');
    expect(result).toMatchObject({ path: '.claude/settings.local.json', language: 'settings', functions: [], gates: [] });
    const [config] = result.configurations;
    expect(config).toMatchObject({ entry: 'settings', tier: 'local' });
    expect(textAt(text, config!.span)).toBe(sample);
  });

  it('maps permissions to the SDK option names, spelt as written, placed at their keys', () => {
    const config = configuration(sample);
    const options = config.options.alternatives[0]!;
    expect(options).toMatchObject({ kind: 'object', complete: true });
    if (options.kind !== 'object') return;
    expect([...options.properties.keys()].sort()).toEqual(['allowedTools', 'askTools', 'disallowedTools', 'hooks', 'permissionMode']);
    const written = Object.fromEntries([...options.properties.values()].map((property) => [property.key, [property.spelling, textAt(sample, property.keySpan)]]));
    expect(written).toEqual({
      allowedTools: ['permissions.allow', '"allow"'],
      disallowedTools: ['permissions.deny', '"deny"'],
      askTools: ['permissions.ask', '"ask"'],
      permissionMode: ['permissions.defaultMode', '"defaultMode"'],
      hooks: ['hooks', '"hooks"'],
    });
  });

  it('keeps each string at its literal, quotes included', () => {
    const config = configuration(sample);
    const allow = listEntries(optionOf(config, 'allowedTools').values);
    expect(allow.map((entry) => [entry.value, textAt(sample, entry.span)])).toEqual([
      ['Bash(npm test *)', '"Bash(npm test *)"'],
      ['Read', '"Read"'],
    ]);
    const [mode] = optionOf(config, 'permissionMode').values;
    expect(mode).toMatchObject({ kind: 'string', value: 'acceptEdits' });
    expect(textAt(sample, mode!.span)).toBe('"acceptEdits"');
    expect(listEntries(optionOf(config, 'disallowedTools').values).map((entry) => entry.value)).toEqual(['WebFetch']);
    expect(listEntries(optionOf(config, 'askTools').values).map((entry) => entry.value)).toEqual(['Bash(git push *)']);
  });

  it('keeps hooks as written: matchers with command hooks, no functions', () => {
    const [matcher, ...others] = hookMatchers(configuration(sample));
    expect(others).toEqual([]);
    expect(matcher!.event).toBe('PreToolUse');
    expect(matcher!.matcher.map(shown)).toEqual(['Bash']);
    expect(matcher!.callbacks).toHaveLength(1);
    expect(matcher!.callbacks[0]!.functionId).toBeUndefined();
    const [hook] = matcher!.callbacks;
    expect(textAt(sample, hook!.span)).toBe('{ "type": "command", "command": "./guard.sh", "timeout": 30 }');
  });

  it('leaves out what the rules do not read, and keys it does not hold are absent, not unknown', () => {
    const config = configuration('{ "model": "claude-sonnet-4-5", "permissions": { "additionalDirectories": ["../x"] } }');
    for (const key of ['allowedTools', 'disallowedTools', 'permissionMode', 'hooks', 'model', 'permissions', 'tools']) {
      expect(optionOf(config, key).values.map((value) => value.kind), key).toEqual(['absent']);
    }
  });

  it('reads values of every JSON type', () => {
    const config = configuration('{ "hooks": { "PreToolUse": [{ "matcher": null, "hooks": [], "timeout": 5, "x": true }] } }');
    const [hooks] = optionOf(config, 'hooks').values;
    expect(JSON.stringify(hooks, (key, value) => (key === 'span' || key === 'keySpan' ? undefined : value instanceof Map ? Object.fromEntries(value) : value))).toContain(
      '"timeout":{"key":"timeout","spelling":"timeout","value":{"alternatives":[{"kind":"number","value":5}]}}',
    );
  });

  it('an empty file holds no settings and is no error', () => {
    expect(extractSettings(' \n', '.claude/settings.json')).toEqual({
      model: { path: '.claude/settings.json', language: 'settings', configurations: [], functions: [], gates: [] },
      syntaxErrors: [],
    });
  });

  it('a permissions value that is not an object maps nothing', () => {
    const config = configuration('{ "permissions": ["Bash"] }');
    expect(optionOf(config, 'allowedTools').values.map((value) => value.kind)).toEqual(['absent']);
  });
});

describe('duplicate keys: the last one wins, as in JSON.parse', () => {
  it('at the top level', () => {
    const text = '{ "permissions": { "allow": ["Bash"], "deny": ["WebFetch"] }, "permissions": { "allow": ["Read"] } }';
    const config = configuration(text);
    expect(listEntries(optionOf(config, 'allowedTools').values).map((entry) => entry.value)).toEqual(['Read']);
    // The first permissions object is gone entirely, its deny rules with it.
    expect(optionOf(config, 'disallowedTools').values.map((value) => value.kind)).toEqual(['absent']);
    expect(textAt(text, optionOf(config, 'allowedTools').properties[0]!.keySpan)).toBe('"allow"');
    expect(optionOf(config, 'allowedTools').properties[0]!.keySpan.start).toBeGreaterThan(text.indexOf('"Read"') - 20);
  });

  it('inside permissions', () => {
    const config = configuration('{ "permissions": { "defaultMode": "bypassPermissions", "defaultMode": "plan" } }');
    expect(optionOf(config, 'permissionMode').values.map(shown)).toEqual(['plan']);
  });
});

describe('text Claude Code cannot read', () => {
  const errorsOf = (text: string) => {
    const { model, syntaxErrors } = extractSettings(text, '.claude/settings.json');
    // Always a model, so scan reports the file rather than skipping it.
    expect(model).toBeDefined();
    return syntaxErrors.map(({ span, message }) => ({ at: span.start, text: textAt(text, span), message }));
  };

  it('a missing comma is a syntax error at the token after it', () => {
    const text = '{\n  "permissions": {\n    "allow": ["Read"]\n    "deny": ["WebFetch"]\n  }\n}';
    expect(errorsOf(text)).toEqual([
      {
        at: text.indexOf('"deny"'),
        text: '"',
        message: "Expected ',' or '}' after property value. Claude Code reads settings as plain JSON and ignores a file it cannot parse.",
      },
    ]);
    expect(extractSettings(text, '.claude/settings.json').model!.configurations).toEqual([]);
  });

  it('a truncated file', () => {
    const text = '{ "permissions": { "allow": ["Bash"';
    expect(errorsOf(text)).toEqual([{ at: text.length, text: '', message: expect.stringMatching(/^Expected ',' or ']' after array element\. /) }]);
    expect(errorsOf('')).toEqual([]);
    expect(extractSettings('\n\n{', '.claude/settings.json').syntaxErrors).toEqual([
      { span: { start: 3, end: 3 }, message: expect.stringMatching(/^Expected property name or '}'\. /) },
    ]);
  });

  it.each([
    ['an unquoted key', '{ permissions: {} }'],
    ['a single-quoted string', "{ 'permissions': {} }"],
    ['two documents', '{} {}'],
    ['a lone brace', '{'],
    ['a control character in a string', '{ "a": "\u0001" }'],
    ['binary junk', '\u0000\u0001\u0002'],
  ])('%s', (_name, text) => {
    const errors = errorsOf(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/\S.* Claude Code reads settings as plain JSON and ignores a file it cannot parse\.$/);
    expect(errors[0]!.at).toBeGreaterThanOrEqual(0);
    expect(errors[0]!.at).toBeLessThanOrEqual(text.length);
  });

  it('comments and trailing commas are errors at each one, and the rules still see the file', () => {
    const text = '{\n  // Only the test runner.\n  "permissions": {\n    "allow": ["Bash", /* for now */],\n  },\n}';
    expect(errorsOf(text)).toEqual([
      { at: 4, text: '// Only the test runner.', message: 'Comments are not allowed in a settings file. Claude Code reads settings as plain JSON and ignores a file it cannot parse.' },
      { at: text.indexOf('/* for now */'), text: '/* for now */', message: expect.stringMatching(/^Comments are not allowed/) },
      { at: text.indexOf('/* for now */') - 2, text: ',', message: 'Trailing comma. Claude Code reads settings as plain JSON and ignores a file it cannot parse.' },
      { at: text.indexOf('],') + 1, text: ',', message: expect.stringMatching(/^Trailing comma\./) },
      { at: text.lastIndexOf('},') + 1, text: ',', message: expect.stringMatching(/^Trailing comma\./) },
    ].sort((a, b) => a.at - b.at));
    const { model } = extractSettings(text, '.claude/settings.json');
    expect(listEntries(optionOf(model!.configurations[0]!, 'allowedTools').values).map((entry) => entry.value)).toEqual(['Bash']);
  });

  it.each([
    ['an array', '["Bash"]', 'an array'],
    ['a string', '"Bash"', 'a string'],
    ['null', 'null', 'null'],
  ])('a root that is %s is not a settings object', (_name, text, found) => {
    expect(errorsOf(text)).toEqual([
      { at: 0, text, message: `A settings file holds one JSON object, not ${found}. Claude Code applies none of it.` },
    ]);
  });

  it('nesting too deep for the parser is an error, not a crash', () => {
    const text = `{ "hooks": ${'['.repeat(100_000)}${']'.repeat(100_000)} }`;
    expect(errorsOf(text)).toEqual([
      { at: 0, text: '', message: 'The JSON is nested too deeply to read. Claude Code reads settings as plain JSON and ignores a file it cannot parse.' },
    ]);
  });

  it('nesting the parser can read but that is past any real settings file is read as unknown', () => {
    const text = `{ "hooks": ${'['.repeat(1_000)}${']'.repeat(1_000)} }`;
    expect(() => configuration(text)).not.toThrow();
  });
});

describe('through analyseText', () => {
  it('strips a byte order mark, so offsets agree with the editor', () => {
    const text = '\ufeff{ "permissions": { "allow": ["Bash"] } }';
    const { model: result } = analyseText(text, '/repo/.claude/settings.json');
    const [entry] = listEntries(optionOf(result!.configurations[0]!, 'allowedTools').values);
    expect(textAt(text.slice(1), entry!.span)).toBe('"Bash"');
  });

  it('does not read a settings.json outside .claude as TypeScript or settings', () => {
    expect(analyseText('{ "permissions": { "allow": ["Bash"] } }', '/repo/settings.json')).toEqual({ syntaxErrors: [] });
  });
});
