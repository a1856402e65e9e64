// PaddleOCR PP-OCRv4 (detection + recognition) in ONNX through onnxruntime-node: one page image -> lines of words
// with boxes in image pixels and 0..1 confidences. The models run in the model thread (model-thread.ts); this module
// does the rest on the calling thread: decoding, resizing, tensors, DB post-processing, CTC decoding, word boxes.
// Why not tesseract alone: on real receipts and phone photos tesseract misses far more characters (see docs/ocr.md
// for the measured table); PaddleOCR's detector finds lines on crumpled, faded or skewed paper and its recognizer
// reads each line crop as a whole.
import sharp from 'sharp';
import type { BBox, Line, Word } from '../../../model.js';
import { traced, type StageTrace } from '../../image/stage-trace.js';
import { inReadingOrder } from '../page-lines.js';
import { decodeCtc, type DecodedChar } from './ctc.js';
import { boxesFromProbabilities, DB_DEFAULTS, type TextBox } from './db-postprocess.js';
import { PaddleModelThread, type ModelRunner } from './model-thread.js';
import { loadPaddleModelFiles } from './models.js';
import { detectionTensor, writeRecognitionItem, type GreyImage } from './tensors.js';

export interface PaddleSettings {
  /** Detector input budget: the page is scaled down to at most this many pixels (cost grows with it). */
  detectionPixels: number;
  /** The budget for long strips (long side at least STRIP_ASPECT times the short one: receipts). */
  stripDetectionPixels: number;
  /** Threads onnxruntime uses inside one model run (the model thread runs one model at a time). */
  threads: number;
  /**
   * Rewrite the models' graphs when they load (onnx-graph.ts: hard-swish in two nodes instead of four, the affine
   * blocks folded into the convolutions; outputs equal to float rounding, ~20% less CPU per model run).
   */
  optimizeGraphs: boolean;
  /** The detector sees the page in bands of at most this many input rows (0: all at once); see detectionBands. */
  detectionBandRows: number;
}

/**
 * 1.0 MP: on the bench:ocr real set, 1.6 MP read no more labelled amounts or dates (94.3% both), CER 2.9 vs 3.3%,
 * digit tokens 92.7 vs 93.5%, at 24% more CPU (3.56 vs 2.88 s per page, same conditions). docs/ocr.md.
 */
export const PADDLE_DEFAULTS: PaddleSettings = {
  detectionPixels: 1_000_000,
  // A strip's lines run across its short side, so its type is large for its pixel count: on the 9 receipt strips of
  // the bench:ocr real set 0.8 MP was never worse than 1.0 MP (74 vs 79 character errors, 242 vs 238 digit tokens,
  // labelled values equal) for ~20% less detector work; A4 pages lose at 0.8 MP (docs/ocr.md, "Speed and memory").
  stripDetectionPixels: 800_000,
  // Two (at most the cores, pool.ts): the model thread runs one model at a time, so with one thread per run the
  // models never used the second core. bench:ocr (31 pages, two at a time), 2 vs 1 thread, same session: with a
  // core to spare (load ~2) wall 1.89 vs 3.43 s/page at the same CPU (3.52 vs 3.49 s/page); at load ~3.5 wall 2.79
  // vs 3.08 at 3.51 vs 3.11 CPU; on a machine saturated by other work (load 4-7) no shorter wall (4.39-5.03 vs
  // 3.44-4.21) at 15-25% more CPU. docs/ocr.md, "The model thread".
  threads: 2,
  optimizeGraphs: true,
  // The whole page at once: bands of 256 rows lowered a worker's peak RSS from 517-590 to 376-439 MB (bench/ocr/
  // memory.ts, the 22 real pages one at a time) at 5-18 % more CPU, and read the real pages as well (112 vs 116
  // character errors, 348 vs 351 of 354 digit tokens, 164 labelled values both) but rendered A4 pages worse (802 vs
  // 893 character errors of 15,885): the detector's squeeze-excitation blocks pool over the whole input, so a band
  // sees other statistics than the page. docs/ocr.md, "Memory"; DOCEX_OCR_DETECTION_BAND_ROWS.
  detectionBandRows: 0,
};

const STRIP_ASPECT = 2;

