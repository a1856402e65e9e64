// Completes the LLM engine's data into the published result shapes: provenance for every value (source 'llm', with
// the page and box where the value's text is found on the page, else without them), the arithmetic validation, and
// the extraction block. The model's numbers are already exact to the cent (llm/normalize.ts).
import type { ReadDocument } from '../model.js';
import { validateInvoice } from './builtin/validation.js';
import type { LlmData } from './llm/index.js';
import { moneyEquals, sumMoney, subtractMoney, type DecimalString } from './parse/index.js';
import type { ExtractionInfo, FieldProvenance, Validation, ValidationCheck } from './schemas/common.js';

const LLM_CONFIDENCE = 0.8;
const dec = (n: unknown): DecimalString | null =>
  typeof n === 'number' && Number.isFinite(n) ? (String(n) as DecimalString) : null;

/** Where a value's printed text sits on the pages: the first line containing it. */
function locate(doc: ReadDocument, value: string): Pick<FieldProvenance, 'page' | 'bbox'> {
  const needle = value.trim().toLowerCase();
  if (needle.length < 3) return {};
  for (const page of doc.pages) {
    for (const line of page.lines) {
      if (line.text.toLowerCase().includes(needle)) return { page: page.number, bbox: line.bbox };
    }
  }
  return {};
}

function fieldsOf(doc: ReadDocument, value: unknown, path: string, out: Record<string, FieldProvenance>): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => fieldsOf(doc, v, `${path}[${i}]`, out));
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      fieldsOf(doc, v, path ? `${path}.${k}` : k, out);
    return;
  }
  out[path] = { confidence: LLM_CONFIDENCE, source: 'llm', ...(typeof value === 'string' ? locate(doc, value) : {}) };
}

function check(name: string, expected: DecimalString | null, actual: DecimalString | null): ValidationCheck {
  return {
    name,
    passed: expected === null || actual === null ? null : moneyEquals(expected, actual, '0.01' as DecimalString),
    expected: expected === null ? null : Number(expected),
    actual: actual === null ? null : Number(actual),
  };
}

function balanceCheck(b: Record<string, unknown>): ValidationCheck {
  const parts = ['previous_balance', 'payments_and_credits', 'purchases_and_debits', 'fees', 'interest'].map((k) =>
    dec(b[k]),
  );
  const [previous, payments, purchases, fees, interest] = parts;
  const computed =
    previous && payments && purchases
      ? subtractMoney(
          sumMoney([previous, purchases, fees ?? ('0' as DecimalString), interest ?? ('0' as DecimalString)]),
          payments,
        )
      : null;
  return check('statement_balance_equation', dec(b.new_balance), computed);
}

// The model's JSON is checked against the type's schema before it gets here; its shape varies by type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function validationOf(typeId: number, data: Record<string, any>): Validation {
  let checks: ValidationCheck[] = [];
  if (typeId === 0 || typeId === 1 || typeId === 3) {
    const s = data.summary_data ?? {};
    return validateInvoice({
      subtotal: dec(s.subtotal),
      tax: dec(s.tax),
      total: dec(s.total),
      lines: (data.lineItems ?? []).map((l: Record<string, unknown>) => ({
        quantity: dec(l.quantity),
        unit_price: dec(l.unit_price),
        amount: dec(l.amount),
      })),
    });
  }
  if (typeId === 4) checks = [balanceCheck(data.summary_data ?? {})];
  if (typeId === 5)
    checks = (data.accounts ?? []).map((a: Record<string, unknown>, i: number) => ({
      ...balanceCheck(a),
      detail: `accounts[${i}]`,
    }));
  if (typeId === 2) {
    checks = (data.lineItems ?? []).map((l: Record<string, unknown>, i: number) => {
      const ordered = dec(l.quantity_ordered);
      const taken =
        dec(l.quantity_received) &&
        sumMoney([dec(l.quantity_received)!, dec(l.quantity_rejected) ?? ('0' as DecimalString)]);
      const ok = ordered === null || !taken ? null : Number(taken) <= Number(ordered);
      return {
        name: 'received_plus_rejected_within_ordered',
        passed: ok,
        expected: ordered === null ? null : Number(ordered),
        actual: taken ? Number(taken) : null,
        detail: `lineItems[${i}]`,
      };
    });
  }
  return { passed: checks.every((c) => c.passed !== false), checks };
}

const DOCUMENT_TYPES: Record<number, string> = {
  1: 'purchase_order',
  2: 'goods_received_note',
  4: 'credit_card_statement',
  5: 'credit_card_statement_multi_account',
  9: 'po_numbers',
};

export function completeLlmResult(
  doc: ReadDocument,
  typeId: number,
  data: LlmData,
  info: { language: string | null },
): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-checked JSON whose shape varies by type
  const body = data as unknown as Record<string, any>;
  const fields: Record<string, FieldProvenance> = {};
  for (const [key, value] of Object.entries(body)) if (key !== 'document_type') fieldsOf(doc, value, key, fields);
  const ocrPages = doc.pages.filter((p) => p.source === 'ocr').length;
  const extraction: ExtractionInfo = {
    engine: 'llm',
    method: 'llm',
    pages: doc.pages.length,
    ocr_pages: ocrPages,
    language: info.language,
    parser_version: null,
    parser_version_id: null,
  };
  return {
    document_type: body.document_type ?? DOCUMENT_TYPES[typeId] ?? 'invoice',
    ...body,
    fields,
    validation: validationOf(typeId, body),
    extraction,
  };
}
