import type { Command } from 'commander';
import { Option } from './commander.js';
import { UsageError } from '../engine/errors.js';
import { createColors, useColor } from './color.js';
import { ExitCode } from './exit-codes.js';
import { docsBase, type AnyRule } from '../model/rule.js';
import type { CliIo } from './run.js';

interface ListFlags {
  format: 'pretty' | 'json';
  color?: boolean;
}

interface ExplainFlags {
  color?: boolean;
}

/** `toolgate rules` and `toolgate explain <rule>`: the catalogue, and one rule's docs page, in the terminal. */
export function addRulesCommands(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('rules')
    .description('list the rules, with their level in each preset')
    .addOption(new Option('--format <name>', 'output format').choices(['pretty', 'json']).default('pretty'))
    .option('--color', 'force coloured output')
    .option('--no-color', 'disable coloured output')
    .action(async (flags: ListFlags) => {
      // Imported when these commands run, here and below: every scan starts this CLI.
      const { formatRulesJson, formatRulesPretty, ruleRows } = await import('./formatters/rules.js');
      const rows = ruleRows();
      const colors = createColors(useColor(flags.color, io.env, io.isTTY));
      io.stdout(flags.format === 'json' ? formatRulesJson(rows) : formatRulesPretty(rows, colors));
      done(ExitCode.clean);
    });

  program
    .command('explain')
    .description("print a rule's docs page: why it matters, bad and good examples, options")
    .argument('<rule>', 'rule id, e.g. no-bare-allowed-tools (toolgate/no-bare-allowed-tools works too)')
    .option('--color', 'force coloured output')
    .option('--no-color', 'disable coloured output')
    .action(async (rule: string, flags: ExplainFlags) => {
      const { allRules } = await import('../../rules/index.js');
      const id = rule.replace(/^toolgate\//, '');
      if (!allRules.some((known) => known.id === id)) {
        throw new UsageError(`Unknown rule id '${rule}'. Known rules: ${allRules.map((known) => known.id).join(', ')}.`);
      }
      const [{ readRuleDoc, ruleDocPath }, { renderMarkdown }] = await Promise.all([import('./rule-docs.js'), import('./markdown.js')]);
      const page = readRuleDoc(id);
      // Every rule has a page (a meta-test checks it); a package without one is broken.
      if (page === undefined) throw new Error(`the docs page of '${id}' is missing from the package: ${ruleDocPath(id)}`);
      const colors = createColors(useColor(flags.color, io.env, io.isTTY));
      io.stdout(renderMarkdown(page, { colors, linkTarget: (target) => explainTarget(target, allRules) }));
      done(ExitCode.clean);
    });
}

/** Another rule's page (`no-x.md`) is `toolgate explain no-x` here; any other relative link is on the project's site. */
function explainTarget(target: string, allRules: readonly AnyRule[]): string {
  const id = /^(?:\.\/)?([a-z0-9-]+)\.md(?:#.*)?$/.exec(target)?.[1];
  if (id !== undefined && allRules.some((rule) => rule.id === id)) return `toolgate explain ${id}`;
  return new URL(target, docsBase).href;
}