/** The detector's input size for a page: scaled down to the page's pixel budget, sides multiples of 32. */
export function detectionInputSize(
  page: { width: number; height: number },
  settings: Pick<PaddleSettings, 'detectionPixels' | 'stripDetectionPixels'>,
): { width: number; height: number } {
  const strip = Math.max(page.width, page.height) >= STRIP_ASPECT * Math.min(page.width, page.height);
  return scaledToPixels(
    page,
    strip ? Math.min(settings.stripDetectionPixels, settings.detectionPixels) : settings.detectionPixels,
  );
}

function scaledToPixels(page: { width: number; height: number }, pixels: number): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(pixels / (page.width * page.height)));
  // The detector halves its input five times: sides must be multiples of 32.
  return {
    width: Math.max(32, Math.round((page.width * scale) / 32) * 32),
    height: Math.max(32, Math.round((page.height * scale) / 32) * 32),
  };
}

/** Rows of context a band's map is cut short of its edge by, where the band meets the next (a multiple of 32). */
export const DETECTION_BAND_OVERLAP = 64;

export interface DetectionBand {
  /** Input rows the detector sees: [start, end). */
  start: number;
  end: number;
  /** Rows of its map that are kept: [keepFrom, keepTo); the bands' kept rows tile the page. */
  keepFrom: number;
  keepTo: number;
}

/**
 * Horizontal bands of at most `bandRows` input rows (0: the whole input at once) that overlap by twice
 * DETECTION_BAND_OVERLAP; each keeps the rows of its map away from the cut, so text near a cut is read with the rows
 * around it in view. Band edges stay multiples of 32 (the detector halves its input five times).
 */
export function detectionBands(height: number, bandRows: number): DetectionBand[] {
  const rows = Math.floor(bandRows / 32) * 32;
  if (rows === 0 || height <= rows) return [{ start: 0, end: height, keepFrom: 0, keepTo: height }];
  const overlap = Math.min(DETECTION_BAND_OVERLAP, Math.floor(rows / 4 / 32) * 32);
  const stride = rows - 2 * overlap;
  const bands: DetectionBand[] = [];
  for (let start = 0; ; start += stride) {
    const last = start + rows >= height;
    const from = last ? height - rows : start;
    const keepFrom = bands.at(-1)?.keepTo ?? 0;
    bands.push({ start: from, end: from + rows, keepFrom, keepTo: last ? height : from + rows - overlap });
    if (last) return bands;
  }
}

/**
 * One map of `width` x `height` from the bands' maps, each band giving its kept rows, read one band at a time. A
 * single band is the whole input: its map is returned as it is.
 */
export async function stitchBands(
  bands: readonly DetectionBand[],
  width: number,
  height: number,
  read: (band: DetectionBand) => Promise<Float32Array>,
): Promise<Float32Array> {
  if (bands.length === 1) return read(bands[0]!);
  const map = new Float32Array(width * height);
  for (const band of bands) {
    const data = await read(band);
    map.set(
      data.subarray((band.keepFrom - band.start) * width, (band.keepTo - band.start) * width),
      band.keepFrom * width,
    );
  }
  return map;
}

/** The recognizer's fixed input height and its time-step width (PP-OCRv4: one step per 8 input pixels). */
const REC_HEIGHT = 48;
const REC_STEP = 8;
/** Widest line crop (the recognizer then squeezes wider lines: ~110 characters at this width). */
const REC_MAX_WIDTH = 1920;
/**
 * Line crops per recognizer run, of similar widths so little padding is computed. One crop per run costs less CPU
 * (measured with bench/ocr/profile.ts: 1.06 vs 1.23 s on the textractor receipt, 1.46 vs 2.31 s on the Flipkart
 * invoice) but reads worse on bench:ocr (31 pages: 1,485 vs 1,328 character errors, 803 vs 813 digit tokens, though
 * 165 vs 163 labelled values): the right-hand padding a crop gets beside wider ones changes how it reads, mostly
 * for the better on long lines of born-digital pages. Batches of 16 cost ten times more (large activations).
 */
const REC_BATCH = 8;
/**
 * At most this many input columns (crops x the batch's padded width) per recognizer run. The recognizer's
 * activations grow with them: a batch of 8 crops 1920 wide lifted RSS by ~320 MB, 8 x 640 by ~160 MB, as much as
 * a 1.0 MP detection; on A4 pages with long lines the widest batch was the page's peak (bench/ocr/memory.ts
 * --stages: 646 vs 542 MB). A wider batch runs in parts padded to the same width, so every crop reads exactly as
 * in the whole batch (the crops of a batch do not interact); only the number of runs grows.
 */
