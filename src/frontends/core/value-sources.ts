import { union, unionOf, unknown, withOrigin } from '../../model/build.js';
import type { Span, ValueSet } from '../../model/types.js';

/**
 * Where values come from when they are not written at the option: the
 * environment, a parameter. Each front end finds the syntax (an environment
 * read, the calls of a function, the argument a call passes) and this works
 * out the value, once for every language.
 */

/** An environment variable read: `process.env.MODE`, `os.environ.get("MODE")`. */
export interface EnvironmentRead {
  /** The variable's name; empty when the key is not a literal. */
  name: string;
  span: Span;
}

/**
 * `read ?? fallback`, `os.getenv(k, fallback)`: whatever the environment
 * holds (unknown), or the fallback, which "can be" the value and names the
 * variable it stands in for.
 */
export function environmentFallback(read: EnvironmentRead, fallback: ValueSet): ValueSet {
  return union(unknown(read.span), withOrigin(fallback, { kind: 'environment', name: read.name, span: read.span }));
}

/** Longer than this, what a fallback stands in for is not spelled out in a message. */
const maxReadName = 40;

/**
 * `req.mode ?? fallback`, `req.mode or fallback`: what the left side holds,
 * or the fallback. When the left side is not known (a request field, a
 * parameter no call shows), the fallback "can be" the value and names what
 * it stands in for, as written.
 */
export function readFallback(read: ValueSet, written: string, span: Span, fallback: ValueSet): ValueSet {
  const name = written.replace(/\s+/g, ' ');
  if (!read.alternatives.some((value) => value.kind === 'unknown') || name.length > maxReadName) return union(read, fallback);
  return union(read, withOrigin(fallback, { kind: 'fallback', name, span }));
}

/** What one call gives a parameter. */
export type PassedValue =
  /** The call passes this value. */
  | { kind: 'passed'; value: ValueSet }
  /** The call leaves the parameter out: its default applies. */
  | { kind: 'omitted' }
  /** The call's arguments cannot be matched to the parameter (a spread, `*args`, `**kwargs`). */
  | { kind: 'unknown' };

export interface ParameterSite<Call> {
  /** The parameter as written, and the function it belongs to, for messages. */
  name: string;
  owner?: string;
  span: Span;
  /** Where a caller passes it (`self` not counted); undefined when it cannot be passed by position. */
  index?: number;
  /** The calls of the function this module shows, each a direct call by name. */
  calls: readonly Call[];
  /** What a call passes to the parameter. */
  passed(call: Call): PassedValue;
  /** Where the call is written: the origin of what it passes names it. */
  at(call: Call): Span;
  /** The parameter's default, evaluated; undefined when it has none. */
  fallback(): ValueSet | undefined;
  /** The function may be called where the calls are not seen: exported, handed over as a value, a method. */
  calledElsewhere: boolean;
}

/** The calls of an exported function in the modules that import it (scan's project pass), each front end's own kind of call. */
export interface ImporterCalls<Call> {
  calls: Call[];
  /** An importer names it other than by calling it (hands it over, exports it again): callers the analysis does not show. */
  namedOtherwise: boolean;
}

/**
 * Whether a function may have callers no module of the analysis shows. The
 * project pass holds every module that imports one naming the SDK, so once
 * its importers call an exported function, those calls and the ones of its
 * own module are its callers, unless some module names it otherwise. One
 * its importers never call keeps `calledElsewhere`, and so its default as a
 * possible value.
 */
export function calledOutside(own: { calledElsewhere: boolean; namedOtherwise: boolean }, importers: ImporterCalls<unknown> | undefined): boolean {
  return importers && importers.calls.length > 0 ? own.namedOtherwise || importers.namedOtherwise : own.calledElsewhere;
}

/**
 * A parameter's value: the union of what every call this module shows
 * passes, with its default where a call leaves it out. A function no call
 * is seen for keeps its default as a possible value ("can be"), since a
 * caller somewhere may leave it out; one that may be called elsewhere as
 * well can also be anything else (unknown). A default that no seen call
 * uses is not a value: precision first, the calls that are seen decide.
 */
