// The registry of OCR engines: DOCEX_OCR_ENGINE names one; the compiler checks that every name has a factory.
import { DEFAULT_OCR_ENGINE, type OcrEngineName, type OcrPool, type OcrPoolOptions } from './engine.js';
import { createPaddlePool } from './paddle/pool.js';
import { createTesseractPool } from './pool.js';

const FACTORIES = {
  tesseract: createTesseractPool,
  paddle: createPaddlePool,
} satisfies Record<OcrEngineName, (options: OcrPoolOptions) => Promise<OcrPool>>;

/** Checks the engine's local model files (throws naming what is missing); nothing starts until a page comes. */
export function createOcrPool(options: OcrPoolOptions & { engine?: OcrEngineName } = {}): Promise<OcrPool> {
  return FACTORIES[options.engine ?? DEFAULT_OCR_ENGINE](options);
}
