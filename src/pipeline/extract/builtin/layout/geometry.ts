// Rectangle arithmetic in page coordinates (origin top-left, y downwards), shared by every layout rule.
import type { BBox } from '../../../model.js';

export const right = (b: BBox): number => b.x + b.width;
export const bottom = (b: BBox): number => b.y + b.height;
export const centerX = (b: BBox): number => b.x + b.width / 2;
export const centerY = (b: BBox): number => b.y + b.height / 2;

/** The smallest box holding all the given boxes; throws on an empty list (a value always has words). */
export function unionBoxes(boxes: readonly BBox[]): BBox {
  if (boxes.length === 0) throw new RangeError('unionBoxes needs at least one box');
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, right(b));
    y1 = Math.max(y1, bottom(b));
  }
  return { x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) };
}

/** Two decimals are plenty for points or pixels and keep results small. */
function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Length of the overlap of [a0, a1] and [b0, b1], 0 when they are apart. */
export function overlap1d(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

export function horizontalOverlap(a: BBox, b: BBox): number {
  return overlap1d(a.x, right(a), b.x, right(b));
}

export function verticalOverlap(a: BBox, b: BBox): number {
  return overlap1d(a.y, bottom(a), b.y, bottom(b));
}

/** True when two boxes sit on one text row: they share at least half of the lower box's height. */
export function sameRow(a: BBox, b: BBox): boolean {
  return verticalOverlap(a, b) >= 0.5 * Math.min(a.height, b.height);
}

/** Horizontal distance between two boxes, 0 when they overlap horizontally. */
export function horizontalGap(a: BBox, b: BBox): number {
  if (right(a) < b.x) return b.x - right(a);
  if (right(b) < a.x) return a.x - right(b);
  return 0;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
