// One OCR interface, several engines (DOCEX_OCR_ENGINE). An engine turns a greyscale page image into lines of words
// with boxes in image pixels and 0..1 confidences; ocr-page.ts does the rest (orientation, the document model) the
// same way for every engine. docs/ocr.md has the measured comparison behind the default.
import type { Logger } from 'pino';
import type { Line } from '../../model.js';
import type { PaddleSettings } from './paddle/engine.js';

/**
 * tesseract: tesseract.js 7 (LSTM, eng+deu+fra models), worker threads. paddle: PaddleOCR PP-OCRv4 detection and
 * recognition in ONNX (onnxruntime-node).
 */
export const OCR_ENGINES = ['tesseract', 'paddle'] as const;
export type OcrEngineName = (typeof OCR_ENGINES)[number];

/** The engine docex uses unless DOCEX_OCR_ENGINE says otherwise: the measured winner (docs/ocr.md). */
export const DEFAULT_OCR_ENGINE: OcrEngineName = 'paddle';

export interface ReadOptions {
  /** The image's resolution (a hint for layout analysis). */
  dpi: number;
  /** A quick look (the orientation search): the engine may skip work that only helps a final reading. */
  preview?: boolean;
}

export interface OcrPoolStats {
  size: number;
  running: number;
  busy: number;
  queued: number;
  pagesDone: number;
  workersStarted: number;
}

export interface OcrPool {
  readonly engine: OcrEngineName;
  /** The languages the engine reads (tesseract: its model codes; paddle: the Latin-script subset it ships). */
  readonly languages: readonly string[];
  /** Reads one greyscale page image. Rejects with PipelineError (timeout, ocr_failed, resource_limit). */
  readLines(png: Uint8Array, options: ReadOptions): Promise<Line[]>;
  /**
   * A cheap guess of the quarter turn (clockwise) that makes the page upright, for engines that can tell without
   * reading the page (0: upright or unknown). ocrPage reads the page turned first when it says so.
   */
  suggestTurn?(png: Uint8Array): Promise<0 | 90 | 270>;
  stats(): OcrPoolStats;
  /** Refuses queued pages, lets running pages finish, releases the engine. */
  close(): Promise<void>;
}

export interface OcrPoolOptions {
  /** Pages read at once; default 2 (one per core on the 2-core machines docex runs on). */
  size?: number;
  /** Tesseract language codes; default eng, deu, fra (+ spa, ita, nld when their model packages are installed). */
  languages?: readonly string[];
  logger?: Logger;
  /** Time limit for one page once it runs (queueing time excluded); default 120 s. */
  pageTimeoutMs?: number;
  /** Tesseract: a worker is replaced after this many pages; default 50. */
  pagesPerWorker?: number;
  /** Time limit for an engine to start; default 30 s. */
  startTimeoutMs?: number;
  /** Pages allowed to wait; more are refused with resource_limit; default 500. */
  maxQueuedPages?: number;
  /** PaddleOCR: detector input budget and threads per model run (defaults in paddle/engine.ts). */
  paddle?: Partial<PaddleSettings>;
}
