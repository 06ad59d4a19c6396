import path from 'node:path';
import { withoutBom, type Analysis } from '../engine/analyse.js';
import { runRules, type Report } from '../engine/check.js';
import { readText } from '../engine/sources.js';
import type { RuleSetting } from '../engine/configs.js';
import { isTypeScriptPath, TypeScriptProject, type ModuleReference } from '../frontends/typescript/index.js';
import { mentionsSdk } from '../frontends/typescript/sdk.js';
import { LineIndex } from '../model/line-index.js';
import type { Span, ValueSet } from '../model/types.js';

/** The part of typescript-eslint's `parserServices.program` toolgate reads. */
export interface ProgramLike {
  getSourceFile(fileName: string): { text: string } | undefined;
  /** Every file of the program; the agent code among them is analysed once, for every file linted. */
  getSourceFiles?(): readonly { fileName: string }[];
  /** The project's own files (tsconfig `include`): those a typed lint run lints (see `ProgramAnalysis`). */
  getRootFileNames?(): readonly string[];
}

/** A report as ESLint shows it in the linted file. */
export interface PlacedReport {
  report: Report;
  /** Where it shows in the linted file. */
  span: Span;
  /** For a value written in a file the lint run does not lint: that file and line, from ESLint's `cwd`. */
  writtenAt?: string;
}

/**
 * With type information, typescript-eslint hands over the whole program, so
 * values are followed across modules as `scan` follows them. ESLint can only
 * report inside the file it lints, and each mistake must show once:
 *
 * - A mistake is reported where it is written, when that file is linted:
 *   the agent code of the program is analysed, and a file gets the reports
 *   at its own text, whichever file's configuration they come from.
 * - A value written in a file the run does not lint is reported at the
 *   import that leads to it, on the imported name, with the value's file and
 *   line in the message. Only the first linted file on the way reports it,
 *   so a chain of imports does not repeat it at every step.
 *
 * The files a typed run lints are taken to be the program's root files (the
 * tsconfig's `include`): typescript-eslint's typed linting requires a linted
 * file to be in the project, and a file the project only reaches through an
 * import (outside `include`, or JavaScript without `allowJs`) cannot be linted
 * with type information.
 */
class ProgramAnalysis {
  private readonly project: TypeScriptProject;
  private readonly roots: Set<string>;
  private readonly agentFiles: string[];
  private analysed?: Map<string, Analysis>;
  private readonly runs = new Map<string, Report[]>();
  private readonly lines = new Map<string, LineIndex>();
  private reached?: Map<string, Set<string>>;

  constructor(private readonly program: ProgramLike) {
    this.project = new TypeScriptProject({ readFile: (file) => this.read(file) }, true);
    this.roots = new Set((program.getRootFileNames?.() ?? []).map((name) => path.resolve(name)));
    this.agentFiles = (program.getSourceFiles?.() ?? [])
      .map((file) => path.resolve(file.fileName))
      .filter((file) => isTypeScriptPath(file) && !file.split(path.sep).includes('node_modules'))
      .filter((file) => mentionsSdk(this.read(file) ?? ''));
  }

  /** The reports ESLint shows in `filename` for one rule. */
  reportsIn(filename: string, setting: RuleSetting, cwd: string): PlacedReport[] {
    const placed = new Map<string, PlacedReport>();
    const sources = [filename, ...this.importersOf(filename)];
    for (const [source, report] of sources.flatMap((source) => this.run(source, setting).map((report) => [source, report] as const))) {
      const found = this.place(report, report.span.file ?? source, filename, cwd);
      if (!found) continue;
      const key = JSON.stringify([report.messageId, found.span.start, found.span.end, report.data, found.writtenAt ?? '']);
      // A span without a file is in the model's own file, `source`; related places name theirs, so
      // the finding's places from every source it is found from are one list, as in `scan`.
      const related = (report.related ?? []).map(({ span, message }) => ({ span: { ...span, file: span.file ?? source }, message }));
      const earlier = placed.get(key);
      if (!earlier) placed.set(key, related.length > 0 ? { ...found, report: { ...report, related } } : found);
      else if (related.length > 0) earlier.report = { ...earlier.report, related: [...(earlier.report.related ?? []), ...related] };
    }
    return [...placed.values()];
  }

