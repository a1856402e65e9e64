// OCR boxes joined into rows (layout/ocr-rows.ts): PaddleOCR reports every run of ink as a line of its own, so a
// receipt's description and its amount arrive as two lines; the layout must read them as one row of two cells.
import { describe, expect, it } from 'vitest';
import type { Line } from '../../../../src/pipeline/model.js';
import { joinOcrRows } from '../../../../src/pipeline/extract/builtin/layout/ocr-rows.js';
import { buildLayout } from '../../../../src/pipeline/extract/builtin/layout/layout.js';
import { buildDocument } from './build-document.js';

function box(x: number, y: number, text: string, height = 10): Line {
  const width = text.length * 5;
  return { text, bbox: { x, y, width, height }, words: [{ text, bbox: { x, y, width, height }, confidence: 0.9 }] };
}

describe('joinOcrRows', () => {
  it('joins boxes whose centres share a row, words left to right, rows top to bottom', () => {
    const rows = joinOcrRows([
      box(300, 101, '1,49 B'),
      box(20, 100, 'Saftorangen'),
      box(20, 120, 'Banane'),
      box(300, 119, '1,19 B'),
    ]);
    expect(rows.map((r) => r.text)).toEqual(['Saftorangen 1,49 B', 'Banane 1,19 B']);
    expect(rows[0]!.bbox).toEqual({ x: 20, y: 100, width: 310, height: 11 });
  });

  it('keeps stacked boxes and small lines beside a tall heading apart', () => {
    const stacked = joinOcrRows([box(20, 100, 'Name'), box(22, 104, 'Name again')]);
    expect(stacked).toHaveLength(2);
    const beside = joinOcrRows([box(20, 100, 'LOGO', 60), box(300, 100, 'Street 1'), box(300, 140, 'City')]);
    // Rows come in the order of their centres; the layout sorts them by top edge afterwards.
    expect(beside.map((r) => r.text)).toEqual(['Street 1', 'LOGO', 'City']);
  });

  it('gives the layout one line per printed row of an OCR page, cut into cells by the gap', () => {
    const doc = buildDocument([
      {
        source: 'ocr',
        lines: [
          [100, [40, 'Saftorangen']],
          [102, [400, '1,49 B']],
          [130, [40, 'SUMME']],
          [129, [400, '1,49']],
        ],
      },
    ]);
    const lines = buildLayout(doc).lines;
    expect(lines.map((l) => l.segments.map((s) => s.text))).toEqual([
      ['Saftorangen', '1,49 B'],
      ['SUMME', '1,49'],
    ]);
  });

  it('leaves text-layer lines as the PDF gave them', () => {
    const doc = buildDocument([
      {
        lines: [
          [100, [40, 'Left']],
          [102, [400, 'Right']],
        ],
      },
    ]);
    expect(buildLayout(doc).lines).toHaveLength(2);
  });
});
