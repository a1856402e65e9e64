// Drawing helpers over the PDF writer's operations: aligned text, text fitted to a width, rules and bands.
// Coordinates are points from the top-left corner, as layouts are thought of.
import { textWidth, type FontFamily, type FontName } from '../pdf/fonts.js';
import type { DrawOp, PdfPage } from '../pdf/writer.js';

export interface TextStyle {
  size: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'center';
  grey?: number;
}

export class Canvas {
  readonly ops: DrawOp[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    readonly fonts: FontFamily,
  ) {}

  font(bold: boolean | undefined): FontName {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  measure(text: string, style: TextStyle): number {
    return textWidth(this.font(style.bold), style.size, text);
  }

  /** Draws `text` with its left edge, right edge or centre at x (per align); returns its width. */
  text(x: number, y: number, text: string, style: TextStyle): number {
    if (text === '') return 0;
    const width = this.measure(text, style);
    const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    this.ops.push({
      kind: 'text',
      x: left,
      y,
      text,
      font: this.font(style.bold),
      size: style.size,
      ...(style.grey !== undefined ? { grey: style.grey } : {}),
    });
    return width;
  }

  /** The style at the largest size <= style.size at which `text` fits `maxWidth` (names on narrow receipts). */
  fit(text: string, style: TextStyle, maxWidth: number): TextStyle {
    let size = style.size;
    while (size > 5 && this.measure(text, { ...style, size }) > maxWidth) size -= 0.5;
    return { ...style, size };
  }

  rule(x1: number, y1: number, x2: number, y2: number, width = 0.5, grey = 0): void {
    this.ops.push({ kind: 'rule', x1, y1, x2, y2, width, grey });
  }

  band(x: number, y: number, width: number, height: number, grey: number): void {
    this.ops.push({ kind: 'fill', x, y, width, height, grey });
  }

  page(): PdfPage {
    return { width: this.width, height: this.height, ops: this.ops };
  }
}

/**
 * The pages of one document. A long table continues on a new page (with its header again); `decorate` draws what
 * every page repeats (a footer naming the vendor). Page numbers are added at the end, when the count is known.
 */
export class Sheets {
  readonly canvases: Canvas[] = [];

  constructor(
    private readonly make: () => Canvas,
    private readonly decorate: (canvas: Canvas) => void = () => {},
  ) {
    this.add();
  }

  get current(): Canvas {
    return this.canvases[this.canvases.length - 1] as Canvas;
  }

  add(): Canvas {
    const canvas = this.make();
    this.canvases.push(canvas);
    this.decorate(canvas);
    return canvas;
  }

  /** The finished pages; "Page 1/2" at the foot of each when there is more than one. */
  pages(pageWord: string, size: number): PdfPage[] {
    const count = this.canvases.length;
    return this.canvases.map((canvas, i) => {
      if (count > 1) {
        canvas.text(canvas.width - 50, canvas.height - 30, `${pageWord} ${i + 1}/${count}`, { size, align: 'right' });
      }
      return canvas.page();
    });
  }
}
