import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EXTRACTED_KINDS,
  shouldExtract,
  triageAttachment,
  type AttachmentInput,
  type AttachmentKind,
} from '../../../src/pipeline/classify/index.js';

interface LabelledAttachment extends AttachmentInput {
  id: string;
  kind: AttachmentKind;
  note: string;
}

const dataset = JSON.parse(
  readFileSync(new URL('../../fixtures/emails/attachments.json', import.meta.url), 'utf8'),
) as {
  attachments: LabelledAttachment[];
};

describe('triageAttachment on the labelled attachment examples', () => {
  it('has at least 20 examples covering every kind', () => {
    expect(dataset.attachments.length).toBeGreaterThanOrEqual(20);
    const kinds = new Set(dataset.attachments.map((a) => a.kind));
    for (const kind of [
      'invoice',
      'credit_note',
      'purchase_order',
      'delivery_note',
      'terms',
      'statement',
      'remittance',
      'other',
    ]) {
      expect(kinds.has(kind as AttachmentKind)).toBe(true);
    }
  });

  it.each(dataset.attachments.map((a) => [a.id, a.note, a] as const))('%s %s', (_id, _note, attachment) => {
    const { id: _i, kind, note: _n, ...input } = attachment;
    const result = triageAttachment(input);
    expect(result.kind, result.reasons.join('\n')).toBe(kind);
    expect(result.score).toBeGreaterThan(0.5);
  });
});

describe('triageAttachment', () => {
  it.each([
    ['invoice_2026-118.pdf', 'invoice'],
    ['Rechnung_RE-2026-0318.pdf', 'invoice'],
    ['RechnungNr123.pdf', 'invoice'],
    ['INV-44120.pdf', 'invoice'],
    ['RE-E-974-Hetzner_2016-01-19_R0005532486.pdf', 'invoice'],
    ['facture F2026-0211.pdf', 'invoice'],
    ['Fattura_118_2026.pdf', 'invoice'],
    ['factuur-2026-0301.pdf', 'invoice'],
    ['Gutschrift_zur_Rechnung_10442.pdf', 'credit_note'],
    ['Avoir-AV-0042.pdf', 'credit_note'],
    ['Lieferschein_77120.pdf', 'delivery_note'],
    ['delivery_note_5512.pdf', 'delivery_note'],
    ['AGB.pdf', 'terms'],
    ['CGV_2026.pdf', 'terms'],
    ['Allgemeine-Geschaeftsbedingungen.pdf', 'terms'],
    ['PO-45821.pdf', 'purchase_order'],
    ['Auftragsbestaetigung_48811.pdf', 'purchase_order'],
    ['Kontoauszug_03_2026.pdf', 'statement'],
    ['Zahlungsavis_0306.pdf', 'remittance'],
    ['Angebot_A-7719.pdf', 'other'],
    ['image002.jpg', 'other'],
    ['Gehaltsabrechnung_Maerz.pdf', 'other'],
  ])('reads the file name %s as %s', (filename, kind) => {
    expect(triageAttachment({ filename }).kind).toBe(kind);
  });

  it('lets the first page title win over a misleading file name', () => {
    const result = triageAttachment({
      filename: 'Rechnung_77120.pdf',
      text: 'Metallwerk Oberland GmbH\n\nLIEFERSCHEIN\n\nLieferschein-Nr.: 77120\nIhre Bestellung: 4400-118\nPos Menge Artikel\n1 12 Stahlträger HEB 200',
    });
    expect(result.kind).toBe('delivery_note');
  });

  it('reads letter-spaced titles and skips negated ones', () => {
    expect(
      triageAttachment({ text: 'Lieferant GmbH\nKunde AG\nW A R E N R E C H N U N G\nBeleg-Nr : R123' }).kind,
    ).toBe('invoice');
    expect(
      triageAttachment({ text: 'Buchungshilfe - KEINE Rechnung Nr. 471102 vom 05.03.2020\nGesamtbetrag 100,00' }).kind,
    ).toBe('other');
  });

  it('does not take field labels of other documents for titles', () => {
    const result = triageAttachment({
      text: 'RECHNUNG\nBestellung: B123456789\nLieferschein-Nr: L876\nAuftragsbestätigung: AB-1\nRechnungsbetrag 100,00 EUR',
    });
    expect(result.kind).toBe('invoice');
  });

  it('falls back to other, with a reason, when there is no evidence', () => {
    const result = triageAttachment({ contentType: 'application/pdf' });
    expect(result.kind).toBe('other');
    expect(result.reasons).toContain('no evidence');
    expect(triageAttachment({}).kind).toBe('other');
  });

  it('extracts invoices and credit notes only', () => {
    expect([...EXTRACTED_KINDS].sort()).toEqual(['credit_note', 'invoice']);
    expect(shouldExtract('invoice')).toBe(true);
    expect(shouldExtract('credit_note')).toBe(true);
    for (const kind of ['purchase_order', 'delivery_note', 'terms', 'statement', 'remittance', 'other'] as const) {
      expect(shouldExtract(kind)).toBe(false);
    }
  });

  it('stays fast on hostile input', () => {
    const started = performance.now();
    triageAttachment({ filename: 'a'.repeat(100_000), text: `${'1'.repeat(60_000)}\n${'Rechnung '.repeat(10_000)}` });
    triageAttachment({ text: `<?xml version="1.0"?><Invoice xmlns="x:Invoice-2">${'<a>'.repeat(30_000)}` });
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
