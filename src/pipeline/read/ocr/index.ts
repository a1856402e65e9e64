// OCR of scans and photos: the public surface. Only tesseract-worker.ts imports tesseract.js; only
// paddle/engine.ts imports onnxruntime-node.
export { createOcrPool } from './create-pool.js';
export {
  DEFAULT_OCR_ENGINE,
  OCR_ENGINES,
  type OcrEngineName,
  type OcrPool,
  type OcrPoolOptions,
  type OcrPoolStats,
  type ReadOptions,
} from './engine.js';
export { createTesseractPool, type TesseractPool } from './pool.js';
export { ocrImage, ocrPage, type OcrPageOptions } from './ocr-page.js';
export { defaultLanguages, LanguageDataError, OPTIONAL_LANGUAGES, REQUIRED_LANGUAGES } from './language-data.js';
export { PaddleModelError } from './paddle/models.js';
