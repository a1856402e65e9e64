// OCR of scans and photos: the public surface. Only tesseract-worker.ts imports tesseract.js.
export { createOcrPool, type OcrPool, type OcrPoolOptions, type OcrPoolStats } from './pool.js';
export { ocrImage, ocrPage, type OcrPageOptions } from './ocr-page.js';
export { defaultLanguages, LanguageDataError, OPTIONAL_LANGUAGES, REQUIRED_LANGUAGES } from './language-data.js';
