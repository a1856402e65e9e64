// The PaddleOCR engine: its post-processing on inputs with known answers (DB boxes, CTC decoding, word boxes), then
// the engine on real receipts behind the OcrPool interface (words, boxes, confidences, uncertain digits), one
// model per process, and the pool's limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import { normalizeImage } from '../../../../src/pipeline/read/image/index.js';
import { createOcrPool, ocrImage, type OcrPool } from '../../../../src/pipeline/read/ocr/index.js';
import { decodeCtc } from '../../../../src/pipeline/read/ocr/paddle/ctc.js';
import { boxesFromProbabilities, DB_DEFAULTS } from '../../../../src/pipeline/read/ocr/paddle/db-postprocess.js';
import { writeRecognitionItem } from '../../../../src/pipeline/read/ocr/paddle/tensors.js';
import {
  detectionInputSize,
  lineFromChars,
  PADDLE_DEFAULTS,
  PaddleOcr,
  turnGrey,
} from '../../../../src/pipeline/read/ocr/paddle/engine.js';
import { alfamartPhotoJpeg, pageText, textractorReceiptJpeg } from './support/images.js';

describe('DB post-processing', () => {
  it('finds one box per text region, grown back by the unclip ratio, and drops faint regions', () => {
    const width = 100;
    const height = 40;
    const data = new Float32Array(width * height);
    const fill = (x0: number, y0: number, x1: number, y1: number, p: number) => {
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) data[y * width + x] = p;
    };
    fill(10, 5, 60, 10, 0.9); // a shrunk line: 50 x 5
    fill(10, 25, 40, 30, 0.9); // a second line below it
    fill(70, 25, 90, 30, 0.4); // above the pixel threshold, below the box threshold: noise
    const boxes = boxesFromProbabilities({ data, width, height }, DB_DEFAULTS);
    expect(boxes).toHaveLength(2);
    // 50 x 5: grown by 50 * 5 * 1.5 / (2 * 55) = 3.4 on every side.
    expect(boxes[0]!.x).toBeCloseTo(6.6, 1);
    expect(boxes[0]!.y).toBeCloseTo(1.6, 1);
    expect(boxes[0]!.width).toBeCloseTo(56.8, 1);
    expect(boxes[0]!.height).toBeCloseTo(11.8, 1);
    expect(boxes[0]!.score).toBeCloseTo(0.9, 5);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(boxes[0]!.tilt).toBeUndefined();
  });

  it("gives a tilted line its rotated rectangle, along the line and as thick as the line's own box", () => {
    const width = 300;
    const height = 120;
    const data = new Float32Array(width * height);
    // A shrunk line 200 x 6 turned by 6 degrees (a photo's perspective): its axis-aligned box is ~27 rows high.
    const angle = (6 * Math.PI) / 180;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const dx = x + 0.5 - 150;
        const dy = y + 0.5 - 60;
        const u = dx * Math.cos(angle) + dy * Math.sin(angle);
        const v = -dx * Math.sin(angle) + dy * Math.cos(angle);
        if (Math.abs(u) < 100 && Math.abs(v) < 3) data[y * width + x] = 0.9;
      }
    }
    const [box] = boxesFromProbabilities({ data, width, height }, DB_DEFAULTS);
    const tilt = box!.tilt!;
    expect(Math.atan2(tilt.uy, tilt.ux) * (180 / Math.PI)).toBeCloseTo(6, 0);
    expect(tilt.cx).toBeCloseTo(150, 0);
    expect(tilt.cy).toBeCloseTo(60, 0);
    // 200 x 6 grown by 200 * 6 * 1.5 / (2 * 206) = 4.4 on every side: ~15 thick, ~209 long.
    expect(2 * Math.hypot(tilt.vx, tilt.vy)).toBeGreaterThan(13);
    expect(2 * Math.hypot(tilt.vx, tilt.vy)).toBeLessThan(19);
    expect(2 * Math.hypot(tilt.ux, tilt.uy)).toBeCloseTo(209, -1);
    // The box still encloses it, for layout and provenance.
    expect(box!.height).toBeGreaterThan(30);

    // The recognizer's crop follows the line: a dark line drawn where the map saw it fills the crop's middle rows
    // from end to end and none of its edge rows (an axis-aligned crop would cross it diagonally).
    const image = { data: new Uint8Array(width * height).fill(255), width, height };
    for (let i = 0; i < data.length; i += 1) if (data[i]! > 0) image.data[i] = 0;
    const cropWidth = 200;
    const tensor = new Float32Array(3 * 48 * cropWidth);
    writeRecognitionItem(tensor, 0, cropWidth, image, box!, cropWidth, 48);
    const row = (r: number) => Array.from(tensor.subarray(r * cropWidth + 10, r * cropWidth + cropWidth - 10));
    expect(Math.max(...row(24))).toBeLessThan(0);
    expect(Math.min(...row(2))).toBeGreaterThan(0.9);
    expect(Math.min(...row(45))).toBeGreaterThan(0.9);
  });
});

