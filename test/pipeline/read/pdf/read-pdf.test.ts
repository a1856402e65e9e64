import { afterAll, describe, expect, it } from 'vitest';
import {
  createPdfSandboxPool,
  readPdf as readPdfWith,
  type ReadPdfOptions,
} from '../../../../src/pipeline/read/pdf/index.js';
import { dataset, expectSaneLayout, findWord, fixture, zugferd } from './helpers.js';

// One warm worker for the whole file: these tests are about what is read, and a fresh worker per call (the default,
// exercised by the failure tests) would cost ~0.4 s of CPU each.
const pool = createPdfSandboxPool({ maxWorkers: 1 });
afterAll(() => pool.close());
const readPdf = (bytes: Buffer, options: ReadPdfOptions = {}): ReturnType<typeof readPdfWith> =>
  readPdfWith(bytes, { runner: pool, ...options });

describe('readPdf: text layer', () => {
  it('reads a vendor invoice into lines of words with boxes in points', async () => {
    const { pages, info } = await readPdf(dataset('invoice2data/documents/AzureInterior.pdf'));
    expect(info).toMatchObject({
      pageCount: 1,
      textPages: 1,
      pagesNeedingOcr: [],
      producer: 'PyPDF2',
      encrypted: false,
    });
    const [page] = pages;
    expect(page).toMatchObject({ number: 1, width: 595, height: 842, unit: 'pt', source: 'text' });
    expectSaneLayout(page!);

    const invoiceNumber = findWord(page!, 'INV/2023/03/0008');
    expect(invoiceNumber).toBeDefined();
    // Printed in the upper quarter of the page, right of the title word "Invoice" (20 pt type).
    expect(invoiceNumber!.bbox.y).toBeGreaterThan(150);
    expect(invoiceNumber!.bbox.y).toBeLessThan(250);
    expect(invoiceNumber!.bbox.height).toBeGreaterThan(15);
    expect(page!.lines.map((line) => line.text)).toContain('Invoice INV/2023/03/0008');
    expect(page!.lines.map((line) => line.text)).toContain('Total $ 279.84');
  });

  it('keeps table columns as separate words on one line, with the gaps visible in the boxes', async () => {
    const { pages } = await readPdf(dataset('invoice2data/documents/coolblue1.pdf'));
    const row = pages[0]!.lines.find((line) => line.text.startsWith('Mario Kart 7 3DS'));
    expect(row?.text).toBe('Mario Kart 7 3DS 1 € 44,99 21% € 44,99');
    const words = row!.words;
    const quantity = words.findIndex((word) => word.text === '1');
    const description = words[quantity - 1]!;
    expect(words[quantity]!.bbox.x - (description.bbox.x + description.bbox.width)).toBeGreaterThan(200);
    // The header row lies above the item rows.
    const header = pages[0]!.lines.find((line) => line.text.startsWith('Artikel Aantal'));
    expect(header!.bbox.y).toBeLessThan(row!.bbox.y);
  });

  it('separates words at an explicit space however narrow it is', async () => {
    const { pages } = await readPdf(
      dataset(zugferd('ZUGFeRDv2/correct/Mustangproject/MustangGnuaccountingBeispielRE-20201121_508.pdf')),
    );
    const texts = pages[0]!.lines.map((line) => line.text);
    expect(texts.some((text) => text.startsWith('88802 Spielkreis'))).toBe(true);
    expect(texts).toContain('Invoice # RE-20201121/508 issued at 2020-11-21');
  });

  it('reads every page of a multi-page PDF in order', async () => {
    const { pages, info } = await readPdf(
      dataset(zugferd('ZUGFeRDv2/correct/symtrax/Beispiele/EN16931/zugferd_2p1_EN16931_1_Teilrechnung.pdf')),
    );
    expect(info).toMatchObject({ pageCount: 3, textPages: 3, pagesNeedingOcr: [] });
    expect(pages.map((page) => page.number)).toEqual([1, 2, 3]);
    for (const page of pages) expectSaneLayout(page);
    expect(pages[0]!.lines.map((line) => line.text)).toContain('Handelsrechnung Nr. 471102 vom 05.06.2018');
    expect(pages[2]!.lines.map((line) => line.text)).toContain('Zahlbetrag 147,65');
  });

  it('applies the page rotation: a /Rotate 90 page reads upright in landscape coordinates', async () => {
    const { pages } = await readPdf(fixture('rotated-page.pdf'));
    const [page] = pages;
    expect(page).toMatchObject({ width: 842, height: 595 });
    expect(page!.lines.map((line) => line.text)).toEqual(['Rotated page invoice 4711']);
    expectSaneLayout(page!);
    // Drawn at user-space (300, 100) with the text running up the portrait page: after rotation it starts
    // 100 pt from the left and its baseline sits 300 pt from the top.
    const first = page!.lines[0]!.words[0]!;
    expect(first.bbox.x).toBeCloseTo(100, 0);
    expect(first.bbox.y + first.bbox.height).toBeGreaterThan(300);
    expect(first.bbox.y).toBeLessThan(300);
  });

  it('leaves the caller’s buffer intact', async () => {
    const bytes = fixture('rotated-page.pdf');
    const before = Buffer.from(bytes);
    await readPdf(bytes);
    expect(bytes.equals(before)).toBe(true);
  });
});

describe('readPdf: embedded files', () => {
  it('returns the Factur-X XML of a ZUGFeRD 2.1 PDF byte for byte', async () => {
    const path = 'ZUGFeRDv2/correct/symtrax/Beispiele/EN16931/zugferd_2p1_EN16931_1_Teilrechnung';
    const { attachments } = await readPdf(dataset(zugferd(`${path}.pdf`)));
    expect(attachments.map((attachment) => attachment.filename)).toEqual(['factur-x.xml']);
    expect(Buffer.isBuffer(attachments[0]!.content)).toBe(true);
    expect(attachments[0]!.content.equals(dataset(`zugferd-corpus/labels/xml/${path}.xml`))).toBe(true);
  });

  it('returns no attachment once the XML has been removed, and still reads the text', async () => {
    const { attachments, pages, info } = await readPdf(fixture('facturx-attachment-removed.pdf'));
    expect(attachments).toEqual([]);
    expect(info.skippedAttachments).toEqual([]);
    expect(pages[0]!.lines.map((line) => line.text).join('\n')).toContain('471113');
  });

  it('puts XML first and leaves out attachments over the size or count budget', async () => {
    const bytes = dataset(zugferd('XML-Rechnung/FX/EN16931_Reisekostenabrechnung.pdf'));
    const all = await readPdf(bytes);
    expect(all.attachments.map((attachment) => attachment.filename)).toEqual([
      'factur-x.xml',
      'EN16931_Reisekostenabrechnung_Hotelrechnung-Immo.pdf',
      'EN16931_Reisekostenabrechnung_Taxi-Nue-und-Berlin.pdf',
    ]);
    expect(all.attachments[2]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const limited = await readPdf(bytes, { maxAttachmentBytes: 200_000, maxAttachments: 1 });
    expect(limited.attachments.map((attachment) => attachment.filename)).toEqual(['factur-x.xml']);
    expect(limited.info.skippedAttachments).toEqual([
      { filename: 'EN16931_Reisekostenabrechnung_Hotelrechnung-Immo.pdf', byteLength: 98_918, reason: 'too_many' },
      { filename: 'EN16931_Reisekostenabrechnung_Taxi-Nue-und-Berlin.pdf', byteLength: 688_055, reason: 'too_large' },
    ]);
  });
});
