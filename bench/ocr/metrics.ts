// Scores an OCR reading against ground truth that has no reading order of its own: transcribed lines (any subset of
// a page's lines), the PDF text layer of a rendered page, and labelled amounts and dates. Order-free on purpose:
// engines order columns differently, and extraction works from word positions, not from one text stream.
//   CER: each truth line is aligned with the best-matching stretch of one OCR row (semi-global edit distance), so
//        text the truth does not list costs nothing; errors / truth characters, over all lines.
//   word accuracy: share of truth words (whitespace-separated) found among the OCR words (each used once).
//   digit accuracy: share of truth tokens with a digit (amounts, dates, numbers) found exactly among OCR tokens.
//   amounts/dates: share of labelled values found, in any of the ways they are printed.
import type { Line, Page } from '../../src/pipeline/model.js';

export interface Truth {
  lines: string[];
  /** Labelled amounts (numbers) and dates (YYYY-MM-DD). */
  amounts: number[];
  dates: string[];
}

export interface Score {
  truthChars: number;
  charErrors: number;
  truthWords: number;
  wordsFound: number;
  digitTokens: number;
  digitTokensFound: number;
  labelled: number;
  labelledFound: number;
}

export const normalizeText = (text: string): string => text.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** OCR rows: lines whose vertical centres lie within half a line height of each other, joined left to right. */
export function rowsOf(pages: readonly Page[]): string[] {
  const rows: string[] = [];
  for (const page of pages) {
    let current: Line[] = [];
    const flush = () => {
      if (current.length > 0)
        rows.push(
          normalizeText(
            current
              .sort((a, b) => a.bbox.x - b.bbox.x)
              .map((l) => l.text)
              .join(' '),
          ),
        );
      current = [];
    };
    const centre = (line: Line) => line.bbox.y + line.bbox.height / 2;
    for (const line of [...page.lines].sort((a, b) => centre(a) - centre(b))) {
      const anchor = current[0];
      if (
        anchor !== undefined &&
        Math.abs(centre(line) - centre(anchor)) > Math.min(line.bbox.height, anchor.bbox.height) / 2
      )
        flush();
      current.push(line);
    }
    flush();
  }
  return rows;
}

/** Edit distance between `needle` and the best-matching substring of `haystack` (Sellers' algorithm). */
export function substringDistance(needle: string, haystack: string): number {
  let previous = new Uint32Array(haystack.length + 1); // row 0: a match may start anywhere
  let current = new Uint32Array(haystack.length + 1);
  for (let i = 1; i <= needle.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= haystack.length; j += 1) {
      const substitution = previous[j - 1]! + (needle[i - 1] === haystack[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
    }
    [previous, current] = [current, previous];
  }
  return Math.min(...previous);
}

/** Keeps digits and the separators inside numbers: "$1,810.46" -> "1,810.46", "2,00-" -> "2,00". */
const numericCore = (token: string): string => token.replace(/[^\d.,/:-]/g, '').replace(/^[.,/:-]+|[.,/:-]+$/g, '');

/** The ways an amount is printed: 1810.46 -> 1810.46, 1810,46, 1,810.46, 1.810,46; 44900 -> 44900, 44,900, 44.900. */
export function amountForms(value: number): string[] {
  const abs = Math.abs(value);
  const [whole, cents] = abs.toFixed(2).split('.') as [string, string];
  const grouped = (separator: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const forms = new Set<string>();
  for (const [thousands, decimal] of [
    ['', '.'],
    ['', ','],
    [',', '.'],
    ['.', ','],
    ["'", '.'],
    [' ', ','],
  ] as const) {
    forms.add(`${grouped(thousands)}${decimal}${cents}`);
    if (cents === '00') forms.add(grouped(thousands));
  }
  return [...forms].filter((form) => !form.includes(' '));
}

/** The ways a date is printed: 2014-10-18 -> 18.10.2014, 18.10.14, 10/18/2014, 18/10/2014, 2014-10-18, ... */
export function dateForms(iso: string): string[] {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const short = year.slice(2);
  const forms = new Set<string>();
  for (const y of [year, short]) {
    for (const separator of ['.', '/', '-']) {
      forms.add([day, month, y].join(separator));
      forms.add([month, day, y].join(separator));
    }
  }
  forms.add(iso);
  forms.add(`${year}/${month}/${day}`);
  return [...forms];
}

export function score(pages: readonly Page[], truth: Truth): Score {
  const rows = rowsOf(pages);
  const words = pages.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => normalizeText(w.text))));
  const result: Score = {
    truthChars: 0,
    charErrors: 0,
    truthWords: 0,
    wordsFound: 0,
    digitTokens: 0,
    digitTokensFound: 0,
    labelled: 0,
    labelledFound: 0,
  };
  for (const raw of truth.lines) {
    const line = normalizeText(raw);
    if (line === '') continue;
    result.truthChars += line.length;
    const best = rows.reduce((min, row) => Math.min(min, substringDistance(line, row)), line.length);
    result.charErrors += Math.min(best, line.length);
  }
  const available = new Map<string, number>();
  for (const word of words) available.set(word, (available.get(word) ?? 0) + 1);
  const numeric = new Map<string, number>();
  for (const word of words) {
    const core = numericCore(word);
    if (/\d/.test(core)) numeric.set(core, (numeric.get(core) ?? 0) + 1);
  }
  const take = (pool: Map<string, number>, key: string): boolean => {
    const left = pool.get(key) ?? 0;
    if (left === 0) return false;
    pool.set(key, left - 1);
    return true;
  };
  for (const word of truth.lines.flatMap((line) => normalizeText(line).split(' ')).filter((w) => w !== '')) {
    result.truthWords += 1;
    if (take(available, word)) result.wordsFound += 1;
    const core = numericCore(word);
    if (/\d/.test(core)) {
      result.digitTokens += 1;
      if (take(numeric, core)) result.digitTokensFound += 1;
    }
  }
  // Labelled values are looked up among all OCR tokens again (the same amount may also be a truth-line token).
  const tokens = new Set(words.map(numericCore));
  for (const amount of new Set(truth.amounts)) {
    result.labelled += 1;
    if (amountForms(amount).some((form) => tokens.has(form))) result.labelledFound += 1;
  }
  for (const date of new Set(truth.dates)) {
    result.labelled += 1;
    if (dateForms(date).some((form) => tokens.has(form))) result.labelledFound += 1;
  }
  return result;
}

export function addScores(scores: readonly Score[]): Score {
  const total: Score = {
    truthChars: 0,
    charErrors: 0,
    truthWords: 0,
    wordsFound: 0,
    digitTokens: 0,
    digitTokensFound: 0,
    labelled: 0,
    labelledFound: 0,
  };
  for (const s of scores) for (const key of Object.keys(total) as (keyof Score)[]) total[key] += s[key];
  return total;
}
