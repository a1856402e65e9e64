// A minimal PDF writer: pages of text (standard-14 fonts, WinAnsi) and straight rules, enough for invoices and
// receipts with a real text layer. Output is deterministic (no dates, no ids), so a seed gives the same bytes.
import { FONT_NAMES, type FontName, winAnsiBytes } from './fonts.js';

export interface TextOp {
  kind: 'text';
  /** Left edge of the text in points, origin top-left (converted to PDF's bottom-left when written). */
  x: number;
  /** Baseline, from the top of the page. */
  y: number;
  text: string;
  font: FontName;
  size: number;
  /** Grey level 0 (black) - 1 (white). */
  grey?: number;
}

export interface RuleOp {
  kind: 'rule';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  grey?: number;
}

export interface FillOp {
  kind: 'fill';
  x: number;
  y: number;
  width: number;
  height: number;
  grey: number;
}

export type DrawOp = TextOp | RuleOp | FillOp;

export interface PdfPage {
  width: number;
  height: number;
  ops: DrawOp[];
}

const num = (n: number): string => (Math.round(n * 100) / 100).toString();

/** A PDF literal string from WinAnsi bytes: backslash, parentheses and bytes outside ASCII escaped. */
function literal(text: string): string {
  let out = '(';
  for (const b of winAnsiBytes(text)) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b < 0x20 || b > 0x7e) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

function contentOf(page: PdfPage): string {
  const out: string[] = [];
  const fontIndex = (font: FontName) => FONT_NAMES.indexOf(font) + 1;
  // Fills first: a shaded header band must sit behind its text.
  const ordered = [...page.ops.filter((o) => o.kind === 'fill'), ...page.ops.filter((o) => o.kind !== 'fill')];
  for (const op of ordered) {
    if (op.kind === 'fill') {
      out.push(
        `${num(op.grey)} g ${num(op.x)} ${num(page.height - op.y - op.height)} ${num(op.width)} ${num(op.height)} re f`,
      );
    } else if (op.kind === 'rule') {
      out.push(
        `${num(op.grey ?? 0)} G ${num(op.width)} w ${num(op.x1)} ${num(page.height - op.y1)} m ${num(op.x2)} ${num(page.height - op.y2)} l S`,
      );
    } else {
      out.push(
        `BT ${num(op.grey ?? 0)} g /F${fontIndex(op.font)} ${num(op.size)} Tf ${num(op.x)} ${num(page.height - op.y)} Td ${literal(op.text)} Tj ET`,
      );
    }
  }
  return out.join('\n');
}

/** The PDF file: catalog, page tree, one font object per standard-14 font, then each page and its content. */
export function writePdf(pages: readonly PdfPage[], title: string): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pageTree = add('');
  const info = add(`<< /Title ${literal(title)} /Producer (docex synthetic generator) >>`);
  const fonts = FONT_NAMES.map((name) =>
    add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`),
  );
  const fontResources = fonts.map((ref, i) => `/F${i + 1} ${ref} 0 R`).join(' ');
  const pageRefs: number[] = [];
  for (const page of pages) {
    const content = contentOf(page);
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    pageRefs.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
          `/Resources << /Font << ${fontResources} >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;
  // Content streams are ASCII (non-ASCII bytes are octal-escaped), so string length = byte length below.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
