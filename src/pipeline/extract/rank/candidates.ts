// Every plausible value of each kind on the pages: all dates, all money amounts, all identifier-like tokens, each
// with the segment it sits in and its evidence. Reuses the engine's own readers (findDates, moneyAmounts,
// readIdentifier with the document's hints), so a candidate means what the rules would read there.
import { isoDate, roundMoney } from '../parse/index.js';
import type { DocumentHints } from '../builtin/hints.js';
import type { Layout, Segment } from '../builtin/layout/layout.js';
import { evidenceOf, type Evidence } from '../builtin/layout/runs.js';
import { moneyAmounts, readIdentifier } from '../builtin/values.js';
import { findDates } from '../parse/index.js';
import type { ValueKind } from './fields.js';

export interface ValueCandidate {
  kind: ValueKind;
  /** The value as the engine reports it: ISO date, exact decimal string, identifier text. */
  value: string;
  /** Comparison key: the value, amounts rounded to the cent. */
  key: string;
  segment: Segment;
  /** Character range of the value in the segment text. */
  start: number;
  end: number;
  evidence: Evidence;
  /** Dates: day and month could be swapped; `swapped` marks the other reading of such a date. */
  ambiguous: boolean;
  swapped: boolean;
  /** Amounts: printed with a currency mark; negative. */
  currency: boolean;
  negative: boolean;
}

/** Bounds the work on hostile or very long documents: candidates of one kind beyond this are ignored. */
export const MAX_CANDIDATES_PER_KIND = 600;

function make(
  kind: ValueKind,
  value: string,
  key: string,
  segment: Segment,
  start: number,
  end: number,
  extra: Partial<ValueCandidate> = {},
): ValueCandidate | null {
  const evidence = evidenceOf({ run: segment, from: 0, to: segment.text.length }, start, end);
  if (!evidence) return null;
  return {
    kind,
    value,
    key,
    segment,
    start,
    end,
    evidence,
    ambiguous: false,
    swapped: false,
    currency: false,
    negative: false,
    ...extra,
  };
}

/** The other reading of an ambiguous numeric date (03/04/2026: 3 April or March 4). */
function swappedIso(iso: string): string | null {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return m === d ? null : isoDate(y, d, m);
}

function dateCandidates(segment: Segment, hints: DocumentHints, out: ValueCandidate[]): void {
  for (const date of findDates(segment.text, { order: hints.dateOrder })) {
    const end = date.index + date.length;
    const c = make('date', date.iso, date.iso, segment, date.index, end, { ambiguous: date.ambiguous });
    if (!c) continue;
    out.push(c);
    const other = date.ambiguous ? swappedIso(date.iso) : null;
    if (other) out.push({ ...c, value: other, key: other, swapped: true });
  }
}

function amountCandidates(segment: Segment, hints: DocumentHints, out: ValueCandidate[]): void {
  for (const amount of moneyAmounts(segment.text, hints)) {
    const key = roundMoney(amount.value);
    const c = make('amount', amount.value, key, segment, amount.index, amount.index + amount.length, {
      currency: amount.currency !== null,
      negative: amount.negative,
    });
    if (c) out.push(c);
  }
}

function identifierCandidates(segment: Segment, hints: DocumentHints, out: ValueCandidate[]): void {
  for (const m of segment.text.matchAll(/\S+/g)) {
    const reading = readIdentifier(segment.text.slice(m.index), hints);
    // Only the token itself: readIdentifier skips "No." and "#" words, which are other tokens' business.
    if (!reading || reading.start >= m[0].length) continue;
    const start = m.index + reading.start;
    const c = make(
      'identifier',
      reading.value,
      reading.value.toUpperCase(),
      segment,
      start,
      start + reading.value.length,
    );
    if (c) out.push(c);
  }
}

const GENERATORS: Record<ValueKind, (segment: Segment, hints: DocumentHints, out: ValueCandidate[]) => void> = {
  date: dateCandidates,
  amount: amountCandidates,
  identifier: identifierCandidates,
};

/** Every candidate of a kind, in reading order, at most MAX_CANDIDATES_PER_KIND. */
export function valueCandidates(layout: Layout, hints: DocumentHints, kind: ValueKind): ValueCandidate[] {
  const out: ValueCandidate[] = [];
  for (const segment of layout.segments) {
    GENERATORS[kind](segment, hints, out);
    if (out.length >= MAX_CANDIDATES_PER_KIND) return out.slice(0, MAX_CANDIDATES_PER_KIND);
  }
  return out;
}
