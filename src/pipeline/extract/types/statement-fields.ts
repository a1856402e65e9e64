// The labelled values of a card statement (or of one account's part of it): balances and period movements, dates,
// the card's last four digits, the holder and the issuer. Transaction rows and table headers are excluded as label
// sources, so a "Payments" heading over the rows never reads a transaction's amount as the period's total.
import { BANK_WORDS, NOT_A_NAME_WORDS, wordAlternation } from '../language/index.js';
import { wordsInRange, type LayoutLine, type Segment } from './layout.js';
import { findValue, indexLabels, type FoundValue, type LabelIndex } from './label-values.js';
import { STATEMENT_LABELS, type StatementField } from './labels-statement.js';
import { findCardNumbers } from './card-number.js';
import { readDate, readMoney, readPeriod, readText, type Money, type Span, type ValueContext } from './values.js';
import type { ReadValue } from './provenance.js';

export const MONEY_FIELDS = [
  'previous_balance',
  'payments_and_credits',
  'purchases_and_debits',
  'cash_advances',
  'balance_transfers',
  'fees',
  'interest',
  'new_balance',
  'minimum_payment_due',
  'credit_limit',
  'available_credit',
  'total_new_balance',
  'total_minimum_payment_due',
] as const;
export type MoneyField = (typeof MONEY_FIELDS)[number];

export interface StatementValues {
  money: Partial<Record<MoneyField, ReadValue<Money>>>;
  statementDate: ReadValue<string> | null;
  periodStart: ReadValue<string> | null;
  periodEnd: ReadValue<string> | null;
  paymentDueDate: ReadValue<string> | null;
  last4: ReadValue<string> | null;
  holder: ReadValue<string> | null;
  issuer: ReadValue<string> | null;
}

const UNLABELLED_CARD_CONFIDENCE = 0.75;
const NAME_BESIDE_CARD_CONFIDENCE = 0.6;
const NAME = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,4}$/u;
/** Words of card products and labels that look like names but are not ("Visa Platinum", "Card Services"). */
const CARD_PRODUCTS = String.raw`visa|master\s?card|amex|american|express|platinum|gold|silver|classic|business|rewards`;
const NOT_NAME_WORDS = new RegExp(String.raw`\b(?:${CARD_PRODUCTS}|${wordAlternation(NOT_A_NAME_WORDS)})\b`, 'iu');

function asRead<T>(found: FoundValue<T> | null): ReadValue<T> | null {
  return found ? { value: found.value, evidence: found.evidence } : null;
}

/** Security: provenance of a card number shows its last four digits only, whatever else was printed ("5232 XXXX"). */
function cardOnly(read: ReadValue<string> | null): ReadValue<string> | null {
  return read ? { value: read.value, evidence: { ...read.evidence, raw: `•••• ${read.value}` } } : null;
}

function readName(text: string): Span<string> | null {
  const value = readText(text);
  if (!value || !NAME.test(value.value) || NOT_NAME_WORDS.test(value.value)) return null;
  return value;
}

function readCard(text: string): Span<string> | null {
  const card = findCardNumbers(text).find((c) => c.index <= 30);
  return card ? { value: card.last4, start: card.index, end: card.index + card.length } : null;
}

/** A card number printed without a label (a masked number in a heading or a header box). */
export function unlabelledCard(
  lines: readonly LayoutLine[],
): { value: ReadValue<string>; line: LayoutLine; segment: number } | null {
  for (const line of lines) {
    for (let s = 0; s < line.segments.length; s++) {
      const segment = line.segments[s] as Segment;
      const card = findCardNumbers(segment.text)[0];
      if (!card) continue;
      const words = wordsInRange(segment, card.index, card.index + card.length);
      return {
        value: {
          value: card.last4,
          evidence: { page: line.page, words, raw: `•••• ${card.last4}`, confidence: UNLABELLED_CARD_CONFIDENCE },
        },
        line,
        segment: s,
      };
    }
  }
  return null;
}