  /** Where `report`, written in `written`, shows in `filename`: there, at an import, or not at all. */
  private place(report: Report, written: string, filename: string, cwd: string): PlacedReport | undefined {
    if (written === filename) return { report, span: report.span };
    if (this.isLinted(written)) return undefined;
    // Through linted modules only would mean one of them is nearer the value and reports it.
    const imports = this.project.importsLeadingTo(written, filename, (module) => !this.isLinted(module));
    if (imports.length === 0) return undefined;
    const line = this.linesOf(written).locate(report.span.start).line;
    const writtenAt = `${path.relative(cwd, written).split(path.sep).join('/')}:${line}`;
    return { report, span: this.importedName(filename, imports, report.span), writtenAt };
  }

  /** The imported name that carries the value, or the first name (or the import) when none can be told. */
  private importedName(filename: string, imports: ModuleReference[], value: Span): Span {
    for (const { module, bindings } of imports) {
      for (const { span, name } of bindings) {
        if (name !== '*' && carries(this.project.importedValue(filename, module, name, span), value)) return span;
      }
    }
    return imports[0]!.bindings[0]?.span ?? imports[0]!.span;
  }

  private isLinted(file: string): boolean {
    return this.roots.has(path.resolve(file));
  }

  /** Agent code that imports `filename`, directly or not: its configurations may hold values written there. */
  private importersOf(filename: string): string[] {
    // Each agent file's reach once for the program, not once for every file linted.
    this.reached ??= new Map(this.agentFiles.map((file) => [file, this.project.modulesReachedFrom(file)]));
    return this.agentFiles.filter((file) => file !== filename && this.reached!.get(file)!.has(filename));
  }

  private run(file: string, setting: RuleSetting): Report[] {
    const key = JSON.stringify([file, setting.rule.id, setting.options ?? null]);
    let reports = this.runs.get(key);
    if (!reports) {
      const model = this.analysisOf(file)?.model;
      reports = model ? runRules(model, [setting]) : [];
      this.runs.set(key, reports);
    }
    return reports;
  }

  /** One project pass over the program's agent code, as `scan` makes; a linted file outside it is analysed on its own. */
  private analysisOf(file: string): Analysis | undefined {
    this.analysed ??= this.project.analyse(this.agentFiles);
    if (!this.analysed.has(file) && isTypeScriptPath(file) && mentionsSdk(this.read(file) ?? '')) {
      this.analysed.set(file, this.project.analyse([file]).get(file)!);
    }
    return this.analysed.get(file);
  }

  private read(file: string): string | undefined {
    const fromProgram = this.program.getSourceFile(file)?.text;
    if (fromProgram !== undefined) return withoutBom(fromProgram);
    // The one reader: a module that is a link to a device or a FIFO is refused, not read forever.
    return readText(file);
  }

  private linesOf(file: string): LineIndex {
    let index = this.lines.get(file);
    if (!index) this.lines.set(file, (index = new LineIndex(this.read(file) ?? '')));
    return index;
  }
}

/** Whether the value written at `value` is among `set`'s values, or inside one of them (a function body). */
function carries(set: ValueSet, value: Span, depth = 0, seen = new Set<object>()): boolean {
  if (depth > 50) return false;
  return set.alternatives.some((candidate) => {
    if (seen.has(candidate)) return false;
    seen.add(candidate);
    const { span } = candidate;
    if (span.file === value.file && span.start <= value.start && value.end <= span.end) return true;
    if (candidate.kind === 'array') return candidate.elements.some((element) => carries(element, value, depth + 1, seen));
    if (candidate.kind !== 'object') return false;
    return [...candidate.properties.values()].some(
      ({ keySpan, value: property }) => (keySpan.file === value.file && keySpan.start === value.start && keySpan.end === value.end) || carries(property, value, depth + 1, seen),
    );
  });
}

const programs = new WeakMap<ProgramLike, ProgramAnalysis>();

/** The program's analysis, made once for every file ESLint lints with that program. */
export function programAnalysis(program: ProgramLike): ProgramAnalysis {
  let analysis = programs.get(program);
  if (!analysis) programs.set(program, (analysis = new ProgramAnalysis(program)));
  return analysis;
}

export type { ProgramAnalysis };
