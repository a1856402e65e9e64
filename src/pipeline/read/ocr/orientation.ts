// Is a page upright? Tesseract's orientation detection needs osd.traineddata, which no installed package ships, so
// the answer comes from recognition quality: text read the right way up gives many confident words, text on its
// side or upside down gives fragments with low confidence. Measured on invoices (share of confident words): upright
// 0.60-0.90 (0.60 for a blurred, noisy 105-dpi scan), turned 180 degrees 0.13-0.17, turned 90/270 0.02-0.11.
import type { Line } from '../../model.js';

export interface ReadingQuality {
  words: number;
  /** Words of at least two letters or digits read with confidence >= 0.7. */
  confidentWords: number;
  /** confidentWords / words (0 when there are no words). */
  confidentShare: number;
}

const CONFIDENT = 0.7;
/** Below this many words there is nothing to judge: a blank page or a photo without text. */
const TOO_FEW_WORDS = 5;
/** Between the upright minimum measured (0.60) and the rotated maximum (0.17). */
const UPRIGHT_SHARE = 0.4;

export function readingQuality(lines: readonly Line[]): ReadingQuality {
  let words = 0;
  let confidentWords = 0;
  for (const line of lines) {
    for (const word of line.words) {
      words += 1;
      if ((word.confidence ?? 1) >= CONFIDENT && countAlphanumerics(word.text) >= 2) confidentWords += 1;
    }
  }
  return { words, confidentWords, confidentShare: words === 0 ? 0 : confidentWords / words };
}

/** True when the reading is good enough (or the page too empty) to skip the search for another orientation. */
export function looksUpright(quality: ReadingQuality): boolean {
  if (quality.words < TOO_FEW_WORDS) return true;
  return quality.confidentShare >= UPRIGHT_SHARE && quality.confidentWords >= TOO_FEW_WORDS;
}

/** The margin by which a reading must beat another to count: readings of one page vary by a few points. */
const CLEAR_MARGIN = 0.1;

/**
 * True when a preview (a downscaled crop, so fewer words) reads clearly better than the full page did: compared by
 * share of confident words, which does not depend on how much of the page was read.
 */
export function previewReadsBetter(preview: ReadingQuality, page: ReadingQuality): boolean {
  return preview.confidentWords >= TOO_FEW_WORDS && preview.confidentShare >= page.confidentShare + CLEAR_MARGIN;
}

/** True when a full-page reading is clearly better than another of the same page. */
export function readsBetter(candidate: ReadingQuality, current: ReadingQuality): boolean {
  return (
    candidate.confidentWords > current.confidentWords &&
    candidate.confidentShare >= current.confidentShare + CLEAR_MARGIN
  );
}

function countAlphanumerics(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