export const REC_RUN_COLUMNS = 4096;

/** The recognizer runs for crops of these widths: batches of REC_BATCH by width, each split to REC_RUN_COLUMNS. */
export function recognizerRuns(widths: readonly number[]): { items: number[]; batchWidth: number }[] {
  const order = widths.map((width, index) => ({ width, index })).sort((a, b) => a.width - b.width);
  const runs: { items: number[]; batchWidth: number }[] = [];
  for (let start = 0; start < order.length; start += REC_BATCH) {
    const batch = order.slice(start, start + REC_BATCH);
    const batchWidth = Math.ceil(batch.at(-1)!.width / REC_STEP) * REC_STEP;
    const perRun = Math.max(1, Math.floor(REC_RUN_COLUMNS / batchWidth));
    for (let from = 0; from < batch.length; from += perRun) {
      runs.push({ items: batch.slice(from, from + perRun).map((item) => item.index), batchWidth });
    }
  }
  return runs;
}
/** The orientation check's detector input (~0.2 s), how many line boxes it reads each way, and the confidence
 * below which neither way is trusted. */
const ORIENTATION_PIXELS = 400_000;
const ORIENTATION_SAMPLE = 8;
const ORIENTATION_CONFIDENCE = 0.7;
/** Characters read with a lower probability are reported as uncertain. */
export const UNCERTAIN_CHAR = 0.8;

export class PaddleOcr {
  /** Told each stage's time when set (bench/ocr/profile.ts); unset in the service. */
  trace: StageTrace | undefined;

  private constructor(
    private readonly models: ModelRunner,
    private readonly thread: PaddleModelThread,
    private readonly symbols: readonly string[],
    readonly settings: PaddleSettings,
  ) {}

  /**
   * Starts the model thread and loads both models in it (~0.5 s, ~100 MB). Throws PaddleModelError when the model
   * package is missing.
   */
  static async load(settings: Partial<PaddleSettings> = {}): Promise<PaddleOcr> {
    const full = { ...PADDLE_DEFAULTS, ...settings };
    const files = await loadPaddleModelFiles();
    const thread = new PaddleModelThread({
      files: { detection: files.detection, recognition: files.recognition },
      threads: full.threads,
      optimizeGraphs: full.optimizeGraphs,
    });
    await thread.start();
    return new PaddleOcr(thread, thread, files.symbols, full);
  }

  /** Model threads started so far: 1, plus one after each timeout or crash that ended the previous one. */
  get threadsStarted(): number {
    return this.thread.started;
  }

  /**
   * Reads a page image (any format sharp decodes; docex passes greyscale PNGs). Aborting `signal` stops the page:
   * no further model runs, and a run in progress ends with its thread (see model-thread.ts).
   */
  async readLines(png: Uint8Array, signal?: AbortSignal): Promise<Line[]> {
    const image = await this.decode(png);
    const boxes = await this.detect(image, undefined, signal);
    return this.recognize(image, boxes, signal);
  }

  /** The page as one grey byte per pixel, the form detect and recognize take. */
  decode(png: Uint8Array): Promise<GreyImage> {
    return traced(this.trace, 'decode', () => decodeGrey(png));
  }

  /** Ends the model thread (runs still on it fail). */
  release(): Promise<void> {
    return this.thread.close();
  }

  /**
   * The quarter turn (clockwise) that makes a page on its side upright, or 0. A quick look: line boxes from a small
   * detector input; when most are tall and narrow, the page lies on its side, and the largest few are read turned
   * both ways: text the right way up reads with far higher confidence. Upside-down pages (rare) are left to the
   * orientation search of ocrPage, which reads them poorly first.
   */
  async suggestTurn(png: Uint8Array, signal?: AbortSignal): Promise<0 | 90 | 270> {
    const image = await decodeGrey(png);
    const boxes = await this.detect(image, ORIENTATION_PIXELS, signal);
    const tall = boxes.filter((box) => box.height > 1.5 * box.width);
    if (boxes.length < 5 || tall.length < 0.6 * boxes.length) return 0;
    const sample = [...tall].sort((a, b) => b.width * b.height - a.width * a.height).slice(0, ORIENTATION_SAMPLE);
    const confidence = async (turn: 90 | 270): Promise<number> => {
      const turned = await turnGrey(image, turn);
      // The start of each line is enough to tell: at most 8 line heights of it are read.
      const boxes = sample
        .map((box) => turnBox(box, image, turn))
        .map((box) => ({ ...box, width: Math.min(box.width, 8 * box.height) }));
      const lines = await this.recognize(turned, boxes, signal);
      const chars = lines.reduce((n, line) => n + line.text.length, 0);
      return chars === 0 ? 0 : lines.reduce((sum, line) => sum + (line.confidence ?? 0) * line.text.length, 0) / chars;
    };
    const [clockwise, anticlockwise] = [await confidence(90), await confidence(270)];
    const best = clockwise >= anticlockwise ? 90 : 270;
    return Math.max(clockwise, anticlockwise) >= ORIENTATION_CONFIDENCE ? best : 0;
  }

