// The document-type registry: for every public typeId (SPEC 2.3) its published result schema, its builtin
// extraction recipe and what the LLM engine is told about it. `satisfies Record<PublicTypeId, ...>` makes the
// compiler refuse a type that is listed without all three, and `defineType` checks that a recipe returns its
// schema's shape. Everything that dispatches on a typeId (extractBuiltin, the LLM prompt and schema, the result
// schema lookup) reads from here. Type 8 (email jobs) is internal: its result is assembled per attachment.
import type { Static, TObject } from '@sinclair/typebox';
import type { ReadDocument } from '../model.js';
import { extractInvoice } from './builtin/index.js';
import type { FieldRanker } from './builtin/ranking.js';
import { InvoiceResultSchema } from './schemas/invoice.js';
import { GoodsReceivedNoteResultSchema, PoNumbersResultSchema, PurchaseOrderResultSchema } from './schemas/orders.js';
import { CreditCardStatementResultSchema, MultiAccountStatementResultSchema } from './schemas/statements.js';
import { extractCreditCardStatement } from './types/credit-card-statement.js';
import { extractGoodsReceivedNote } from './types/goods-received-note.js';
import { extractMultiAccountStatement } from './types/multi-account-statement.js';
import { extractPoNumbers } from './types/po-numbers.js';
import { extractPurchaseOrder } from './types/purchase-order.js';

/** The typeIds a client may submit (SPEC 2.3), in the order the SPEC lists them. */
export const PUBLIC_TYPE_IDS = [0, 1, 2, 3, 4, 5, 9] as const;
export type PublicTypeId = (typeof PUBLIC_TYPE_IDS)[number];

/** The result key holding the type's list: what the LLM is asked to fill beside summary_data. */
export type ListKey = 'lineItems' | 'transactions' | 'accounts' | 'po_numbers';

export interface RecipeOptions {
  /** When false, line items are not extracted and `lineItems` is []. */
  requireLineItems: boolean;
  /** A learned ranker for the header fields (invoices and debit notes); the rules decide without one. */
  ranker?: FieldRanker;
}

/** What the LLM engine is told about a type: the schema name it sends and the type's own rules for the prompt. */
export interface LlmPrompt {
  /** The json_schema name sent to the server (^[a-zA-Z0-9_-]{1,64}$). */
  schemaName: string;
  /** What the document is, for the prompt ("You extract structured data from <label> ..."). */
  label: string;
  listKey: ListKey;
  /** The result's document_type when fixed by the type; null when the model tells (invoice, credit or debit note). */
  documentType: string | null;
  /** Rules of this type added to the common ones of the system prompt. */
  guidance: readonly string[];
}

export interface DocumentType<S extends TObject = TObject> {
  /** The name in the document_types table. */
  name: string;
  /** The published shape of extractedData for a single-document job of this type. */
  resultSchema: S;
  /** The builtin engine's extraction: synchronous, offline, a pure function of the read document. */
  extract: (doc: ReadDocument, options: RecipeOptions) => Static<S>;
  llm: LlmPrompt;
}

/** Checks each entry on its own: the recipe must return what the entry's schema publishes. */
export const defineType = <S extends TObject>(type: DocumentType<S>): DocumentType<S> => type;

const INVOICE_GUIDANCE = [
  'document_type: "credit_note" when the document is a credit note (Gutschrift, avoir, nota de crédito), "debit_note" for a debit note, otherwise "invoice".',
  'subtotal is the net amount before tax, tax the total tax amount, total the gross amount, amount_due what is left to pay (after prepayments) when printed.',
  'vendor is the party that issued the document and is paid; buyer is the party billed.',
] as const;

const ACCOUNT_NUMBER_GUIDANCE =
  'account_number_last4: only the last four digits of the card or account number, never the full number.';

const invoiceOptions = (options: RecipeOptions) =>
  options.ranker ? { requireLineItems: options.requireLineItems, ranker: options.ranker } : options;

