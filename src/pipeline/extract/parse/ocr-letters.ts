// The reverse of ocr-digits.ts, for names: OCR engines read letters as look-alike digits inside words. PaddleOCR on
// the hand-transcribed real captures of bench:ocr: "LOS GAT0S", "AUTH C0DE", "Orto Mio 01iven", "Dusseldorf-Bi1k",
// "PENNY H-Mi1ch", "Spu1-/HH-", "Lione1", "ANGEB0I": 8 misread words, every one a 0 for O or a 1 for l or I (no S/5
// or B/8 among them), the most common kind after lost accents and split words. A company or person name is scored
// and matched letter by letter, so one such digit loses it. Corrected: a 0 or 1 between letters in a word of at
// least three letters, a 1 closing a word after three lowercase letters, a 0 opening a word of lowercase letters;
// never a word with another digit or with more than two. Names with a real digit keep it ("Web2Print", "B2B",
// "1Password", "3M", "A0000000031010"); a name glued to a trailing 1 ("Hotel1") is read "Hotell", the price of
// "Lione1" -> "Lionel".

/** A 0 or 1 between letters (the word around it: at least three letters in all). */
const INSIDE = /(?<=\p{L})[01](?=\p{L})/gu;
/** "Lione1": a 1 closing a word after three lowercase letters. */
const AT_END = /(?<=\p{Ll}{3})1(?![\p{L}\p{N}])/gu;
/** "01iven": a 0 opening a word whose next letters are lowercase. */
const AT_START = /(?<![\p{L}\p{N}])0(?=[1l\p{Ll}]\p{Ll}{2})/gu;

const isUpper = (ch: string | undefined): boolean => ch !== undefined && /\p{Lu}/u.test(ch);

/** The word (letters and digits) around `index` in `text`. */
function wordAt(text: string, index: number): string {
  let start = index;
  let end = index + 1;
  while (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1] as string)) start--;
  while (end < text.length && /[\p{L}\p{N}]/u.test(text[end] as string)) end++;
  return text.slice(start, end);
}

/** The letter a 0 or 1 stands for, in the case of the letters around it. */
function letterFor(digit: string, before: string | undefined, after: string | undefined): string {
  const opensWord = before === undefined || !/[\p{L}\p{N}]/u.test(before);
  const upper = isUpper(before) && (after === undefined || isUpper(after) || !/\p{L}/u.test(after));
  // A word's first letter is a capital in a name: "01iven" is "Oliven".
  if (digit === '0') return upper || opensWord ? 'O' : 'o';
  return upper ? 'I' : 'l';
}

/**
 * `text` (a name read by OCR) with 0 and 1 read back as the letters they stand for inside words (see above),
 * everything else unchanged; same length.
 */
export function correctOcrLetters(text: string): string {
  if (!/[01]/.test(text)) return text;
  let out = text;
  // In this order, each pass on the previous one's result: "01iven" -> "O1iven" -> "Oliven".
  for (const pattern of [AT_START, INSIDE, AT_END]) {
    out = out.replace(pattern, (digit: string, index: number) =>
      misreadInName(wordAt(out, index)) ? letterFor(digit, out[index - 1], out[index + 1]) : digit,
    );
  }
  return out;
}

/** A word whose digits are misread letters: at most two, all 0 or 1, among at least three letters. */
function misreadInName(word: string): boolean {
  const digits = word.match(/\p{N}/gu) ?? [];
  const letters = word.match(/\p{L}/gu) ?? [];
  // "A0000000031010", "PFANDGUTSCH2025650", "12X1" are codes, not misread names.
  return digits.length <= 2 && digits.every((d) => d === '0' || d === '1') && letters.length >= 3;
}
