// Image decoding and normalization for OCR: the public surface.
export { normalizeImage, NORMALIZE_DEFAULTS, type NormalizedImage, type NormalizeOptions } from './normalize.js';
export { sniffRasterFormat, type RasterFormat } from './format.js';
export {
  estimateSkew,
  PREPROCESS_DEFAULTS,
  preprocessPage,
  type PreprocessedPage,
  type PreprocessOptions,
} from './preprocess.js';
