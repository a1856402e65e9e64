// typeId 4: a credit-card statement of one account: issuer, holder, the card's last four digits (never more),
// statement date and period, balances, minimum payment and due date, limit and available credit, transactions,
// and the balance equation and transaction totals as validation.
import type { ReadDocument, Word } from '../../model.js';
import { resolveCurrencySymbol } from '../parse/index.js';
import type { CreditCardStatementResult } from '../schemas/statements.js';
import { maskCardNumbers } from './card-number.js';
import { valueContext } from './context.js';
import { buildLayout, type Layout, type LayoutLine } from './layout.js';
import { extractionInfo, FieldRecorder, validationOf, type Evidence, type ReadValue } from './provenance.js';
import {
  issuerFromLetterhead,
  nameBesideCard,
  readStatementValues,
  unlabelledCard,
  type StatementValues,
} from './statement-fields.js';
import { balanceEquation, balancesOf, directionsOf, transactionChecks, transactionsOf } from './statement-output.js';
import { readTransactions, type TransactionTable } from './transactions.js';
import type { ValueContext } from './values.js';

const CURRENCY_CONFIDENCE = 0.9;

/** The first word that prints the document's currency (code or symbol), as its provenance. */
export function currencyEvidence(layout: Layout, code: string): Evidence | null {
  for (const line of layout.lines) {
    for (const segment of line.segments) {
      const word = segment.words.find((w: Word) => {
        const stripped = w.text.replace(/[\d.,'()+\-:]/g, '');
        return stripped === code || (stripped !== '' && resolveCurrencySymbol(stripped, code) === code);
      });
      if (word) return { page: line.page, words: [word], raw: word.text, confidence: CURRENCY_CONFIDENCE };
    }
  }
  return null;
}

/** Reads values and transactions of some lines: dates first (they complete year-less rows), then the rest. */
export function readStatementPart(
  lines: readonly LayoutLine[],
  ctx: ValueContext,
  anchorFallback: string | null = null,
): { values: StatementValues; table: TransactionTable } {
  const firstPass = readStatementValues(lines, ctx, new Set());
  const anchor =
    firstPass.periodEnd?.value ??
    firstPass.statementDate?.value ??
    anchorFallback ??
    firstPass.paymentDueDate?.value ??
    null;
  const table = readTransactions(lines, ctx, anchor);
  return { values: readStatementValues(lines, ctx, table.lineIndexes), table };
}

/** Text values leave the extractor with any full card number masked. */
export function masked(read: ReadValue<string> | null): ReadValue<string> | null {
  return read ? { ...read, value: maskCardNumbers(read.value) } : null;
}

export function extractCreditCardStatement(doc: ReadDocument): CreditCardStatementResult {
  const layout = buildLayout(doc);
  const ctx = valueContext(layout);
  const { values, table } = readStatementPart(layout.lines, ctx);
  const recorder = new FieldRecorder();
  const text = (key: string, read: ReadValue<string> | null): string | null => {
    if (!read) return null;
    recorder.record(`summary_data.${key}`, read.evidence);
    return read.value;
  };

  const card = values.last4
    ? { value: values.last4, line: null }
    : (() => {
        const found = unlabelledCard(layout.lines.filter((l) => !table.lineIndexes.has(l.index)));
        return found ? { value: found.value, line: found.line } : null;
      })();
  const holder = values.holder ?? (card?.line ? nameBesideCard(card.line) : null);
  const currency = ctx.currency ? currencyEvidence(layout, ctx.currency) : null;
  if (currency) recorder.record('summary_data.currency', currency);

  const summary: CreditCardStatementResult['summary_data'] = {
    issuer_name: text('issuer_name', masked(values.issuer ?? issuerFromLetterhead(layout.lines))),
    account_holder: text('account_holder', masked(holder)),
    account_number_last4: text('account_number_last4', card?.value ?? null),
    statement_date: text('statement_date', values.statementDate),
    period_start: text('period_start', values.periodStart),
    period_end: text('period_end', values.periodEnd),
    currency: currency ? ctx.currency : null,
    ...balancesOf(values, recorder, 'summary_data.'),
  };
  const directions = directionsOf(table.rows, values);
  const transactions = transactionsOf(table.rows, directions, recorder, 'transactions');
  return {
    document_type: 'credit_card_statement',
    summary_data: summary,
    transactions,
    fields: recorder.fields,
    validation: validationOf([balanceEquation(values), ...transactionChecks(values, table.rows, directions)]),
    extraction: extractionInfo(doc, ctx.language),
  };
}