describe('CTC decoding', () => {
  it('collapses repeats, drops blanks, and keeps each character with its step and probability', () => {
    const symbols = ['a', 'b', ' '];
    const classes = 4; // blank + 3 symbols
    const steps = [
      [0.1, 0.8, 0.05, 0.05], // a
      [0.1, 0.7, 0.1, 0.1], // a again: collapsed
      [0.9, 0.05, 0.05, 0], // blank
      [0.2, 0.6, 0.1, 0.1], // a after a blank: a new character
      [0.1, 0.1, 0.1, 0.7], // space
      [0.3, 0.1, 0.5, 0.1], // b
    ];
    const decoded = decodeCtc(Float32Array.from(steps.flat()), 0, steps.length, classes, symbols);
    expect(decoded.map((c) => c.char).join('')).toBe('aa b');
    expect(decoded.map((c) => c.step)).toEqual([0, 3, 4, 5]);
    expect(decoded[3]!.probability).toBeCloseTo(0.5, 5);
  });

  it('keeps a space the recognizer found plausible between two characters, not a faint one', () => {
    const symbols = ['a', 'b', ' '];
    const classes = 4;
    const between = (space: number) => [
      [0.1, 0.8, 0.05, 0.05], // a
      [1 - space, 0, 0, space], // blank, with some chance of a space
      [0.3, 0.1, 0.5, 0.1], // b
    ];
    const decode = (steps: number[][]) =>
      decodeCtc(Float32Array.from(steps.flat()), 0, steps.length, classes, symbols)
        .map((c) => c.char)
        .join('');
    expect(decode(between(0.25))).toBe('a b');
    expect(decode(between(0.04))).toBe('ab');
    const [, space] = decodeCtc(Float32Array.from(between(0.25).flat()), 0, 3, classes, symbols);
    expect(space).toMatchObject({ char: ' ', step: 1 });
    expect(space!.probability).toBeCloseTo(0.25, 5);
  });

  it('splits words at spaces and at wide gaps, places word boxes in the line, marks uncertain digits', () => {
    const chars = [
      { char: 'T', step: 2, probability: 0.99 },
      { char: 'O', step: 5, probability: 0.99 },
      { char: 'T', step: 8, probability: 0.99 },
      // no space decoded, but a gap of two characters' width: a separate word
      { char: '1', step: 17, probability: 0.99 },
      { char: '0', step: 20, probability: 0.55 },
      { char: '.', step: 23, probability: 0.99 },
      { char: '5', step: 26, probability: 0.95 },
    ];
    const line = lineFromChars(chars, { x: 100, y: 50, width: 300, height: 20 }, 10)!;
    expect(line.words.map((w) => w.text)).toEqual(['TOT', '10.5']);
    expect(line.text).toBe('TOT 10.5');
    const [label, amount] = line.words;
    expect(label!.bbox.x).toBeGreaterThanOrEqual(100);
    expect(label!.bbox.x + label!.bbox.width).toBeLessThanOrEqual(amount!.bbox.x);
    expect(amount!.bbox.y).toBe(50);
    expect(amount!.uncertainDigits).toEqual([1]);
    expect(label!.uncertainDigits).toBeUndefined();
    expect(amount!.confidence).toBeCloseTo((0.99 + 0.55 + 0.99 + 0.95) / 4, 2);
  });
});

describe('the detector input size', () => {
  const pixels = (size: { width: number; height: number }) => size.width * size.height;

  it('gives receipt strips, upright or on their side, the smaller budget and pages the full one', () => {
    const receipt = detectionInputSize({ width: 840, height: 2000 }, PADDLE_DEFAULTS);
    const sideways = detectionInputSize({ width: 2145, height: 906 }, PADDLE_DEFAULTS);
    const a4 = detectionInputSize({ width: 2480, height: 3508 }, PADDLE_DEFAULTS);
    for (const size of [receipt, sideways, a4]) {
      expect(size.width % 32).toBe(0);
      expect(size.height % 32).toBe(0);
    }
    expect(pixels(receipt)).toBeLessThanOrEqual(1.05 * PADDLE_DEFAULTS.stripDetectionPixels);
    expect(pixels(sideways)).toBeLessThanOrEqual(1.05 * PADDLE_DEFAULTS.stripDetectionPixels);
    expect(sideways.width).toBeGreaterThan(sideways.height);
    expect(pixels(a4)).toBeGreaterThan(0.95 * PADDLE_DEFAULTS.detectionPixels);
  });

  it('never enlarges a small image', () => {
    expect(detectionInputSize({ width: 320, height: 960 }, PADDLE_DEFAULTS)).toEqual({ width: 320, height: 960 });
  });
});