  /** Line boxes in image pixels; the detector sees the page scaled to its budget, or to at most `pixels`. */
  async detect(image: GreyImage, pixels?: number, signal?: AbortSignal): Promise<TextBox[]> {
    const { width, height } =
      pixels === undefined ? detectionInputSize(image, this.settings) : scaledToPixels(image, pixels);
    const trace = this.trace;
    const resized = await traced(trace, 'detection: resize', () =>
      sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
        .resize(width, height, { fit: 'fill' })
        // sharp turns a one-channel raw input into sRGB unless told otherwise.
        .toColourspace('b-w')
        .raw()
        .toBuffer(),
    );
    const map = await this.detectionMap({ data: resized, width, height }, signal);
    const boxes = await traced(trace, 'detection: DB postprocess', () =>
      boxesFromProbabilities({ data: map, width, height }, DB_DEFAULTS),
    );
    const sx = image.width / width;
    const sy = image.height / height;
    return boxes.map((box) => ({
      ...box,
      x: box.x * sx,
      y: box.y * sy,
      width: box.width * sx,
      height: box.height * sy,
      ...(box.tilt
        ? {
            tilt: {
              cx: box.tilt.cx * sx,
              cy: box.tilt.cy * sy,
              ux: box.tilt.ux * sx,
              uy: box.tilt.uy * sy,
              vx: box.tilt.vx * sx,
              vy: box.tilt.vy * sy,
            },
          }
        : {}),
    }));
  }

  /**
   * The detector's probability map of an input already at its size, computed band by band (detectionBands): the
   * detector's activations grow with its input, and on a 1 MP page they were the worker's memory peak.
   */
  private async detectionMap(input: GreyImage, signal?: AbortSignal): Promise<Float32Array> {
    const { width } = input;
    const run = async (band: DetectionBand): Promise<Float32Array> => {
      const rows = band.end - band.start;
      const data = input.data.subarray(band.start * width, band.end * width);
      const tensor = await traced(this.trace, 'detection: tensor', () =>
        detectionTensor({ data, width, height: rows }),
      );
      const output = await traced(this.trace, 'detection: model', () =>
        this.models.run('detection', tensor, [1, 3, rows, width], signal),
      );
      return output.data;
    };
    return stitchBands(detectionBands(input.height, this.settings.detectionBandRows), width, input.height, run);
  }

  /** Reads every box; lines in reading order (rows top to bottom, left to right). */
  async recognize(image: GreyImage, boxes: readonly TextBox[], signal?: AbortSignal): Promise<Line[]> {
    const items = boxes.map((box) => {
      // A tilted line is read along itself: its length over its thickness, not its box's width over height.
      const [length, thickness] = box.tilt
        ? [2 * Math.hypot(box.tilt.ux, box.tilt.uy), 2 * Math.hypot(box.tilt.vx, box.tilt.vy)]
        : [box.width, box.height];
      return {
        box,
        width: Math.min(REC_MAX_WIDTH, Math.max(REC_STEP * 2, Math.round((REC_HEIGHT * length) / thickness))),
      };
    });
    const lines: Line[] = [];
    for (const run of recognizerRuns(items.map((item) => item.width))) {
      const batch = run.items.map((index) => items[index]!);
      const batchWidth = run.batchWidth;
      const trace = this.trace;
      const tensor = await traced(trace, 'recognition: crops', () => {
        const tensor = new Float32Array(batch.length * 3 * REC_HEIGHT * batchWidth);
        batch.forEach((item, index) =>
          writeRecognitionItem(tensor, index, batchWidth, image, item.box, item.width, REC_HEIGHT),
        );
        return tensor;
      });
      const result = await traced(trace, 'recognition: model', () =>
        this.models.run('recognition', tensor, [batch.length, 3, REC_HEIGHT, batchWidth], signal),
      );
      const [, steps, classes] = result.dims as [number, number, number];
      const probabilities = result.data;
      await traced(trace, 'recognition: CTC decode', () =>
        batch.forEach((item, index) => {
          const chars = decodeCtc(probabilities, index * steps * classes, steps, classes, this.symbols);
          // Input pixels per time step, then crop pixels -> image pixels.
          const stepWidth = (batchWidth / steps) * (item.box.width / item.width);
          const line = lineFromChars(chars, item.box, stepWidth);
          if (line !== null) lines.push(line);
        }),
      );
    }
    return inReadingOrder(lines);
  }
}

