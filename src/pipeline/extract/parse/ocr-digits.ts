// OCR engines misread 0 as "O" and 1 as "l" or "I" inside printed amounts ("1O4,5O", "l23.45"), and more letters
// inside dates ("02/O1/2018", "10/01/Z018"). Correcting these letters everywhere would turn words into numbers, so only
// a token that is otherwise clearly an amount or a date is corrected. Amounts: digit-like characters only, optional
// groups of three, a decimal separator followed by exactly two places, and at least one real digit on each side of
// that separator ("lO.OO" or "II.10" stay as printed).

const OCR_AMOUNT =
  /(?<![\p{L}\p{N}.,'’])[\dOlI]+(?:[.,'’][\dOlI]{3})*[.,][\dOlI]{2}(?![\p{L}\p{N}]|[.,'’][\p{L}\p{N}])/gu;
const CONFUSABLE = /[OlI]/;

function correctToken(token: string): string {
  if (!CONFUSABLE.test(token)) return token;
  const separator = Math.max(token.lastIndexOf('.'), token.lastIndexOf(','));
  if (!/\d/.test(token.slice(0, separator)) || !/\d/.test(token.slice(separator + 1))) return token;
  return token.replace(/O/g, '0').replace(/[lI]/g, '1');
}

/**
 * `text` with "O" read as 0 and "l"/"I" as 1 inside amount-shaped tokens (see above), everything else unchanged.
 * The result has the same length, so offsets into it are offsets into `text`.
 */
export function correctOcrDigits(text: string): string {
  return CONFUSABLE.test(text) ? text.replace(OCR_AMOUNT, correctToken) : text;
}

/** Letters OCR reads for digits in dates ("2O18", "Z018", "1O/01"), and the digit each stands for. */
const DATE_LOOKALIKE: Readonly<Record<string, string>> = { O: '0', o: '0', I: '1', l: '1', Z: '2', S: '5', B: '8' };
/** A numeric date with look-alike letters in it: "02/O1/2018", "10/01/Z018". */
const OCR_DATE = /(?<![\p{L}\p{N}])[\dOoIlZSB]{1,4}[-./][\dOoIlZSB]{1,2}[-./][\dOoIlZSB]{2,4}(?![\p{L}\p{N}])/gu;

/**
 * `text` with look-alike letters read as digits inside date-shaped tokens that hold at least four real digits (a
 * date's shape is surer than an amount's, so more letters are corrected), everything else unchanged; same length.
 */
export function correctOcrDateDigits(text: string): string {
  return text.replace(OCR_DATE, (token) =>
    (token.match(/\d/g) ?? []).length >= 4 ? token.replace(/[OoIlZSB]/g, (c) => DATE_LOOKALIKE[c] as string) : token,
  );
}
