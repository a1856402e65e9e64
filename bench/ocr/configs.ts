// The engines and settings bench:ocr compares. `tesseract` is docex's reading before issue 12 (tesseract.js 7,
// eng+deu+fra, today's normalization): every other row is printed beside it, measured in the same run.
import type { OcrEngineName } from '../../src/pipeline/read/ocr/index.js';
import type { PreprocessOptions } from '../../src/pipeline/read/image/index.js';
import type { PaddleSettings } from '../../src/pipeline/read/ocr/paddle/engine.js';

export interface BenchConfig {
  engine: OcrEngineName;
  paddle?: Partial<PaddleSettings>;
  /** Unset: docex's defaults (PREPROCESS_DEFAULTS). */
  preprocess?: PreprocessOptions;
  what: string;
}

export const BASELINE = 'tesseract';

export const CONFIGS: Record<string, BenchConfig> = {
  tesseract: {
    engine: 'tesseract',
    preprocess: { deskew: false, contrast: false },
    what: 'tesseract.js 7, settings before issue 12',
  },
  default: {
    engine: 'paddle',
    what: "docex's defaults: paddle, detector input 1.0 MP (0.8 MP on receipt strips), deskew on, contrast off",
  },
  'default-plain-graphs': {
    engine: 'paddle',
    paddle: { optimizeGraphs: false },
    what: 'the defaults with the models as packaged (no onnx-graph.ts rewrites): docex before 2026-11-27 afternoon',
  },
  'default-threads1': {
    engine: 'paddle',
    paddle: { threads: 1 },
    what: 'the defaults with 1 onnxruntime thread per model run',
  },
  'default-threads2': {
    engine: 'paddle',
    paddle: { threads: 2 },
    what: 'the defaults with 2 onnxruntime threads per model run',
  },
  'default-bands256': {
    engine: 'paddle',
    paddle: { detectionBandRows: 256 },
    what: 'the defaults with the detector in bands of 256 input rows (DOCEX_OCR_DETECTION_BAND_ROWS=256)',
  },
  'default-det0.8': {
    engine: 'paddle',
    paddle: { detectionPixels: 800_000, stripDetectionPixels: 800_000 },
    what: 'the defaults with a 0.8 MP detector input',
  },
  'default-det0.6': {
    engine: 'paddle',
    paddle: { detectionPixels: 600_000, stripDetectionPixels: 600_000 },
    what: 'the defaults with a 0.6 MP detector input',
  },
  paddle: {
    engine: 'paddle',
    paddle: { detectionPixels: 1_600_000, stripDetectionPixels: 1_600_000 },
    preprocess: { deskew: false, contrast: false },
    what: 'PP-OCRv4 det+rec (ONNX), detector input 1.6 MP',
  },
  'paddle-det1.0': {
    engine: 'paddle',
    paddle: { detectionPixels: 1_000_000, stripDetectionPixels: 1_000_000 },
    preprocess: { deskew: false, contrast: false },
    what: 'detector input 1.0 MP',
  },
  'paddle-det2.5': {
    engine: 'paddle',
    paddle: { detectionPixels: 2_500_000, stripDetectionPixels: 2_500_000 },
    preprocess: { deskew: false, contrast: false },
    what: 'detector input 2.5 MP',
  },
  'paddle+deskew': {
    engine: 'paddle',
    paddle: { detectionPixels: 1_600_000, stripDetectionPixels: 1_600_000 },
    preprocess: { deskew: true, contrast: false },
    what: '1.6 MP, with small-angle deskew',
  },
  'paddle+contrast': {
    engine: 'paddle',
    paddle: { detectionPixels: 1_600_000, stripDetectionPixels: 1_600_000 },
    preprocess: { deskew: false, contrast: true },
    what: '1.6 MP, with background/contrast normalization',
  },
  'tesseract+deskew': {
    engine: 'tesseract',
    preprocess: { deskew: true, contrast: false },
    what: 'tesseract with small-angle deskew',
  },
  'tesseract+contrast': {
    engine: 'tesseract',
    preprocess: { deskew: false, contrast: true },
    what: 'tesseract with contrast normalization',
  },
};