async function decodeGrey(png: Uint8Array): Promise<GreyImage> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels === 1) return { data, width: info.width, height: info.height };
  // greyscale() keeps an alpha channel when the image has one: keep the first channel only.
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i += 1) grey[i] = data[i * info.channels]!;
  return { data: grey, width: info.width, height: info.height };
}

/**
 * Splits a decoded line into words at spaces. A word's box spans its characters' time steps, widened by a step
 * and a half on each side (a character covers about three steps; CTC fires near its start), clipped to the line.
 */
export function lineFromChars(chars: readonly DecodedChar[], box: BBox, stepWidth: number): Line | null {
  const words: Word[] = [];
  let current: DecodedChar[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const first = current[0]!;
    const last = current.at(-1)!;
    const left = Math.max(box.x, box.x + (first.step - 1) * stepWidth);
    const right = Math.min(box.x + box.width, box.x + (last.step + 2.5) * stepWidth);
    const confidence = current.reduce((sum, c) => sum + c.probability, 0) / current.length;
    const uncertain = current.flatMap((c, offset) =>
      c.probability < UNCERTAIN_CHAR && /\p{N}/u.test(c.char) ? [offset] : [],
    );
    words.push({
      text: current.map((c) => c.char).join(''),
      bbox: { x: round(left), y: round(box.y), width: round(Math.max(1, right - left)), height: round(box.height) },
      confidence: Math.round(confidence * 1000) / 1000,
      ...(uncertain.length > 0 ? { uncertainDigits: uncertain } : {}),
    });
    current = [];
  };
  const wideGap = wideGapSteps(chars);
  chars.forEach((char, index) => {
    if (char.char === ' ') return flush();
    const previous = chars[index - 1];
    if (previous !== undefined && previous.char !== ' ' && char.step - previous.step >= wideGap) flush();
    current.push(char);
  });
  flush();
  if (words.length === 0) return null;
  const confidence = words.reduce((sum, w) => sum + (w.confidence ?? 0), 0) / words.length;
  return {
    text: words.map((w) => w.text).join(' '),
    bbox: { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) },
    words,
    confidence: Math.round(confidence * 1000) / 1000,
  };
}

/**
 * The distance in time steps at which two characters are separate words although no space was decoded: the
 * recognizer often drops the space between words of monospaced receipt print ("LGFLATSCREEN"). Measured against
 * the line's median step between neighbouring characters: a space adds about one character's width.
 */
function wideGapSteps(chars: readonly DecodedChar[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < chars.length; i += 1) {
    if (chars[i]!.char !== ' ' && chars[i - 1]!.char !== ' ') gaps.push(chars[i]!.step - chars[i - 1]!.step);
  }
  if (gaps.length < 3) return Number.POSITIVE_INFINITY;
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)]!;
  return Math.max(median * 1.8, median + 3);
}

/**
 * The page turned clockwise by a quarter turn (90) or three (270): a pure permutation of the pixels, done by sharp
 * in its own threads (in JavaScript it held the event loop ~20-40 ms per turn on a receipt scan).
 */
export async function turnGrey(image: GreyImage, turn: 90 | 270): Promise<GreyImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(turn)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return { data, width: image.height, height: image.width };
}

/** The box on the turned page; the orientation check reads line starts from axis-aligned boxes (tilt dropped). */
function turnBox({ tilt: _tilt, ...box }: TextBox, image: GreyImage, turn: 90 | 270): TextBox {
  return turn === 90
    ? { ...box, x: image.height - box.y - box.height, y: box.x, width: box.height, height: box.width }
    : { ...box, x: box.y, y: image.width - box.x - box.width, width: box.height, height: box.width };
}

const round = (value: number): number => Math.round(value * 10) / 10;
