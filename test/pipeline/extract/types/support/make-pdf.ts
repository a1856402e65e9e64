// A minimal PDF writer for test documents: the standard Helvetica fonts with WinAnsiEncoding (no embedding), one
// uncompressed content stream per page of absolutely positioned text (Tf/Tm/Tj), and an exact xref table.
import { textWidth } from './helvetica.js';
import { A4, itemLeft, type SyntheticPage } from './synthetic.js';

/** Unicode characters outside Latin-1 that WinAnsiEncoding places in 0x80-0x9F. */
const WIN_ANSI_EXTRA: Record<string, number> = { '€': 0x80, '’': 0x92, '•': 0x95, '–': 0x96, '—': 0x97 };

/** A PDF literal string in WinAnsi bytes: ( ) \ escaped, bytes above 0x7E as octal escapes. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = WIN_ANSI_EXTRA[ch] ?? ch.codePointAt(0) ?? 0x3f;
    if (code > 0xff) throw new Error(`character not in WinAnsiEncoding: ${ch}`);
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out})`;
}

const fmt = (n: number): string => String(Math.round(n * 100) / 100);

function contentStream(page: SyntheticPage): string {
  const height = page.height ?? A4.height;
  const ops: string[] = [];
  for (const item of page.items) {
    const size = item.size ?? 9;
    // Sanity: the shared width table must know every printed character (it falls back to 556 otherwise).
    textWidth(item.text, size);
    ops.push(
      `BT /${item.bold ? 'F2' : 'F1'} ${fmt(size)} Tf 1 0 0 1 ${fmt(itemLeft(item))} ${fmt(height - item.y)} Tm ${pdfString(item.text)} Tj ET`,
    );
  }
  return ops.join('\n');
}

/** The bytes of a PDF showing the pages. */
export function makePdf(pages: SyntheticPage[], title = 'docex test document'): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info; then a page object and its content stream per page.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(title)} /Producer (docex make-pdf) >>`;
  pages.forEach((page, index) => {
    const pageId = 6 + index * 2;
    const contentId = pageId + 1;
    const stream = contentStream(page);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${fmt(page.width ?? A4.width)} ${fmt(page.height ?? A4.height)}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
    pageIds.push(pageId);
  });
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
