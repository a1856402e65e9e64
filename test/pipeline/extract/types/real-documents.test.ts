// Real documents from the shared datasets (invoices: there are no real POs or statements there). PO references
// are labelled in their ground truth; every extractor must also run on any real layout without failing and
// return its published shape.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  GoodsReceivedNoteResultSchema,
  PoNumbersResultSchema,
  PurchaseOrderResultSchema,
} from '../../../../src/pipeline/extract/schemas/orders.js';
import {
  CreditCardStatementResultSchema,
  MultiAccountStatementResultSchema,
} from '../../../../src/pipeline/extract/schemas/statements.js';
import {
  extractCreditCardStatement,
  extractGoodsReceivedNote,
  extractMultiAccountStatement,
  extractPoNumbers,
  extractPurchaseOrder,
} from '../../../../src/pipeline/extract/types/index.js';
import type { ReadDocument } from '../../../../src/pipeline/model.js';
import { createPdfSandboxPool, readPdf } from '../../../../src/pipeline/read/pdf/index.js';
import { expectProvenance, expectSchema } from './support/checks.js';
import { datasetFile } from '../../../support/datasets.js';

const pool = createPdfSandboxPool({ maxWorkers: 1 });
afterAll(() => pool.close());

async function read(relative: string): Promise<ReadDocument> {
  const result = await readPdf(datasetFile(relative), { runner: pool });
  return { format: 'pdf', pages: result.pages, einvoice: null, info: result.info };
}

const ZUGFERD = 'zugferd-corpus/documents/';
const PO_LABELLED: Array<[string, string]> = [
  [`${ZUGFERD}ZUGFeRDv1/correct/4s4u/additional-data-sample-1.pdf`, 'B123456789'],
  [`${ZUGFERD}XML-Rechnung/FX/EN16931_1_Teilrechnung.pdf`, '2018-471331'],
  [`${ZUGFERD}ZUGFeRDv2/correct/symtrax/Beispiele/BASIC WL/zugferd_2p1_BASIC-WL_Einfach.pdf`, 'PO445'],
];

describe('real documents', () => {
  for (const [file, expected] of PO_LABELLED) {
    it(`finds the labelled PO number ${expected} in ${path.basename(file)}`, async () => {
      const doc = await read(file);
      const result = extractPoNumbers(doc);
      expect(result.po_numbers.map((p) => p.value)).toContain(expected);
      expect(result.summary_data.po_number).toBe(expected);
      expectSchema(PoNumbersResultSchema, result);
      expectProvenance(result, doc);
    });
  }

  it('runs every extractor on real invoice layouts without failing, in the published shapes', async () => {
    const files = [
      'invoice2data/documents/AzureInterior.pdf',
      'invoice2data/documents/coolblue1.pdf',
      `${ZUGFERD}ZUGFeRDv1/correct/Mustangproject/MustangGnuaccountingBeispielRE-20170509_505.pdf`,
    ];
    for (const file of files) {
      const doc = await read(file);
      const results: Array<[unknown, Record<string, unknown>]> = [
        [PurchaseOrderResultSchema, extractPurchaseOrder(doc, { requireLineItems: true })],
        [GoodsReceivedNoteResultSchema, extractGoodsReceivedNote(doc, { requireLineItems: true })],
        [CreditCardStatementResultSchema, extractCreditCardStatement(doc)],
        [MultiAccountStatementResultSchema, extractMultiAccountStatement(doc)],
      ];
      for (const [schema, result] of results) {
        expectSchema(schema as Parameters<typeof expectSchema>[0], result);
        expectProvenance(result, doc);
      }
    }
  });

  it('reads the line table and totals of a real German layout with the purchase-order reader', async () => {
    const result = extractPurchaseOrder(
      await read(`${ZUGFERD}ZUGFeRDv1/correct/Mustangproject/MustangGnuaccountingBeispielRE-20170509_505.pdf`),
      { requireLineItems: true },
    );
    expect(result.lineItems.map((l) => [l.quantity, l.unit_price, l.amount, l.tax_rate])).toEqual([
      [1, 160, 160, 7],
      [400, 0.79, 316, 19],
      [200, 0.1, 20, 19],
    ]);
    expect(result.summary_data).toMatchObject({ subtotal: 496, tax: 75.04, total: 571.04, currency: 'EUR' });
    expect(result.validation.passed).toBe(true);
  });
});
