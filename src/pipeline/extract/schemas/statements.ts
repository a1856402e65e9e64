// typeId 4 (credit-card statement) and 5 (multi-account statement).
import { Type, type Static } from '@sinclair/typebox';
import { ExtractionInfoSchema, FieldsMap, IsoDate, Money, Nullable, Text, ValidationSchema } from './common.js';

const Balances = {
  previous_balance: Money,
  payments_and_credits: Money,
  purchases_and_debits: Money,
  fees: Money,
  interest: Money,
  new_balance: Money,
  minimum_payment_due: Money,
  payment_due_date: IsoDate,
  credit_limit: Money,
  available_credit: Money,
};

export const TransactionSchema = Type.Object({
  transaction_date: IsoDate,
  posting_date: IsoDate,
  description: Text,
  amount: Nullable(Type.Number({ description: 'Always positive, exact to the cent; `direction` gives the sign' })),
  direction: Nullable(
    Type.Union([Type.Literal('debit'), Type.Literal('credit')], {
      description: 'debit: increases the balance (purchase, fee); credit: decreases it (payment, refund)',
    }),
  ),
  reference: Text,
});

export const AccountSchema = Type.Object({
  account_holder: Text,
  account_number_last4: Nullable(Type.String({ pattern: '^\\d{4}$', description: 'Never the full card number' })),
  ...Balances,
  transactions: Type.Array(TransactionSchema),
});

export const CreditCardStatementResultSchema = Type.Object(
  {
    document_type: Type.Literal('credit_card_statement'),
    summary_data: Type.Object({
      issuer_name: Text,
      account_holder: Text,
      account_number_last4: Nullable(Type.String({ pattern: '^\\d{4}$' })),
      statement_date: IsoDate,
      period_start: IsoDate,
      period_end: IsoDate,
      currency: Text,
      ...Balances,
    }),
    transactions: Type.Array(TransactionSchema),
    fields: FieldsMap,
    validation: ValidationSchema,
    extraction: ExtractionInfoSchema,
  },
  {
    $id: 'CreditCardStatementResult',
    title: 'Credit-card statement result (typeId 4)',
    description:
      'Validation: previous_balance - payments_and_credits + purchases_and_debits + fees + interest = new_balance, ' +
      'and the transactions add up to the period movements when all are listed.',
  },
);
export type CreditCardStatementResult = Static<typeof CreditCardStatementResultSchema>;

export const MultiAccountStatementResultSchema = Type.Object(
  {
    document_type: Type.Literal('credit_card_statement_multi_account'),
    summary_data: Type.Object({
      issuer_name: Text,
      statement_date: IsoDate,
      period_start: IsoDate,
      period_end: IsoDate,
      currency: Text,
      total_new_balance: Money,
      total_minimum_payment_due: Money,
      payment_due_date: IsoDate,
    }),
    accounts: Type.Array(AccountSchema),
    fields: FieldsMap,
    validation: ValidationSchema,
    extraction: ExtractionInfoSchema,
  },
  { $id: 'MultiAccountStatementResult', title: 'Multi-account credit-card statement result (typeId 5)' },
);
export type MultiAccountStatementResult = Static<typeof MultiAccountStatementResultSchema>;
