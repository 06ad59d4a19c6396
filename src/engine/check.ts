import type { FrontEnd } from '../frontends/contract.js';
import { writerFor } from '../frontends/registry.js';
import type { AgentModel, Span, Suppression } from '../model/types.js';
import type { RuleSetting } from './configs.js';
import { formatMessage, resolveOptions, type RelatedPlace, type Suggestion, type TextEdit } from '../model/rule.js';
import { onePerMistake } from './dedupe.js';
import { expiryOf, suppressionsCovering, today as currentDay } from './suppressions.js';

/** A rule's report, rendered with the rule's own message template. */
export interface Report {
  ruleId: string;
  messageId: string;
  message: string;
  data: Record<string, string | number>;
  severity: RuleSetting['severity'];
  span: Span;
  /** Other places whose mistakes it explains (see `onePerMistake`). */
  covers?: Span[];
  /** Other places it concerns; one entry per place and message. */
  related?: RelatedPlace[];
  /** The comment that suppresses it; such a report is kept for SARIF, not shown or counted. */
  suppression?: Suppression;
  /** Comments that named this report's rule here but whose `until` date has passed. */
  expired?: Suppression[];
  /** Edits the user may apply, each with its rendered message; never applied by toolgate. */
  suggestions?: ReportSuggestion[];
}

export interface ReportSuggestion {
  messageId: string;
  message: string;
  data: Record<string, string | number>;
  edits: TextEdit[];
}

export interface CheckOptions {
  /** Today as `YYYY-MM-DD`, against which suppression expiry dates are read; the clock by default. */
  today?: string;
  /** The front ends whose writers spell the rules' suggestions; the registered ones by default. */
  frontEnds?: readonly FrontEnd[];
}

/**
 * Run rules over one model. A value reached through several configurations
 * (a base object spread into two queries) is reported once; several
 * findings at one place (settings entries reported at `settingSources`) are kept apart by their data.
 * Where two rules report one mistake, one speaks (`onePerMistake`).
 * A report a suppression comment covers is dropped (see `runRules` to keep it).
 */
export function checkModel(model: AgentModel, settings: readonly RuleSetting[], options: CheckOptions = {}): Report[] {
  return runRules(model, settings, options).filter((report) => !report.suppression);
}

/**
 * Every report, suppressed ones flagged with their comment. A suppression
 * whose `until` date is before today no longer suppresses; the report's
 * message says so.
 */
export function runRules(model: AgentModel, settings: readonly RuleSetting[], options: CheckOptions = {}): Report[] {
  // Read the clock only for a report a suppression covers: most files have none.
  let day = options.today;
  const today = (): string => (day ??= currentDay());
  const reports: Report[] = [];
  const seen = new Map<string, Report>();
  const write = writerFor(model, options.frontEnds);
  for (const { rule, severity, options: ruleOptions } of settings) {
    const messages = rule.meta.messages as Record<string, string>;
    rule.check(model, resolveOptions(rule, ruleOptions), ({ messageId, data = {}, span, covers, related = [], suggestions = [] }) => {
      const key = `${rule.id}\0${messageId}\0${span.file ?? ''}\0${span.start}\0${span.end}\0${JSON.stringify(data)}`;
      const earlier = seen.get(key);
      // A settings entry that two configurations of this file load: one report, both configurations related.
      if (earlier) {
        if (related.length > 0) earlier.related = withRelated(earlier.related ?? [], related);
        return;
      }
      const covering = suppressionsCovering(model, rule.id, span);
      const expired = covering.filter((suppression) => isExpired(suppression, today()));
      const suppression = covering.find((candidate) => !expired.includes(candidate));
      const notes = suppression ? [] : expired.map((gone) => ` (suppression expired ${expiryOf(gone)!})`);
      const report: Report = {
        ruleId: rule.id,
        messageId,
        message: formatMessage(messages[messageId] ?? messageId, data) + [...new Set(notes)].join(''),
        data,
        severity,
        span,
        ...(covers && covers.length > 0 ? { covers } : {}),
        ...(related.length > 0 ? { related: withRelated([], related) } : {}),
        ...(suppression ? { suppression } : {}),
        ...(expired.length > 0 ? { expired } : {}),
        ...(suggestions.length > 0 ? { suggestions: suggestions.map((suggestion) => rendered(suggestion, messages)) } : {}),
      };
      seen.set(key, report);
      reports.push(report);
    }, write);
  }
  return onePerMistake(reports);
}

/** `places` added to `known`, each place and message once. */
function withRelated(known: RelatedPlace[], places: readonly RelatedPlace[]): RelatedPlace[] {
  const key = ({ span, message }: RelatedPlace): string => `${span.file ?? ''}\0${span.start}\0${span.end}\0${message}`;
  const union = new Map(known.map((place) => [key(place), place]));
  for (const place of places) if (!union.has(key(place))) union.set(key(place), place);
  return [...union.values()];
}

function rendered({ messageId, data = {}, edits }: Suggestion<string>, messages: Record<string, string>): ReportSuggestion {
  return { messageId, message: formatMessage(messages[messageId] ?? messageId, data), data, edits };
}

/** An expiry date is the last day the suppression holds. */
function isExpired(suppression: Suppression, day: string): boolean {
  const until = expiryOf(suppression);
  return until !== undefined && until < day;
}