/** A holder's name printed in the same line as the card number: "JANE DOE    Card ending in 1234". */
export function nameBesideCard(line: LayoutLine): ReadValue<string> | null {
  for (const segment of line.segments) {
    const card = findCardNumbers(segment.text)[0];
    const candidates = card ? [segment.text.slice(0, card.index)] : [segment.text];
    for (const candidate of candidates) {
      const cut = STATEMENT_LABELS.match(candidate).find((h) => h.field === 'card_number');
      const text = (cut ? candidate.slice(0, cut.start) : candidate).replace(/[\s:–—-]+$/u, '').trim();
      if (!NAME.test(text) || NOT_NAME_WORDS.test(text)) continue;
      const words = wordsInRange(segment, 0, text.length);
      return { value: text, evidence: { page: line.page, words, raw: text, confidence: NAME_BESIDE_CARD_CONFIDENCE } };
    }
  }
  return null;
}

function periodValues(
  index: LabelIndex<StatementField>,
  ctx: ValueContext,
): { start: ReadValue<string> | null; end: ReadValue<string> | null } {
  const found = findValue(index, 'statement_period', (text) => {
    const period = readPeriod(text, ctx);
    return period ? { value: period, start: period.start.start, end: period.end.end } : null;
  });
  if (!found) return { start: null, end: null };
  const part = (span: Span<string>): ReadValue<string> => ({
    value: span.value,
    evidence: {
      ...found.evidence,
      words: wordsInRange(found.segment, found.offset + span.start, found.offset + span.end),
      raw: found.segment.text.slice(found.offset + span.start, found.offset + span.end),
    },
  });
  return { start: part(found.value.start), end: part(found.value.end) };
}

/** The labelled values among the lines, skipping the excluded ones (transaction rows, headers). */
export function readStatementValues(
  lines: readonly LayoutLine[],
  ctx: ValueContext,
  exclude: ReadonlySet<number>,
): StatementValues {
  const index = indexLabels(
    lines.filter((l) => !exclude.has(l.index)),
    (text) => STATEMENT_LABELS.match(text),
  );
  const money: StatementValues['money'] = {};
  for (const field of MONEY_FIELDS) {
    const found = asRead(findValue(index, field, (text) => readMoney(text, ctx, 'start')));
    if (found) money[field] = found;
  }
  const date = (field: StatementField): ReadValue<string> | null =>
    asRead(findValue(index, field, (text) => readDate(text, ctx)));
  const period = periodValues(index, ctx);
  return {
    money,
    statementDate: date('statement_date'),
    periodStart: period.start ?? date('period_start'),
    periodEnd: period.end ?? date('period_end'),
    paymentDueDate: date('payment_due_date'),
    last4: cardOnly(asRead(findValue(index, 'card_number', readCard))),
    holder: asRead(findValue(index, 'account_holder', readName)),
    issuer: asRead(findValue(index, 'issuer', readText)),
  };
}

const LEGAL_FORMS = String.raw`n\.a\.|plc|ag|s\.a\.|s\.p\.a\.|n\.v\.|bv|gmbh`;
const ISSUER_WORDS = new RegExp(String.raw`\b(?:${wordAlternation(BANK_WORDS)}|${LEGAL_FORMS})\b`, 'iu');
const ISSUER_CONFIDENCE = 0.7;
const ISSUER_TOP_SHARE = 0.25;

/** Without an issuer label: the first line in the top quarter of page 1 that names a bank or card company. */
export function issuerFromLetterhead(lines: readonly LayoutLine[]): ReadValue<string> | null {
  for (const line of lines) {
    if (line.page.number !== 1) break;
    if (line.bbox.y > ISSUER_TOP_SHARE * line.page.height) break;
    for (const segment of line.segments) {
      if (
        !ISSUER_WORDS.test(segment.text) ||
        /\d/.test(segment.text) ||
        STATEMENT_LABELS.match(segment.text).some((h) => h.start === 0)
      )
        continue;
      return {
        value: segment.text,
        evidence: { page: line.page, words: segment.words, raw: segment.text, confidence: ISSUER_CONFIDENCE },
      };
    }
  }
  return null;
}
