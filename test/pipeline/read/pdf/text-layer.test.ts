// The layout rules of the text layer, on text runs shaped like those pdfjs produces (no worker, no PDF needed).
import { describe, expect, it } from 'vitest';
import { buildLines, type TextRun } from '../../../../src/pipeline/read/pdf/text-layer.js';

/** A4 portrait viewport at scale 1: flips y. */
const PAGE = [1, 0, 0, -1, 0, 842];

/** A run of `size`-point text whose baseline starts at (x, y) in top-left page coordinates. */
function run(str: string, x: number, y: number, width: number, size = 10, fontName = 'f'): TextRun {
  return { str, transform: [size, 0, 0, size, x, 842 - y], width, fontName };
}

const texts = (runs: TextRun[]): string[] => buildLines(runs, {}, PAGE).map((line) => line.text);

describe('buildLines', () => {
  it('splits phrases on whitespace with x positions in proportion to the characters', () => {
    const [line] = buildLines([run('ab cd', 100, 50, 50)], {}, PAGE);
    expect(line!.words.map((word) => [word.text, word.bbox.x, word.bbox.width])).toEqual([
      ['ab', 100, 20],
      ['cd', 130, 20],
    ]);
    // Ascent 0.8 and descent 0.2 of the font size when the font gives none: the box spans 42..52.
    expect(line!.bbox).toEqual({ x: 100, y: 42, width: 50, height: 10 });
  });

  it('glues touching glyph runs into one word and keeps gapped ones apart', () => {
    const glyphs = [run('I', 100, 50, 3), run('n', 103, 50, 5), run('v', 108.5, 50, 5), run('4711', 116, 50, 20)];
    expect(texts(glyphs)).toEqual(['Inv 4711']);
  });

  it('cuts a word that is two values printed without a gap', () => {
    // Tight columns printed with no space glyph: pdfjs gives price and amount, or a date and its item, as one string.
    const [line] = buildLines([run('130000.00130000.00', 100, 50, 90)], {}, PAGE);
    expect(line!.words.map((word) => [word.text, word.bbox.x, word.bbox.width])).toEqual([
      ['130000.00', 100, 45],
      ['130000.00', 145, 45],
    ]);
    expect(texts([run('2016‐04‐03Arc reactor', 100, 50, 105)])).toEqual(['2016‐04‐03 Arc reactor']);
    expect(texts([run('1.234,56', 100, 50, 40), run('7,00', 140, 50, 20)])).toEqual(['1.234,56 7,00']);
    // Ordinary words and long numbers stay whole.
    for (const word of [
      '4012345678901',
      '1.234.567,89',
      '12.05.2024',
      'RE-2024-05-01A',
      '2024-05-01',
      '2024-03-10T172205',
    ])
      expect(texts([run(word, 100, 50, 60)])).toEqual([word]);
  });

  it('drops text printed twice at almost the same place (fake bold)', () => {
    expect(texts([run('Total', 100, 50, 25), run('Total', 100.4, 50.2, 25), run('99,00', 200, 50, 25)])).toEqual([
      'Total 99,00',
    ]);
  });

  it('keeps far-apart columns of one row on one line as separate words', () => {
    const [line] = buildLines(
      [run('Amount', 400, 80, 30), run('Description', 40, 80, 50), run('Qty', 300, 81, 15)],
      {},
      PAGE,
    );
    expect(line!.text).toBe('Description Qty Amount');
    expect(line!.words.map((word) => word.bbox.x)).toEqual([40, 300, 400]);
  });

  it('orders lines top to bottom and does not let a large heading swallow small lines beside it', () => {
    const runs = [
      run('3012 CN Rotterdam', 445, 82.4, 76, 8),
      run('Dat betaal ik zelf wel.', 45, 78.3, 158, 16),
      run('Weena 664', 445, 68.3, 42, 8),
    ];
    const fonts = { f: { ascent: 1.069, descent: -0.293 } };
    expect(buildLines(runs, fonts, PAGE).map((line) => line.text)).toEqual([
      'Weena 664',
      'Dat betaal ik zelf wel.',
      '3012 CN Rotterdam',
    ]);
  });

  it('keeps a vertical run as its own line of words', () => {
    const vertical: TextRun = { str: 'Copyright 2014', transform: [0, 8, -8, 0, 20, 300], width: 60, fontName: 'f' };
    const lines = buildLines([vertical, run('Invoice', 100, 100, 40)], {}, PAGE);
    const side = lines.find((line) => line.text === 'Copyright 2014');
    expect(side!.words).toHaveLength(2);
    expect(side!.bbox.height).toBeGreaterThan(side!.bbox.width);
  });

  it('ignores empty runs, control characters and runs without a size', () => {
    expect(
      texts([
        run('', 10, 10, 0),
        run('\u0000\u00ad', 10, 10, 5),
        { ...run('x', 10, 10, 5), transform: [0, 0, 0, 0, 10, 10] },
      ]),
    ).toEqual([]);
  });
});
