// Every word list of the document-type engine (types/), typed per language: labels of orders and statements, the
// words that mark payments, and the common words that tell a document's language. See docs/architecture.md for
// the lists still kept elsewhere (the invoice engine's) and the plan to bring them here.
export {
  inEveryLanguage,
  LANGUAGES,
  wordAlternation,
  type ByLanguage,
  type Language,
  type PhrasesByLanguage,
} from './languages.js';
export {
  GENERIC_DATE_LABEL_WORDS,
  GRN_COLUMN_PHRASES,
  ORDER_LABEL_PHRASES,
  type GrnColumn,
  type OrderField,
} from './orders.js';
export {
  BANK_WORDS,
  NOT_A_NAME_WORDS,
  PAYMENT_DESCRIPTION_WORDS,
  STATEMENT_COLUMN_PHRASES,
  STATEMENT_HEADER_PHRASES,
  STATEMENT_SECTION_PHRASES,
  STATEMENT_SUMMARY_PHRASES,
  type StatementColumn,
  type StatementField,
  type StatementSection,
} from './statements.js';
export { STOP_WORDS } from './stop-words.js';