describe('the paddle engine on real receipts', { timeout: 60_000 }, () => {
  let pool: OcrPool;
  beforeAll(async () => {
    pool = await createOcrPool({ engine: 'paddle', size: 2 });
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('reads a receipt image into words with boxes inside the page and 0..1 confidences', async () => {
    const [page] = await ocrImage(pool, textractorReceiptJpeg());
    expect(page).toMatchObject({ number: 1, unit: 'px', source: 'ocr', rotation: 0 });
    const text = pageText([page!]);
    expect(text).toContain('$1810.46');
    expect(text).toContain('12/07/2019');
    expect(text).toMatch(/SUBTOTAL/);
    const words = page!.lines.flatMap((l) => l.words);
    expect(words.length).toBeGreaterThan(50);
    for (const word of words) {
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      expect(word.bbox.x).toBeGreaterThanOrEqual(0);
      expect(word.bbox.x + word.bbox.width).toBeLessThanOrEqual(page!.width + 1);
      expect(word.bbox.y + word.bbox.height).toBeLessThanOrEqual(page!.height + 1);
    }
    // The total's label and amount share a row: reading order puts them side by side.
    const total = page!.lines.findIndex((l) => l.text === 'TOTAL');
    expect(page!.lines[total + 1]!.text).toBe('$1810.46');
  });

  it('reads a phone photo of a receipt lying on a table', async () => {
    const pages = await ocrImage(pool, alfamartPhotoJpeg());
    const text = pageText(pages);
    expect(text).toContain('44,900');
    expect(text).toContain('17-01-2024');
    expect(text).toMatch(/ALFAMART/);
  });

  it('loads the models once per process, however many pools use them', async () => {
    const second = await createOcrPool({ engine: 'paddle', size: 1 });
    try {
      const loads: number[] = [];
      const original = PaddleOcr.load;
      PaddleOcr.load = async (...args) => {
        loads.push(1);
        return original.apply(PaddleOcr, args);
      };
      try {
        const [image] = await normalizeImage(textractorReceiptJpeg(), { maxLongSide: 800 });
        await Promise.all([pool.readLines(image!.png, { dpi: 150 }), second.readLines(image!.png, { dpi: 150 })]);
      } finally {
        PaddleOcr.load = original;
      }
      expect(loads).toHaveLength(0); // the first test loaded them already
      expect(second.stats()).toMatchObject({ workersStarted: 1, pagesDone: 1 });
    } finally {
      await second.close();
    }
  });

  it('bounds pages at once and pages waiting, and refuses pages after close', async () => {
    const small = await createOcrPool({ engine: 'paddle', size: 1, maxQueuedPages: 1 });
    const [image] = await normalizeImage(textractorReceiptJpeg(), { maxLongSide: 600 });
    const running = small.readLines(image!.png, { dpi: 100 });
    const queued = small.readLines(image!.png, { dpi: 100 });
    expect(small.stats()).toMatchObject({ size: 1, busy: 1, queued: 1 });
    const refused = await small.readLines(image!.png, { dpi: 100 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PipelineError);
    expect(refused).toMatchObject({ code: 'resource_limit', transient: true });
    await Promise.all([running, queued]);
    await small.close();
    await expect(small.readLines(image!.png, { dpi: 100 })).rejects.toMatchObject({ code: 'ocr_failed' });
  });
});

describe('turning a page for the orientation check', () => {
  it('moves every pixel as a quarter turn clockwise (90) or anticlockwise (270) does', async () => {
    const width = 37;
    const height = 23;
    const data = Uint8Array.from({ length: width * height }, (_, i) => (i * 7919) % 251);
    for (const turn of [90, 270] as const) {
      const turned = await turnGrey({ data, width, height }, turn);
      expect([turned.width, turned.height]).toEqual([height, width]);
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const [nx, ny] = turn === 90 ? [height - 1 - y, x] : [y, width - 1 - x];
          expect(turned.data[ny * height + nx]).toBe(data[y * width + x]);
        }
      }
    }
  });
});
