// Small ReadDocuments built the way the readers build them: lines in reading order with word boxes in PDF points.
import type { Line, Page, ReadDocument, Word } from '../../../../../src/pipeline/model.js';

/** One printed cell: text starting at x on the row's baseline area. */
export interface Cell {
  x: number;
  text: string;
}

const CHAR_WIDTH = 5.5;
const LINE_HEIGHT = 10;

function line(cell: Cell, y: number, confidence?: number): Line {
  const words: Word[] = [];
  let x = cell.x;
  for (const token of cell.text.split(' ')) {
    if (token !== '') {
      words.push({
        text: token,
        bbox: { x, y, width: token.length * CHAR_WIDTH, height: LINE_HEIGHT },
        ...(confidence === undefined ? {} : { confidence }),
      });
    }
    x += (token.length + 1) * CHAR_WIDTH;
  }
  return { text: cell.text, bbox: { x: cell.x, y, width: cell.text.length * CHAR_WIDTH, height: LINE_HEIGHT }, words };
}

/** rows[i] is printed at y = 40 + 14 i; each cell becomes its own Line, as a reader splits columns. */
export function page(number: number, rows: Cell[][], source: 'text' | 'ocr' = 'text'): Page {
  const lines: Line[] = [];
  rows.forEach((cells, i) => {
    for (const cell of cells) lines.push(line(cell, 40 + 14 * i, source === 'ocr' ? 0.9 : undefined));
  });
  return { number, width: 595, height: 842, unit: source === 'ocr' ? 'px' : 'pt', source, lines };
}

export function documentOf(...pages: Page[]): ReadDocument {
  return { format: 'pdf', pages, einvoice: null, info: {} };
}

/** A one-page German invoice with seller and buyer side by side and a two-line table. */
export function sampleInvoice(): ReadDocument {
  return documentOf(
    page(1, [
      [
        { x: 40, text: 'Muster GmbH' },
        { x: 330, text: 'Acme Ltd' },
      ],
      [
        { x: 40, text: 'Hauptstr. 1, 10115 Berlin' },
        { x: 330, text: '1 High St, London' },
      ],
      [{ x: 40, text: 'USt-IdNr. DE123456789' }],
      [],
      [
        { x: 40, text: 'Rechnung Nr. INV-2026-118' },
        { x: 330, text: 'Datum: 31.10.2026' },
      ],
      [
        { x: 40, text: 'Bestellnummer: PO-4711' },
        { x: 330, text: 'Fällig: 30.11.2026' },
      ],
      [],
      [
        { x: 40, text: 'Beschreibung' },
        { x: 300, text: 'Menge' },
        { x: 380, text: 'Preis' },
        { x: 470, text: 'Betrag' },
      ],
      [
        { x: 40, text: 'Beratung' },
        { x: 300, text: '2' },
        { x: 380, text: '50,00' },
        { x: 470, text: '100,00' },
      ],
      [
        { x: 40, text: 'Reisekosten' },
        { x: 300, text: '1' },
        { x: 380, text: '0,10' },
        { x: 470, text: '0,10' },
      ],
      [
        { x: 380, text: 'Netto' },
        { x: 470, text: '100,10 €' },
      ],
      [
        { x: 380, text: 'USt 19%' },
        { x: 470, text: '19,02 €' },
      ],
      [
        { x: 380, text: 'Gesamt' },
        { x: 470, text: '119,12 €' },
      ],
    ]),
  );
}

/** What a good model answers for sampleInvoice. */
export function sampleInvoiceAnswer(): Record<string, unknown> {
  return {
    document_type: 'invoice',
    summary_data: {
      invoice_number: 'INV-2026-118',
      invoice_date: '2026-10-31',
      due_date: '2026-11-30',
      vendor_name: 'Muster GmbH',
      vendor_tax_id: 'DE123456789',
      vendor_address: 'Hauptstr. 1, 10115 Berlin',
      buyer_name: 'Acme Ltd',
      buyer_tax_id: null,
      buyer_address: '1 High St, London',
      po_number: 'PO-4711',
      currency: 'EUR',
      subtotal: 100.1,
      tax: 19.02,
      total: 119.12,
      amount_due: null,
    },
    lineItems: [
      {
        description: 'Beratung',
        quantity: 2,
        unit_price: 50,
        amount: 100,
        unit: null,
        tax_rate: null,
        product_code: null,
      },
      {
        description: 'Reisekosten',
        quantity: 1,
        unit_price: 0.1,
        amount: 0.1,
        unit: null,
        tax_rate: null,
        product_code: null,
      },
    ],
  };
}
