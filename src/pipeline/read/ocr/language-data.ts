// Where tesseract's trained models come from. SECURITY/AVAILABILITY: tesseract.js falls back to downloading models
// from a public CDN when it is given no langPath; on a machine without network the failure is thrown inside its
// message handler and kills the whole process. So docex only ever starts tesseract with a LanguageData value, which
// only this module can make, after it has checked that every model file exists locally.
//
// The models ship in npm packages (@tesseract.js-data/<lang>), one folder per language, while tesseract.js takes a
// single folder for all languages: the verified files are linked into one private temporary folder.
import { constants as fsConstants } from 'node:fs';
import { access, mkdtemp, open, rm, stat, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

/** Languages docex reads by default: their model packages are dependencies of the project. */
export const REQUIRED_LANGUAGES = ['eng', 'deu', 'fra'] as const;
/** Used in addition when their model package happens to be installed. */
export const OPTIONAL_LANGUAGES = ['spa', 'ita', 'nld'] as const;

/** The packages' LSTM-only integer models: the smallest that are accurate (eng 2.9 MB). */
const MODEL_FOLDER = '4.0.0_best_int';
/** A real model is megabytes; anything tiny is a placeholder or a broken install. */
const MIN_MODEL_BYTES = 100_000;
const LANGUAGE_CODE = /^[a-z]{3}(_[a-z]+)?$/;

const verified: unique symbol = Symbol('verified local language data');

/** Proof that the models of `languages` are readable files in `langPath` (an absolute local folder). */
export interface LanguageData {
  readonly langPath: string;
  readonly languages: readonly string[];
  readonly [verified]: true;
}

export class LanguageDataError extends Error {
  override name = 'LanguageDataError';
}

const require = createRequire(import.meta.url);

/** The packaged model file of `language`, or null when its package is not installed. */
export function packagedModelPath(language: string): string | null {
  if (!LANGUAGE_CODE.test(language)) return null;
  try {
    const packageJson = require.resolve(`@tesseract.js-data/${language}/package.json`);
    return join(dirname(packageJson), MODEL_FOLDER, `${language}.traineddata.gz`);
  } catch {
    return null;
  }
}

/** The required languages plus whichever optional ones are installed. */
export function defaultLanguages(): string[] {
  return [...REQUIRED_LANGUAGES, ...OPTIONAL_LANGUAGES.filter((language) => packagedModelPath(language) !== null)];
}

/**
 * Checks that every requested model is installed and a gzip file of plausible size, and links them into one
 * folder. Throws LanguageDataError naming the missing languages; never falls back to a download.
 */
export async function prepareLanguageData(languages: readonly string[]): Promise<LanguageData> {
  if (languages.length === 0) throw new LanguageDataError('At least one OCR language is needed.');
  const sources = new Map<string, string>();
  const problems: string[] = [];
  for (const language of new Set(languages)) {
    const source = packagedModelPath(language);
    if (source === null) {
      problems.push(`${language}: package @tesseract.js-data/${language} is not installed`);
      continue;
    }
    const problem = await checkModelFile(source);
    if (problem === null) sources.set(language, source);
    else problems.push(`${language}: ${problem}`);
  }
  if (problems.length > 0) {
    throw new LanguageDataError(`OCR language data is not available locally (${problems.join('; ')}).`);
  }
  const langPath = await mkdtemp(join(tmpdir(), 'docex-tessdata-'));
  try {
    for (const [language, source] of sources) await symlink(source, join(langPath, `${language}.traineddata.gz`));
  } catch (error) {
    await rm(langPath, { recursive: true, force: true });
    throw new LanguageDataError(`Cannot link OCR language data into ${langPath}.`, { cause: error });
  }
  return Object.freeze({ langPath, languages: [...sources.keys()], [verified]: true as const });
}

/**
 * Checks again, right before a tesseract worker starts, that the linked models are still there (a temp cleaner may
 * have removed them in a long-running process). Throws LanguageDataError.
 */
export async function assertLanguageDataPresent(data: LanguageData): Promise<void> {
  if (data[verified] !== true || !isAbsolute(data.langPath)) {
    throw new LanguageDataError('OCR language data was not prepared by prepareLanguageData().');
  }
  for (const language of data.languages) {
    const file = join(data.langPath, `${language}.traineddata.gz`);
    try {
      await access(file, fsConstants.R_OK);
    } catch (error) {
      throw new LanguageDataError(`OCR language data ${file} disappeared.`, { cause: error });
    }
  }
}

/** Removes the linked folder (the packaged models stay). */
export async function releaseLanguageData(data: LanguageData): Promise<void> {
  await rm(data.langPath, { recursive: true, force: true });
}

async function checkModelFile(path: string): Promise<string | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return `${path} is not a file`;
    if (info.size < MIN_MODEL_BYTES) return `${path} is only ${info.size} bytes`;
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
      if (head[0] !== 0x1f || head[1] !== 0x8b) return `${path} is not gzip-compressed`;
    } finally {
      await handle.close();
    }
    return null;
  } catch {
    return `${path} is missing`;
  }
}