export const DOCUMENT_TYPES = {
  0: defineType({
    name: 'Invoice',
    resultSchema: InvoiceResultSchema,
    extract: (doc, options) => extractInvoice(doc, { ...invoiceOptions(options), documentType: 'invoice' }),
    llm: {
      schemaName: 'docex_invoice',
      label: 'an invoice',
      listKey: 'lineItems',
      documentType: null,
      guidance: INVOICE_GUIDANCE,
    },
  }),
  1: defineType({
    name: 'Purchase Order',
    resultSchema: PurchaseOrderResultSchema,
    extract: (doc, { requireLineItems }) => extractPurchaseOrder(doc, { requireLineItems }),
    llm: {
      schemaName: 'docex_purchase_order',
      label: 'a purchase order',
      listKey: 'lineItems',
      documentType: 'purchase_order',
      guidance: ['vendor is the supplier the order is placed with; buyer is the party placing the order.'],
    },
  }),
  2: defineType({
    name: 'GRN',
    resultSchema: GoodsReceivedNoteResultSchema,
    extract: (doc, { requireLineItems }) => extractGoodsReceivedNote(doc, { requireLineItems }),
    llm: {
      schemaName: 'docex_goods_received_note',
      label: 'a goods received note (GRN)',
      listKey: 'lineItems',
      documentType: 'goods_received_note',
      guidance: [
        'quantity_received and quantity_rejected are per line as recorded on the note; quantity_ordered only when printed.',
      ],
    },
  }),
  3: defineType({
    name: 'Debit Note',
    resultSchema: InvoiceResultSchema,
    extract: (doc, options) => extractInvoice(doc, { ...invoiceOptions(options), documentType: 'debit_note' }),
    llm: {
      schemaName: 'docex_debit_note',
      label: 'a debit note (an invoice-like document)',
      listKey: 'lineItems',
      documentType: null,
      guidance: INVOICE_GUIDANCE,
    },
  }),
  4: defineType({
    name: 'Credit Card Statement',
    resultSchema: CreditCardStatementResultSchema,
    extract: (doc) => extractCreditCardStatement(doc),
    llm: {
      schemaName: 'docex_credit_card_statement',
      label: 'a credit-card statement',
      listKey: 'transactions',
      documentType: 'credit_card_statement',
      guidance: [
        'Transactions: every transaction listed, in order. amount is positive; direction "debit" for purchases, fees and interest, "credit" for payments and refunds.',
        ACCOUNT_NUMBER_GUIDANCE,
      ],
    },
  }),
  5: defineType({
    name: 'Credit Card Statement (multi-account)',
    resultSchema: MultiAccountStatementResultSchema,
    extract: (doc) => extractMultiAccountStatement(doc),
    llm: {
      schemaName: 'docex_multi_account_statement',
      label: 'a credit-card statement covering several accounts or cards',
      listKey: 'accounts',
      documentType: 'credit_card_statement_multi_account',
      guidance: [
        'accounts: one entry per card or account, each with its own balances and transactions. amount is positive; direction "debit" for purchases, fees and interest, "credit" for payments and refunds.',
        ACCOUNT_NUMBER_GUIDANCE,
      ],
    },
  }),
  9: defineType({
    name: 'PO number only',
    resultSchema: PoNumbersResultSchema,
    extract: (doc) => extractPoNumbers(doc),
    llm: {
      schemaName: 'docex_po_numbers',
      label: 'a business document in which every purchase order (PO) number is wanted',
      listKey: 'po_numbers',
      documentType: 'po_numbers',
      guidance: [
        'po_numbers: every distinct purchase order number printed (labels such as PO, P.O. No., Order No., Bestellnummer, Bon de commande), in reading order, each with the label printed beside it and its 1-based page.',
        'summary_data.po_number: the first of them.',
      ],
    },
  }),
} as const satisfies Record<PublicTypeId, DocumentType>;

export function isPublicTypeId(typeId: number): typeId is PublicTypeId {
  return (PUBLIC_TYPE_IDS as readonly number[]).includes(typeId);
}

/** The registry entry of a typeId, or null for internal and unknown types. */
export function documentTypeOf(typeId: number): DocumentType | null {
  return isPublicTypeId(typeId) ? (DOCUMENT_TYPES[typeId] as DocumentType) : null;
}

/** typeId -> the schema of extractedData for single-document jobs of that type, or null when there is none. */
export function resultSchemaOf(typeId: number): TObject | null {
  return documentTypeOf(typeId)?.resultSchema ?? null;
}
