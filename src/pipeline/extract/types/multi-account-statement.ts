// typeId 5: a statement that covers several cards (a corporate statement, a main card with additional cards).
// The document is split into account sections at the headings that name a card ("Alice Brown - Card number XXXX
// 1111"); each section is read like a single statement (balances, transactions, checks), and the rest of the
// document (the statement's own header and summary) gives the statement-level values and totals.
import type { ReadDocument } from '../../model.js';
import { moneyEquals, sumMoney } from '../parse/index.js';
import type { ValidationCheck } from '../schemas/common.js';
import type { MultiAccountStatementResult } from '../schemas/statements.js';
import { findCardNumbers } from './card-number.js';
import { valueContext } from './context.js';
import { currencyEvidence, masked, readStatementPart } from './credit-card-statement.js';
import { buildLayout, wordsInRange, type LayoutLine } from './layout.js';
import { extractionInfo, FieldRecorder, moneyNumber, validationOf, type ReadValue } from './provenance.js';
import { issuerFromLetterhead, MONEY_FIELDS, nameBesideCard, type StatementValues } from './statement-fields.js';
import {
  balanceEquation,
  balancesOf,
  directionsOf,
  moneyOf,
  transactionChecks,
  transactionsOf,
} from './statement-output.js';
import type { TransactionTable } from './transactions.js';
import { leadingDates, type ValueContext } from './values.js';

interface Mention {
  position: number;
  last4: string;
}

interface AccountPart {
  last4: string;
  heading: LayoutLine;
  lines: LayoutLine[];
}

/** Account-level amounts whose label shows that a section holds an account, not just a line naming a card. */
const ACCOUNT_FIELDS = MONEY_FIELDS.filter((f) => f !== 'total_new_balance' && f !== 'total_minimum_payment_due');
const MIN_SECTION_LINES = 2;

/** Card numbers named in the lines, outside transaction rows (a row may mention another card in its text). */
function mentionsOf(lines: readonly LayoutLine[], ctx: ValueContext): Mention[] {
  const mentions: Mention[] = [];
  lines.forEach((line, position) => {
    const card = line.segments.map((s) => findCardNumbers(s.text)[0]).find((c) => c !== undefined);
    if (!card || leadingDates(line.text, ctx, '2099-12-31').length > 0) return;
    mentions.push({ position, last4: card.last4 });
  });
  return mentions;
}

/**
 * Account sections: each starts at a card mention and runs to the next mention of another card. Mentions on
 * adjacent lines form a summary table (one row per card): they end a section but start none.
 */
function accountParts(lines: readonly LayoutLine[], ctx: ValueContext): { parts: AccountPart[]; rest: LayoutLine[] } {
  const mentions = mentionsOf(lines, ctx);
  const inTable = (i: number): boolean => {
    const m = mentions[i] as Mention;
    const adjacent = (other: Mention | undefined): boolean =>
      other !== undefined && Math.abs(other.position - m.position) === 1 && other.last4 !== m.last4;
    return adjacent(mentions[i - 1]) || adjacent(mentions[i + 1]);
  };
  const parts: AccountPart[] = [];
  const owner = new Array<AccountPart | null>(lines.length).fill(null);
  let current: AccountPart | null = null;
  let mentionIndex = 0;
  for (let position = 0; position < lines.length; position++) {
    const line = lines[position] as LayoutLine;
    while (mentionIndex < mentions.length && (mentions[mentionIndex] as Mention).position < position) mentionIndex++;
    const mention = mentions[mentionIndex]?.position === position ? mentionIndex : -1;
    if (mention >= 0) {
      const { last4 } = mentions[mention] as Mention;
      const active = current as AccountPart | null;
      if (inTable(mention)) current = null;
      else if (active === null || active.last4 !== last4) {
        current = { last4, heading: line, lines: [] };
        parts.push(current);
      }
    }
    if (current) {
      current.lines.push(line);
      owner[position] = current;
    }
  }
  const real = parts.filter((p) => p.lines.length > MIN_SECTION_LINES);
  const rest = lines.filter((_, i) => !real.includes(owner[i] as AccountPart));
  return { parts: real, rest };
}

interface AccountRead {
  part: AccountPart;
  values: StatementValues;
  table: TransactionTable;
}

function holds(read: AccountRead): boolean {
  return read.table.rows.length > 0 || ACCOUNT_FIELDS.some((f) => read.values.money[f]);
}

