// Minimal PDF files written by hand, for fixtures and tests: numbered objects with a correct cross-reference table,
// and a one-page document with Helvetica (a standard font every reader has, pdfjs from its own package).

export type PdfObject = string | { dict: string; stream: Buffer };

/** Writes a PDF from numbered objects (1-based, object 1 is the catalog) with a correct cross-reference table. */
export function buildPdf(objects: PdfObject[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const body =
      typeof object === 'string'
        ? Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(
              `${index + 1} 0 obj\n${object.dict.replace('>>', ` /Length ${object.stream.length} >>`)}\nstream\n`,
              'latin1',
            ),
            object.stream,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]);
    chunks.push(body);
    length += body.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF\n',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

export function helveticaPage(content: string, mediaBox = '[0 0 595 842]'): PdfObject[] {
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    { dict: '<< >>', stream: Buffer.from(content, 'latin1') },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
}

/**
 * An invoice whose vendor's name exists only in its logo, a picture: the text layer has the number, date and
 * totals, the logo ("Nordwind Handel GmbH") is a greyscale JPEG painted at the top left. The logo is itself a
 * Helvetica page rendered by the caller's `render` (pdfjs with its packaged fonts), so no system font is needed.
 */
export async function invoiceWithLogoPdf(
  render: (pdf: Buffer) => Promise<Buffer>,
  toJpeg: (png: Buffer) => Promise<{ data: Buffer; width: number; height: number }>,
): Promise<Buffer> {
  const logoPage = buildPdf(helveticaPage('BT /F1 30 Tf 12 22 Td (Nordwind Handel GmbH) Tj ET', '[0 0 360 64]'));
  const logo = await toJpeg(await render(logoPage));
  const text = [
    'BT /F1 11 Tf 50 690 Td (Rechnung Nr. RE-2026-0042) Tj ET',
    'BT /F1 11 Tf 50 674 Td (Rechnungsdatum: 05.03.2026) Tj ET',
    'BT /F1 11 Tf 50 600 Td (Beratung Maerz) Tj ET',
    'BT /F1 11 Tf 330 560 Td (Nettobetrag) Tj ET BT /F1 11 Tf 470 560 Td (100,00 EUR) Tj ET',
    'BT /F1 11 Tf 330 544 Td (MwSt. 19%) Tj ET BT /F1 11 Tf 476 544 Td (19,00 EUR) Tj ET',
    'BT /F1 11 Tf 330 528 Td (Gesamtbetrag) Tj ET BT /F1 11 Tf 470 528 Td (119,00 EUR) Tj ET',
  ].join('\n');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 4 0 R >>',
    { dict: '<< >>', stream: Buffer.from(`q 216 0 0 38.4 50 760 cm /Im1 Do Q\n${text}`, 'latin1') },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    {
      dict: `<< /Type /XObject /Subtype /Image /Width ${logo.width} /Height ${logo.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode >>`,
      stream: logo.data,
    },
  ]);
}
