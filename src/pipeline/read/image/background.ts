// Local background flattening before OCR. Tesseract binarizes a page with one global (Otsu) threshold, so text on a
// grey table-header or totals row merges with its background once the page is blurred and noisy, and light text on a
// dark band is read as a black block. Dividing every pixel by an estimate of its local background turns grey rows
// white, and regions whose surroundings are dark are inverted first so their text becomes dark on light.
// Cost: two passes over the pixels plus work on a grid 1/64 of the page; no allocation proportional to more than the
// page itself.

/** Side of the square cells the background is estimated on, in pixels (about 0.7 mm at 300 dpi). */
const CELL = 8;
/** Cells of a dark band: the mean of this many cells either side must be dark, so a bold glyph is not inverted. */
const DARK_RADIUS = 3;
/** A neighbourhood whose mean grey is below this is a dark band with light text. */
const DARK_MEAN = 110;
/** Cells either side whose upper means give the background (a thick stroke may fill one cell). */
const BACKGROUND_RADIUS = 2;
/** Backgrounds darker than this are not stretched: the region is a picture or solid fill, not paper. */
const MIN_BACKGROUND = 40;

/** Returns a new grey image with light, uniform background; `grey` is one byte per pixel, row-major. */
export function flattenBackground(grey: Uint8Array, width: number, height: number): Buffer {
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const result = Buffer.from(grey); // a copy: the caller's pixels stay untouched
  const dark = darkCells(cellMeans(result, width, height, cols, rows), cols, rows);
  invertCells(result, width, height, cols, dark);
  const background = neighbourhoodMax(cellUpperMeans(result, width, height, cols, rows), cols, rows);
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x += 1) {
      const bg = background[cellRow + Math.floor(x / CELL)]!;
      if (bg < MIN_BACKGROUND) continue;
      const index = y * width + x;
      result[index] = Math.min(255, Math.round((result[index]! * 255) / bg));
    }
  }
  return result;
}

function cellMeans(grey: Uint8Array, width: number, height: number, cols: number, rows: number): Float32Array {
  const sums = new Float64Array(cols * rows);
  const counts = new Uint32Array(cols * rows);
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x += 1) {
      const cell = cellRow + Math.floor(x / CELL);
      sums[cell]! += grey[y * width + x]!;
      counts[cell]! += 1;
    }
  }
  const means = new Float32Array(cols * rows);
  for (let cell = 0; cell < means.length; cell += 1) means[cell] = sums[cell]! / Math.max(1, counts[cell]!);
  return means;
}

/** Per cell, the mean of the pixels brighter than the cell mean: the paper between strokes, robust to noise. */
function cellUpperMeans(grey: Uint8Array, width: number, height: number, cols: number, rows: number): Float32Array {
  const means = cellMeans(grey, width, height, cols, rows);
  const sums = new Float64Array(cols * rows);
  const counts = new Uint32Array(cols * rows);
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x += 1) {
      const cell = cellRow + Math.floor(x / CELL);
      const value = grey[y * width + x]!;
      if (value >= means[cell]!) {
        sums[cell]! += value;
        counts[cell]! += 1;
      }
    }
  }
  for (let cell = 0; cell < means.length; cell += 1) {
    if (counts[cell]! > 0) means[cell] = sums[cell]! / counts[cell]!;
  }
  return means;
}

/** Cells whose wide neighbourhood is dark on average (a band of light-on-dark text, not one bold glyph). */
function darkCells(means: Float32Array, cols: number, rows: number): Uint8Array {
  const dark = new Uint8Array(cols * rows);
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      let sum = 0;
      let count = 0;
      for (let r = Math.max(0, row - DARK_RADIUS); r <= Math.min(rows - 1, row + DARK_RADIUS); r += 1) {
        for (let c = Math.max(0, col - DARK_RADIUS); c <= Math.min(cols - 1, col + DARK_RADIUS); c += 1) {
          sum += means[r * cols + c]!;
          count += 1;
        }
      }
      if (sum / count < DARK_MEAN) dark[row * cols + col] = 1;
    }
  }
  return dark;
}

function invertCells(grey: Buffer, width: number, height: number, cols: number, dark: Uint8Array): void {
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.floor(y / CELL) * cols;
    for (let x = 0; x < width; x += 1) {
      if (dark[cellRow + Math.floor(x / CELL)] === 1) grey[y * width + x] = 255 - grey[y * width + x]!;
    }
  }
}

function neighbourhoodMax(values: Float32Array, cols: number, rows: number): Float32Array {
  const result = new Float32Array(values.length);
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      let max = 0;
      for (let r = Math.max(0, row - BACKGROUND_RADIUS); r <= Math.min(rows - 1, row + BACKGROUND_RADIUS); r += 1) {
        for (let c = Math.max(0, col - BACKGROUND_RADIUS); c <= Math.min(cols - 1, col + BACKGROUND_RADIUS); c += 1) {
          max = Math.max(max, values[r * cols + c]!);
        }
      }
      result[row * cols + col] = max;
    }
  }
  return result;
}
