// Detection of standalone e-invoices and choice of the embedded one among a PDF's attachments, including
// byte-level decoding (BOMs, UTF-16, declared single-byte encodings).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import {
  decodeXmlBytes,
  detectEInvoice,
  findEmbeddedEInvoice,
  mapEInvoice,
} from '../../../../src/pipeline/read/einvoice/index.js';
import { CORPUS, fixture } from './support.js';

const corpusBytes = (file: string): Buffer => readFileSync(join(CORPUS, 'labels/xml', file));
const ZF2 = 'XML-Rechnung/FX/EN16931_Einfach.xml';
const ZF1 = 'ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_Einfach.xml';
const XRECHNUNG_CII = 'XML-Rechnung/FX/XRECHNUNG_Einfach.xml';
const FAKE_PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

describe('detectEInvoice', () => {
  it('detects CII D16B with its profile', () => {
    expect(detectEInvoice(corpusBytes(ZF2).toString('utf8'))).toMatchObject({
      syntax: 'CII',
      origin: 'standalone',
      profile: 'urn:cen.eu:en16931:2017',
    });
  });

  it('detects ZUGFeRD 1.0 CrossIndustryDocument and XRechnung CII', () => {
    expect(detectEInvoice(corpusBytes(ZF1).toString('utf8'))).toMatchObject({
      syntax: 'CII',
      profile: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort',
    });
    expect(detectEInvoice(corpusBytes(XRECHNUNG_CII).toString('utf8'))?.profile).toMatch(/xrechnung/);
  });

  it('detects UBL Invoice and CreditNote with CustomizationID as profile', () => {
    const invoice = detectEInvoice(fixture('ubl-invoice-peppol.xml'));
    expect(invoice).toMatchObject({ syntax: 'UBL', origin: 'standalone' });
    expect(invoice?.profile).toContain('peppol.eu:2017:poacc:billing:3.0');
    expect(detectEInvoice(fixture('ubl-creditnote-xrechnung.xml'))?.profile).toContain('xrechnung_3.0');
    expect(invoice?.filename).toBeUndefined();
  });

  it('leaves profile undefined when the XML has none', () => {
    const source = detectEInvoice('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(source).toEqual({ syntax: 'UBL', origin: 'standalone', xml: expect.any(String) });
  });
});

describe('findEmbeddedEInvoice', () => {
  it('takes factur-x.xml beside other attachments', () => {
    const found = findEmbeddedEInvoice([
      { filename: 'Hotelrechnung.pdf', content: FAKE_PDF },
      { filename: 'factur-x.xml', content: corpusBytes(ZF2) },
    ]);
    expect(found).toMatchObject({ syntax: 'CII', origin: 'embedded', filename: 'factur-x.xml' });
    expect(mapEInvoice(found!).invoice_number).toBe('471102');
  });

  it('prefers Factur-X over ZUGFeRD 2 over ZUGFeRD 1.0 names', () => {
    const zf1 = { filename: 'ZUGFeRD-invoice.xml', content: corpusBytes(ZF1) };
    const zf2 = { filename: 'zugferd-invoice.xml', content: corpusBytes(ZF2) };
    const fx = { filename: 'factur-x.xml', content: corpusBytes(XRECHNUNG_CII) };
    expect(findEmbeddedEInvoice([zf1, zf2, fx])?.filename).toBe('factur-x.xml');
    expect(findEmbeddedEInvoice([zf1, zf2])?.filename).toBe('zugferd-invoice.xml');
    expect(findEmbeddedEInvoice([zf1])?.filename).toBe('ZUGFeRD-invoice.xml');
    expect(findEmbeddedEInvoice([{ filename: 'xrechnung.xml', content: corpusBytes(XRECHNUNG_CII) }])?.filename).toBe(
      'xrechnung.xml',
    );
  });

  it('matches conventional names case-insensitively', () => {
    expect(findEmbeddedEInvoice([{ filename: 'FACTUR-X.XML', content: corpusBytes(ZF2) }])?.filename).toBe(
      'FACTUR-X.XML',
    );
  });

  it('finds an invoice under any name by its content, skipping other XML', () => {
    const found = findEmbeddedEInvoice([
      { filename: 'additional_data.xml', content: Buffer.from('<logistics xmlns="urn:example"><x>1</x></logistics>') },
      { filename: 'Beleg.pdf', content: FAKE_PDF },
      { filename: 'invoice-2024.xml', content: Buffer.from(fixture('ubl-invoice-peppol.xml')) },
    ]);
    expect(found).toMatchObject({ syntax: 'UBL', origin: 'embedded', filename: 'invoice-2024.xml' });
  });

  it('skips hostile and broken attachments instead of failing the document', () => {
    const found = findEmbeddedEInvoice([
      { filename: 'factur-x.xml', content: Buffer.from(fixture('hostile-xxe.xml')) },
      { filename: 'zugferd-invoice.xml', content: Buffer.from(fixture('malformed.xml')) },
      { filename: 'rechnung.xml', content: corpusBytes(ZF2) },
    ]);
    expect(found?.filename).toBe('rechnung.xml');
    expect(
      findEmbeddedEInvoice([{ filename: 'factur-x.xml', content: Buffer.from(fixture('hostile-billion-laughs.xml')) }]),
    ).toBeNull();
  });

  it('returns null when nothing qualifies', () => {
    expect(findEmbeddedEInvoice([])).toBeNull();
    expect(findEmbeddedEInvoice([{ filename: 'scan.pdf', content: FAKE_PDF }])).toBeNull();
  });
});

describe('decodeXmlBytes', () => {
  const xml = fixture('ubl-invoice-peppol.xml');

  it('reads UTF-8 with a BOM and UTF-16 with either byte order', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]);
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const utf16be = Buffer.from(utf16le).swap16();
    for (const bytes of [bom, utf16le, utf16be]) {
      const found = findEmbeddedEInvoice([{ filename: 'x.bin', content: bytes }]);
      expect(found?.syntax).toBe('UBL');
      expect(mapEInvoice(found!).vendor_name).toBe('Muster Bürobedarf GmbH & Co. KG');
    }
  });

  it('reads a declared ISO-8859-1 document', () => {
    const latin1 = xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const text = decodeXmlBytes(Buffer.from(latin1, 'latin1'));
    expect(mapEInvoice(detectEInvoice(text)!).vendor_address).toBe('Hauptstraße 12, Hinterhaus, 10115 Berlin, DE');
  });

  it('rejects bytes that are not valid in the document encoding', () => {
    const broken = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><a>\xff\xfe</a>', 'latin1');
    expect(() => decodeXmlBytes(broken)).toThrow(PipelineError);
    try {
      decodeXmlBytes(broken);
    } catch (error) {
      expect(error).toMatchObject({ stage: 'parsing', code: 'xml_invalid' });
    }
  });
});