export function extractMultiAccountStatement(doc: ReadDocument): MultiAccountStatementResult {
  const layout = buildLayout(doc);
  const ctx = valueContext(layout);
  const { parts, rest } = accountParts(layout.lines, ctx);
  const statement = readStatementPart(rest, ctx);
  const anchor = statement.values.periodEnd?.value ?? statement.values.statementDate?.value ?? null;
  // Sections of one card split by another card's lines are one account.
  const byCard = new Map<string, AccountPart>();
  for (const part of parts) {
    const seen = byCard.get(part.last4);
    if (seen) seen.lines.push(...part.lines);
    else byCard.set(part.last4, { ...part, lines: [...part.lines] });
  }
  const reads = [...byCard.values()]
    .map((part) => ({ part, ...readStatementPart(part.lines, ctx, anchor) }))
    .filter(holds);

  const recorder = new FieldRecorder();
  const checks: ValidationCheck[] = [];
  const accounts: MultiAccountStatementResult['accounts'] = reads.map((read, i) => {
    const prefix = `accounts[${i}].`;
    const text = (key: string, value: ReadValue<string> | null): string | null => {
      if (!value) return null;
      recorder.record(`${prefix}${key}`, value.evidence);
      return value.value;
    };
    const card = read.values.last4 ?? headingCard(read.part);
    const directions = directionsOf(read.table.rows, read.values);
    checks.push(
      balanceEquation(read.values, prefix),
      ...transactionChecks(read.values, read.table.rows, directions, prefix),
    );
    return {
      account_holder: text('account_holder', masked(read.values.holder ?? nameBesideCard(read.part.heading))),
      account_number_last4: text('account_number_last4', card),
      ...balancesOf(read.values, recorder, prefix),
      transactions: transactionsOf(read.table.rows, directions, recorder, `${prefix}transactions`),
    };
  });

  const values = statement.values;
  const summaryText = (key: string, value: ReadValue<string> | null): string | null => {
    if (!value) return null;
    recorder.record(`summary_data.${key}`, value.evidence);
    return value.value;
  };
  const totalMoney = (field: 'total_new_balance' | 'total_minimum_payment_due'): number | null => {
    const read = values.money[field];
    const number = moneyNumber(moneyOf(values, field));
    if (read && number !== null) recorder.record(`summary_data.${field}`, read.evidence);
    return number;
  };
  const currency = ctx.currency ? currencyEvidence(layout, ctx.currency) : null;
  if (currency) recorder.record('summary_data.currency', currency);
  checks.push(...totalChecks(values, reads));

  return {
    document_type: 'credit_card_statement_multi_account',
    summary_data: {
      issuer_name: summaryText('issuer_name', masked(values.issuer ?? issuerFromLetterhead(layout.lines))),
      statement_date: summaryText('statement_date', values.statementDate),
      period_start: summaryText('period_start', values.periodStart),
      period_end: summaryText('period_end', values.periodEnd),
      currency: currency ? ctx.currency : null,
      total_new_balance: totalMoney('total_new_balance'),
      total_minimum_payment_due: totalMoney('total_minimum_payment_due'),
      payment_due_date: summaryText('payment_due_date', values.paymentDueDate),
    },
    accounts,
    fields: recorder.fields,
    validation: validationOf(checks),
    extraction: extractionInfo(doc, ctx.language),
  };
}

/** The last four digits from the section's heading line. */
function headingCard(part: AccountPart): ReadValue<string> {
  const segment = part.heading.segments.find((s) => findCardNumbers(s.text).length > 0);
  const card = segment ? findCardNumbers(segment.text)[0] : undefined;
  const words = segment && card ? wordsInRange(segment, card.index, card.index + card.length) : [];
  return {
    value: part.last4,
    evidence: { page: part.heading.page, words, raw: `•••• ${part.last4}`, confidence: 0.85 },
  };
}

/** The accounts' new balances and minimum payments add up to the statement's totals. */
function totalChecks(values: StatementValues, reads: readonly AccountRead[]): ValidationCheck[] {
  const checks: ValidationCheck[] = [];
  const pairs = [
    ['total_new_balance', 'new_balance', 'account_new_balances_sum_to_total_new_balance'],
    ['total_minimum_payment_due', 'minimum_payment_due', 'account_minimum_payments_sum_to_total_minimum_payment_due'],
  ] as const;
  for (const [totalField, accountField, name] of pairs) {
    const total = moneyOf(values, totalField);
    const parts = reads.map((r) => moneyOf(r.values, accountField));
    const complete = reads.length > 0 && parts.every((p) => p !== null);
    const sum = complete ? sumMoney(parts as string[]) : null;
    checks.push({
      name,
      passed: total === null || sum === null ? null : moneyEquals(total, sum),
      expected: total === null ? null : moneyNumber(total),
      actual: sum === null ? null : moneyNumber(sum),
    });
  }
  return checks;
}