export function parameterValue<Call>(site: ParameterSite<Call>): ValueSet {
  const origin = { name: site.name, span: site.span, ...(site.owner ? { owner: site.owner } : {}) };
  // What a caller the module does not show passes: unknown, but known to be that parameter.
  const passedElsewhere = (): ValueSet => unknown(site.span, site.index === undefined ? undefined : { parameter: site.index, path: [] });
  const defaulted = (): ValueSet => {
    const fallback = site.fallback();
    return fallback ? withOrigin(fallback, { kind: 'default', ...origin }) : unknown(site.span);
  };
  if (site.calls.length === 0) {
    const fallback = site.fallback();
    return fallback ? union(withOrigin(fallback, { kind: 'default', ...origin }), passedElsewhere()) : passedElsewhere();
  }
  const sets: ValueSet[] = [];
  for (const call of site.calls) {
    const passed = site.passed(call);
    if (passed.kind === 'passed') sets.push(through(withOrigin(passed.value, { kind: 'argument', ...origin, call: site.at(call) }), site.at(call)));
    else if (passed.kind === 'omitted') sets.push(through(defaulted(), site.at(call)));
    else sets.push(through(unknown(site.span), site.at(call)));
  }
  if (site.calledElsewhere) sets.push(passedElsewhere());
  return unionOf(sets);
}

/** What one call gives a parameter, unknown values included, marked as that call's (`through`). */
function through(set: ValueSet, call: Span): ValueSet {
  return { alternatives: set.alternatives.map((value) => ({ ...value, through: call })) };
}

/**
 * The key of an entry written as a constant's name, as a dict or object of
 * defaults indexed by an enum is (`{ [Kind.Auto]: … }` then
 * `defaults[Kind.Auto]`, `{Mode.AUTO: …}` then `DEFAULTS[Mode.AUTO]`): the
 * dotted name itself, marked so that no key written as a string equals it.
 * Entries and reads that spell the same name meet; the constant's value is
 * not needed.
 */
export function constantKey(dottedName: string): string {
  return `\u0000${dottedName}`;
}

/**
 * How often a name appears in a module's text as a word. More than its
 * declaration and its calls means it is used some other way (handed over,
 * exported in a list, named in a comment): cheap, and it only ever errs
 * towards "called where the calls are not seen", which adds an unknown and
 * reports less.
 */
export function mentions(text: string, name: string): number {
  if (text.length >= wordIndexFrom && isWord(name)) return wordCounts(text).get(name) ?? 0;
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (!isWordCharacter(text.charCodeAt(at - 1)) && !isWordCharacter(text.charCodeAt(at + name.length))) count++;
  }
  return count;
}

/**
 * From this size on, a text's words are counted once and each name looked
 * up: in a bundle of thousands of functions, a search of the whole text per
 * function was most of the analysis. A name occurs as a word exactly where a
 * maximal run of word characters equals it, so the counts are the same.
 */
const wordIndexFrom = 64 * 1024;
let counted: { text: string; counts: Map<string, number> } | undefined;

function wordCounts(text: string): Map<string, number> {
  if (counted?.text === text) return counted.counts;
  const counts = new Map<string, number>();
  for (let at = 0; at < text.length; ) {
    if (!isWordCharacter(text.charCodeAt(at))) {
      at++;
      continue;
    }
    let end = at + 1;
    while (end < text.length && isWordCharacter(text.charCodeAt(end))) end++;
    const word = text.slice(at, end);
    counts.set(word, (counts.get(word) ?? 0) + 1);
    at = end;
  }
  counted = { text, counts };
  return counts;
}

function isWord(name: string): boolean {
  for (let at = 0; at < name.length; at++) if (!isWordCharacter(name.charCodeAt(at))) return false;
  return name.length > 0;
}

/** Letters, digits, `_`, `$` and anything past ASCII: what an identifier can hold in either language. */
function isWordCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 36 || code === 95 || code > 127;
}
