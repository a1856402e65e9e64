// What the paddle engine does to keep one OCR worker's memory down (docs/ocr.md, "Memory"): the model thread
// collects the model bytes it no longer needs once the sessions exist (model-task.ts), instead of leaving them
// to a garbage collection that an idle thread never runs; wide recognizer batches run in parts of the same padded
// width (engine.ts, REC_RUN_COLUMNS), which must read every crop as the whole batch would.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DETECTION_BAND_OVERLAP,
  detectionBands,
  PaddleOcr,
  recognizerRuns,
  REC_RUN_COLUMNS,
} from '../../../../src/pipeline/read/ocr/paddle/engine.js';
import { collectGarbage } from '../../../../src/pipeline/read/ocr/paddle/model-task.js';
import { PaddleModelThread } from '../../../../src/pipeline/read/ocr/paddle/model-thread.js';
import { loadPaddleModelFiles } from '../../../../src/pipeline/read/ocr/paddle/models.js';
import { writeRecognitionItem } from '../../../../src/pipeline/read/ocr/paddle/tensors.js';
import { textractorReceiptJpeg } from './support/images.js';

async function receipt() {
  const { data, info } = await sharp(textractorReceiptJpeg())
    .greyscale()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('paddle engine memory', () => {
  it('collects unreferenced buffers outside the V8 heap at once', () => {
    const size = 64 * 1048576;
    const before = process.memoryUsage().arrayBuffers;
    // Like the model file and its rewrite: filled (so really allocated), then dropped.
    (() => {
      const bytes = new Uint8Array(size);
      bytes.fill(1);
      expect(process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(before + size);
    })();
    expect(collectGarbage()).toBe(true);
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(before + size / 2);
  });
});

describe('recognizer runs', () => {
  it('keeps batches of 8 by width and splits wide ones into parts of the same padded width', () => {
    const widths = [100, 1900, 40, 300, 1200, 1210, 1300, 1400, 1500, 1600, 1700, 1800, 16, 64];
    const runs = recognizerRuns(widths);
    // Every crop once, narrowest first.
    expect(runs.flatMap((run) => run.items).map((index) => widths[index])).toEqual([...widths].sort((a, b) => a - b));
    // The first batch (8 narrowest, padded to 1304) runs in parts of 3; the second (6 crops, 1904) in parts of 2.
    expect(runs.map((run) => [run.items.length, run.batchWidth])).toEqual([
      [3, 1304],
      [3, 1304],
      [2, 1304],
      [2, 1904],
      [2, 1904],
      [2, 1904],
    ]);
    for (const run of runs) {
      expect(run.items.length * run.batchWidth <= REC_RUN_COLUMNS || run.items.length === 1).toBe(true);
    }
    // Narrow batches are not split.
    expect(recognizerRuns(Array.from({ length: 16 }, (_, i) => 100 + i)).map((run) => run.items.length)).toEqual([
      8, 8,
    ]);
  });

  it('reads every crop of a part exactly as in the whole batch', { timeout: 60_000 }, async () => {
    const files = await loadPaddleModelFiles();
    const thread = new PaddleModelThread({
      files: { detection: files.detection, recognition: files.recognition },
      threads: 2,
    });
    try {
      const image = await receipt();
      const width = 1040;
      const crops = (count: number, first: number): Float32Array => {
        const tensor = new Float32Array(count * 3 * 48 * width);
        for (let item = 0; item < count; item += 1) {
          const box = { x: 5, y: 40 + (first + item) * 55, width: 400 + 30 * (first + item), height: 45 };
          writeRecognitionItem(tensor, item, width, image, box, Math.round((48 * box.width) / box.height), 48);
        }
        return tensor;
      };
      const whole = await thread.run('recognition', crops(8, 0), [8, 3, 48, width]);
      const parts = [
        await thread.run('recognition', crops(3, 0), [3, 3, 48, width]),
        await thread.run('recognition', crops(3, 3), [3, 3, 48, width]),
        await thread.run('recognition', crops(2, 6), [2, 3, 48, width]),
      ];
      const joined = new Float32Array(whole.data.length);
      let offset = 0;
      for (const part of parts) {
        joined.set(part.data, offset);
        offset += part.data.length;
      }
      expect(offset).toBe(whole.data.length);
      let max = 0;
      for (let i = 0; i < joined.length; i += 1) max = Math.max(max, Math.abs(joined[i]! - whole.data[i]!));
      expect(max).toBeLessThan(1e-6);
    } finally {
      await thread.close();
    }
  });
});

describe('detector bands', () => {
  it('runs an input that fits a band, or no band size, whole', () => {
    expect(detectionBands(1184, 0)).toEqual([{ start: 0, end: 1184, keepFrom: 0, keepTo: 1184 }]);
    expect(detectionBands(256, 256)).toEqual([{ start: 0, end: 256, keepFrom: 0, keepTo: 256 }]);
  });

  it.each([
    [1184, 256],
    [1376, 256],
    [1216, 384],
    [320, 256],
    [2048, 512],
  ])('tiles %i rows with bands of %i: kept rows away from the cuts, edges on multiples of 32', (height, rows) => {
    const bands = detectionBands(height, rows);
    expect(bands.length).toBeGreaterThan(1);
    expect(bands[0]!.keepFrom).toBe(0);
    expect(bands.at(-1)!.keepTo).toBe(height);
    bands.forEach((band, index) => {
      expect(band.end - band.start).toBe(rows);
      expect(band.start % 32).toBe(0);
      expect(band.start).toBeGreaterThanOrEqual(0);
      expect(band.end).toBeLessThanOrEqual(height);
      expect(band.keepFrom).toBeGreaterThanOrEqual(band.start);
      expect(band.keepTo).toBeLessThanOrEqual(band.end);
      if (index > 0) {
        expect(band.keepFrom).toBe(bands[index - 1]!.keepTo);
        // A cut is never nearer a kept row than the overlap, on either side.
        expect(band.keepFrom - band.start).toBeGreaterThanOrEqual(Math.min(DETECTION_BAND_OVERLAP, rows / 4));
      }
      if (index < bands.length - 1) {
        expect(band.end - band.keepTo).toBeGreaterThanOrEqual(Math.min(DETECTION_BAND_OVERLAP, rows / 4));
      }
    });
  });
});

/** Edit distance of two strings (small ones: a receipt's characters). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

describe('a page read in detector bands', () => {
  it('reads a real receipt as the whole page does, to within 2 % of its characters', { timeout: 120_000 }, async () => {
    const png = await sharp(textractorReceiptJpeg()).greyscale().png().toBuffer();
    const read = async (detectionBandRows: number): Promise<string> => {
      const ocr = await PaddleOcr.load({ detectionBandRows });
      try {
        // Bands may cut a line into more boxes (their maps differ a little), so only the characters are compared.
        return (await ocr.readLines(png)).map((line) => line.text.replace(/\s+/g, '')).join('');
      } finally {
        await ocr.release();
      }
    };
    const whole = await read(0);
    const banded = await read(256);
    expect(whole.length).toBeGreaterThan(400);
    expect(distance(whole, banded)).toBeLessThanOrEqual(0.02 * whole.length);
    expect(banded).toContain('$1810.46');
  });
});
