// OCR engines misread 0 as "O" and 1 as "l" or "I" inside printed amounts ("1O4,5O", "l23.45"). Correcting these
// letters everywhere would turn words into numbers, so only a token that is otherwise clearly an amount is
// corrected: digit-like characters only, optional groups of three, a decimal separator followed by exactly two
// places, and at least one real digit on each side of that separator ("lO.OO" or "II.10" stay as printed).

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
