// A SROIE receipt as a scanner would deliver it, made from its transcription: every text line printed where its box
// says, in a monospaced thermal-printer face sized to the box, rendered by the service's own PDF renderer at the
// receipt image's pixel size, then faded (thermal paper), tilted, blurred, noised and JPEG-compressed by
// degrade.ts. The layout and the words are the real receipt's; the printing and the damage are synthetic. It lets
// bench:sroie measure OCR and extraction together on the receipts issue 12's held-out set resembles, which the
// competition's images (not shipped) would do better.
import sharp from 'sharp';
import { renderPages } from '../../src/pipeline/read/pdf/index.js';
import type { SandboxRunner } from '../../src/pipeline/read/sandbox/run-in-sandbox.js';
import { textWidth } from '../synth/pdf/fonts.js';
import { writePdf, type DrawOp } from '../synth/pdf/writer.js';
import { degradePage, pickDegradation, random } from './degrade.js';

export interface BoxLine {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Rendering at 96 dpi makes one PDF point 4/3 pixel: a page of `px * 0.75` points renders at `px` pixels. */
const DPI = 96;
const POINTS_PER_PIXEL = 72 / DPI;
/** A glyph's cap height and descender within a text box: the face fills ~80 % of the box's height. */
const HEIGHT_SHARE = 0.8;
const BASELINE_SHARE = 0.78;

/** Characters WinAnsi (the standard fonts' encoding) cannot print, replaced as a printer without them would. */
function printable(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? ch : '?';
    })
    .join('');
}

/** The receipt as a one-page PDF: each line in Courier-Bold (thermal printers print heavy), sized to its box. */
export function receiptPdf(lines: readonly BoxLine[], width: number, height: number): Uint8Array {
  const ops: DrawOp[] = [];
  for (const line of lines) {
    const text = printable(line.text);
    if (text.trim() === '') continue;
    const byHeight = line.height * HEIGHT_SHARE;
    const byWidth = line.width / (textWidth('Courier-Bold', 1, text) || 1);
    const size = Math.max(4, Math.min(byHeight, byWidth));
    ops.push({
      kind: 'text',
      x: line.x * POINTS_PER_PIXEL,
      y: (line.y + line.height * BASELINE_SHARE) * POINTS_PER_PIXEL,
      text,
      font: 'Courier-Bold',
      size: size * POINTS_PER_PIXEL,
    });
  }
  return writePdf([{ width: width * POINTS_PER_PIXEL, height: height * POINTS_PER_PIXEL, ops }], 'receipt');
}

/**
 * JPEG bytes of the receipt scanned: rendered, faded to 45-90 % of its ink (thermal paper loses contrast), then a
 * scan's tilt, blur, noise and compression (degrade.ts, the synthetic sets' degradation). Seeded.
 */
export async function scannedReceipt(
  lines: readonly BoxLine[],
  size: { width: number; height: number },
  seed: number,
  runner: SandboxRunner,
): Promise<Buffer> {
  const [page] = await renderPages(receiptPdf(lines, size.width, size.height), [1], DPI, { runner });
  if (!page) throw new Error('the receipt rendered no page');
  const ink = 0.45 + random(seed ^ 0x5bd1e995)() * 0.45;
  const faded = await sharp(page.png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .linear(ink, 255 * (1 - ink))
    .png()
    .toBuffer();
  return degradePage(faded, pickDegradation(seed), seed);
}
