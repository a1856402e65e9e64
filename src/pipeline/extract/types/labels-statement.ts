// The label matchers of credit-card statements, over the per-language phrases of language/statements.ts: the
// account summary, dates, the card and its holder, the transaction table's columns and the section headings.
import {
  PAYMENT_DESCRIPTION_WORDS,
  STATEMENT_COLUMN_PHRASES,
  STATEMENT_HEADER_PHRASES,
  STATEMENT_SECTION_PHRASES,
  STATEMENT_SUMMARY_PHRASES,
  type StatementColumn,
  type StatementField,
  type StatementSection,
  wordAlternation,
} from '../language/index.js';
import { PhraseMatcher, phraseSpecs } from './phrases.js';

export type { StatementColumn, StatementField, StatementSection } from '../language/index.js';

export const STATEMENT_LABELS = new PhraseMatcher<StatementField>(
  phraseSpecs([...STATEMENT_SUMMARY_PHRASES, ...STATEMENT_HEADER_PHRASES]),
);

export const STATEMENT_COLUMNS = new PhraseMatcher<StatementColumn>(phraseSpecs(STATEMENT_COLUMN_PHRASES));

/** Headings of transaction groups: rows below a credits heading are credits whatever their sign. */
export const STATEMENT_SECTIONS = new PhraseMatcher<StatementSection>(phraseSpecs(STATEMENT_SECTION_PHRASES));

/** Words that mark a payment to the card account in a transaction's description. */
export const PAYMENT_WORDS = new RegExp(`\\b(?:${wordAlternation(PAYMENT_DESCRIPTION_WORDS)})\\b`, 'iu');
