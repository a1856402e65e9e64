// PaddleOCR's text detector (DB, "differentiable binarization") outputs, for every pixel of its input, the
// probability that the pixel lies inside a line of text. This turns that map into line boxes, as PaddleOCR's
// DBPostProcess does: threshold, connected regions, a score per region (its mean probability, to drop faint
// noise), and "unclip": the detector is trained on shrunk text regions, so each box is grown back by
// area * ratio / perimeter on every side. Boxes are axis-aligned: pages reach the OCR deskewed, and a line tilted
// by a degree or two still fits in its box.

export interface ProbabilityMap {
  /** Row-major probabilities 0..1. */
  data: Float32Array;
  width: number;
  height: number;
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Mean probability inside the region (0..1). */
  score: number;
}

export interface DbOptions {
  /** Pixels above this are text (PaddleOCR: 0.3). */
  threshold: number;
  /** Regions whose mean probability is below this are dropped (PaddleOCR: 0.6). */
  boxThreshold: number;
  /** How far regions are grown back (PaddleOCR: 1.5). */
  unclipRatio: number;
  /** Regions narrower or lower than this many map pixels are noise. */
  minSide: number;
  /** At most this many regions (largest kept) bound the recognition work of a hostile page. */
  maxBoxes: number;
}

export const DB_DEFAULTS: DbOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minSide: 3,
  maxBoxes: 1000,
};

/** Line boxes in map pixels, top to bottom. */
export function boxesFromProbabilities(map: ProbabilityMap, options: DbOptions = DB_DEFAULTS): TextBox[] {
  const { data, width, height } = map;
  // 0 = background or visited; regions are labelled by a flood fill with an explicit stack (no recursion limit).
  const text = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i += 1) text[i] = data[i]! > options.threshold ? 1 : 0;
  const stack = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  for (let start = 0; start < text.length; start += 1) {
    if (text[start] === 0) continue;
    let top = 0;
    stack[top++] = start;
    text[start] = 0;
    let minX = width,
      minY = height,
      maxX = -1,
      maxY = -1,
      sum = 0,
      count = 0;
    while (top > 0) {
      const index = stack[--top]!;
      const x = index % width;
      const y = (index - x) / width;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      sum += data[index]!;
      count += 1;
      // 4-connected: diagonal touches between neighbouring lines must not merge them.
      if (x > 0 && text[index - 1] === 1) {
        text[index - 1] = 0;
        stack[top++] = index - 1;
      }
      if (x < width - 1 && text[index + 1] === 1) {
        text[index + 1] = 0;
        stack[top++] = index + 1;
      }
      if (y > 0 && text[index - width] === 1) {
        text[index - width] = 0;
        stack[top++] = index - width;
      }
      if (y < height - 1 && text[index + width] === 1) {
        text[index + width] = 0;
        stack[top++] = index + width;
      }
    }
    const regionWidth = maxX - minX + 1;
    const regionHeight = maxY - minY + 1;
    if (Math.min(regionWidth, regionHeight) < options.minSide) continue;
    const score = sum / count;
    if (score < options.boxThreshold) continue;
    const grow = (regionWidth * regionHeight * options.unclipRatio) / (2 * (regionWidth + regionHeight));
    const x = Math.max(0, minX - grow);
    const y = Math.max(0, minY - grow);
    boxes.push({
      x,
      y,
      width: Math.min(width, maxX + 1 + grow) - x,
      height: Math.min(height, maxY + 1 + grow) - y,
      score,
    });
  }
  boxes.sort((a, b) => b.width * b.height - a.width * a.height);
  return boxes.slice(0, options.maxBoxes).sort((a, b) => a.y - b.y || a.x - b.x);
}
