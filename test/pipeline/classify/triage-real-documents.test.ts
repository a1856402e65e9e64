// Triage of real attachments: the first page of real invoices and credit notes from the development datasets
// (copied into test/fixtures/datasets, see its README), read with pdfjs like the service reads them, plus their real file names.
// A sample of 14; run over all 107 PDFs once, the triage gave 101 invoices, 3 credit notes (the Gutschrift
// samples) and 3 other (booking aids), all as expected. The expected kind comes from
// the documents themselves: ZUGFeRD "Gutschrift" samples are credit notes (type 389,
// both kinds are extracted), "Buchungshilfe - KEINE Rechnung" (booking aid, says it is no invoice) is 'other'.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triageAttachment, type AttachmentKind } from '../../../src/pipeline/classify/index.js';
import { datasetPath } from '../../support/datasets.js';

const CASES: readonly (readonly [string, AttachmentKind])[] = [
  ['invoice2data/documents/AmazonWebServices.pdf', 'invoice'],
  ['invoice2data/documents/FlipkartInvoice.pdf', 'invoice'],
  ['invoice2data/documents/NetpresseInvoice.pdf', 'invoice'],
  ['invoice2data/documents/QualityHosting.pdf', 'invoice'],
  ['invoice2data/documents/coolblue1.pdf', 'invoice'],
  ['invoice2data/documents/free_fiber.pdf', 'invoice'],
  ['invoice2data/documents/oyo.pdf', 'invoice'],
  ['invoice2data/documents/saeco.pdf', 'invoice'],
  ['zugferd-corpus/documents/unstructured/RE-E-974-Hetzner_2016-01-19_R0005532486.pdf', 'invoice'],
  ['zugferd-corpus/documents/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_EXTENDED_Warenrechnung.pdf', 'invoice'],
  [
    'zugferd-corpus/documents/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_Sachversicherung_berechneter_Steuersatz.pdf',
    'invoice',
  ],
  ['zugferd-corpus/documents/XML-Rechnung/FX/EN16931_Rechnungskorrektur.pdf', 'invoice'],
  ['zugferd-corpus/documents/XML-Rechnung/FX/EN16931_Gutschrift.pdf', 'credit_note'],
  [
    'zugferd-corpus/documents/ZUGFeRDv2/correct/symtrax/Beispiele/MINIMUM/zugferd_2p1_MINIMUM_Buchungshilfe.pdf',
    'other',
  ],
];

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Pdfjs;
const requireHere = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(requireHere.resolve('pdfjs-dist/package.json'));

beforeAll(() => {
  // require() rather than import(): the 3 MB module is not transformed again by the test runner.
  pdfjs = requireHere('pdfjs-dist/legacy/build/pdf.mjs') as Pdfjs;
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= requireHere('pdfjs-dist/legacy/build/pdf.worker.mjs');
});

const opened: { destroy(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.destroy()));
});

/** First page as text lines, top to bottom: text items grouped by their baseline. */
async function firstPage(file: string): Promise<{ text: string; pageCount: number }> {
  const document = await pdfjs.getDocument({
    data: new Uint8Array(readFileSync(file)),
    standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  opened.push(document);
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  const rows = new Map<number, { x: number; str: string }[]>();
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const y = Math.round(item.transform[5] / 3);
    rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4], str: item.str }]);
  }
  const text = [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, items]) =>
      items
        .sort((a, b) => a.x - b.x)
        .map((i) => i.str)
        .join(' '),
    )
    .join('\n');
  return { text, pageCount: document.numPages };
}

describe('triage of real documents (first page read with pdfjs)', () => {
  it.each(CASES)('%s is %s', async (relative, kind) => {
    const { text, pageCount } = await firstPage(datasetPath(relative));
    const byText = triageAttachment({ text, pageCount, contentType: 'application/pdf' });
    expect(byText.kind, byText.reasons.join('\n')).toBe(kind);
    // With the real file name as well, the answer must not change.
    const filename = path.basename(relative);
    const withName = triageAttachment({ filename, text, pageCount, contentType: 'application/pdf' });
    expect(withName.kind, withName.reasons.join('\n')).toBe(kind);
  });
});
