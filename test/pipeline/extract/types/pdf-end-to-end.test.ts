// The whole path on real files: PDF bytes -> readPdf (pdfjs in its sandbox) -> the extractor of the type. The
// results must equal those from the in-memory documents; only boxes differ (pdfjs spreads a run's width evenly
// over its characters).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  extractCreditCardStatement,
  extractGoodsReceivedNote,
  extractMultiAccountStatement,
  extractPoNumbers,
  extractPurchaseOrder,
} from '../../../../src/pipeline/extract/types/index.js';
import type { ReadDocument } from '../../../../src/pipeline/model.js';
import { createPdfSandboxPool, readPdf } from '../../../../src/pipeline/read/pdf/index.js';
import { expectProvenance } from './support/checks.js';
import { FIXTURE_DIR, fixturePdf, PDF_FIXTURES } from './support/fixtures.js';
import { toReadDocument } from './support/synthetic.js';

function extract(doc: ReadDocument, typeId: number): Record<string, unknown> {
  switch (typeId) {
    case 1:
      return extractPurchaseOrder(doc, { requireLineItems: true });
    case 2:
      return extractGoodsReceivedNote(doc, { requireLineItems: true });
    case 4:
      return extractCreditCardStatement(doc);
    case 5:
      return extractMultiAccountStatement(doc);
    case 9:
      return extractPoNumbers(doc);
    default:
      throw new Error(`no extractor for ${typeId}`);
  }
}

/** The result without what depends on exact glyph positions. */
function withoutGeometry(result: Record<string, unknown>): unknown {
  return JSON.parse(
    JSON.stringify({ ...result, fields: undefined }, (key, value: unknown) => (key === 'bbox' ? undefined : value)),
  );
}

describe('PDF fixtures through readPdf', () => {
  // One warm pdfjs worker for all files: a fresh worker per file costs ~250 ms of start-up each.
  const pool = createPdfSandboxPool({ maxWorkers: 1 });
  afterAll(() => pool.close());

  for (const [name, { pages, typeId }] of Object.entries(PDF_FIXTURES)) {
    it(`${name} (typeId ${typeId})`, async () => {
      const bytes = readFileSync(path.join(FIXTURE_DIR, name));
      // The stored file is what the generator writes today.
      expect(bytes.equals(fixturePdf(name))).toBe(true);
      const read = await readPdf(bytes, { runner: pool });
      expect(read.info.pagesNeedingOcr).toEqual([]);
      const doc: ReadDocument = { format: 'pdf', pages: read.pages, einvoice: null, info: read.info };

      const fromPdf = extract(doc, typeId);
      const fromModel = extract(toReadDocument(pages()), typeId);

      expect(withoutGeometry(fromPdf)).toEqual(withoutGeometry(fromModel));
      expect(Object.keys(fromPdf.fields as object).sort()).toEqual(Object.keys(fromModel.fields as object).sort());
      expectProvenance(fromPdf, doc);
      expect((fromPdf.validation as { passed: boolean }).passed).toBe(true);
    });
  }
});
