// PaddleOCR's text detector (DB, "differentiable binarization") outputs, for every pixel of its input, the
// probability that the pixel lies inside a line of text. This turns that map into line boxes, as PaddleOCR's
// DBPostProcess does: threshold, connected regions, a score per region (its mean probability, to drop faint
// noise), and "unclip": the detector is trained on shrunk text regions, so each box is grown back by
// area * ratio / perimeter on every side. Boxes are axis-aligned: pages reach the OCR deskewed. A line that still
// tilts (a photo's perspective leaves lines at other angles than the page's) also gets its rotated rectangle
// (`tilt`), from the region's principal axis, when its axis-aligned box is much taller than the line: the
// recognizer then reads the line itself rather than a box whose height the tilt inflates (the text shrunk to fit,
// repeated letters merged: "Dorpsstraat" read as "Dorpsraa").

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
  /** The line's rotated rectangle, when it tilts enough to matter (see above); x, y, width, height enclose it. */
  tilt?: Tilt;
}

/** A rotated rectangle: its centre and the half-axes along the line (u, left to right) and across it (v, down). */
export interface Tilt {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  vx: number;
  vy: number;
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
  /** A region gets its rotated rectangle when its axis-aligned box is this much taller than the line (off: Infinity). */
  tiltInflation: number;
}

export const DB_DEFAULTS: DbOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minSide: 3,
  maxBoxes: 1000,
  tiltInflation: 1.25,
};

/** Line boxes in map pixels, top to bottom. */
export function boxesFromProbabilities(map: ProbabilityMap, options: DbOptions = DB_DEFAULTS): TextBox[] {
  const { data, width, height } = map;
  // 0 = background or visited; regions are labelled by a flood fill with an explicit stack (no recursion limit).
  const text = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i += 1) text[i] = data[i]! > options.threshold ? 1 : 0;
  const stack = new Int32Array(width * height);
  // The pixels of the region being filled, for its principal axis.
  const members = new Int32Array(width * height);
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
      members[count] = index;
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
    const tilted = tiltOf(members.subarray(0, count), width, regionHeight, options);
    if (tilted) {
      boxes.push({ ...envelope(tilted, width, height), score, tilt: tilted });
      continue;
    }
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

/**
 * The rotated rectangle of a region (pixel indices into a map `width` wide) along its principal axis, grown back
 * like the axis-aligned box, or null when the region is not a line that tilts enough for its box to be
 * `tiltInflation` times taller than the line.
 */
function tiltOf(pixels: Int32Array, width: number, boxHeight: number, options: DbOptions): Tilt | null {
  const n = pixels.length;
  if (n < 16) return null;
  let mx = 0,
    my = 0;
  for (const index of pixels) {
    mx += index % width;
    my += Math.floor(index / width);
  }
  mx /= n;
  my /= n;
  let cxx = 0,
    cyy = 0,
    cxy = 0;
  for (const index of pixels) {
    const dx = (index % width) - mx;
    const dy = Math.floor(index / width) - my;
    cxx += dx * dx;
    cyy += dy * dy;
    cxy += dx * dy;
  }
  // A line runs left to right: its axis within 45 degrees of the horizontal.
  const angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
  if (Math.abs(angle) > Math.PI / 4) return null;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let uMin = Infinity,
    uMax = -Infinity,
    vMin = Infinity,
    vMax = -Infinity;
  for (const index of pixels) {
    const dx = (index % width) - mx;
    const dy = Math.floor(index / width) - my;
    const u = dx * cos + dy * sin;
    const v = -dx * sin + dy * cos;
    if (u < uMin) uMin = u;
    if (u > uMax) uMax = u;
    if (v < vMin) vMin = v;
    if (v > vMax) vMax = v;
  }
  // Pixel extents (a pixel is one unit wide), then grown back as the axis-aligned box is.
  const length = uMax - uMin + 1;
  const thickness = vMax - vMin + 1;
  if (length < 2 * thickness || boxHeight < options.tiltInflation * thickness) return null;
  const grow = (length * thickness * options.unclipRatio) / (2 * (length + thickness));
  const cu = (uMin + uMax) / 2;
  const cv = (vMin + vMax) / 2;
  const halfLength = length / 2 + grow;
  const halfThickness = thickness / 2 + grow;
  return {
    // Centre in pixel coordinates: a pixel's centre is at +0.5.
    cx: mx + cu * cos - cv * sin + 0.5,
    cy: my + cu * sin + cv * cos + 0.5,
    ux: halfLength * cos,
    uy: halfLength * sin,
    vx: -halfThickness * sin,
    vy: halfThickness * cos,
  };
}

/** The axis-aligned box enclosing a rotated rectangle, inside the map. */
function envelope(t: Tilt, width: number, height: number): { x: number; y: number; width: number; height: number } {
  const dx = Math.abs(t.ux) + Math.abs(t.vx);
  const dy = Math.abs(t.uy) + Math.abs(t.vy);
  const x = Math.max(0, t.cx - dx);
  const y = Math.max(0, t.cy - dy);
  return { x, y, width: Math.min(width, t.cx + dx) - x, height: Math.min(height, t.cy + dy) - y };
}
