// Text folding shared by the email classifier and the attachment triage. Cue patterns are written against folded
// text only, so that "Rechnung", "RECHNUNG" and "rechnung", or "Factura", "factura" and "fáctura", match alike.

/** Inputs are cut to this many characters before any regex runs: bounds the work on hostile or huge bodies. */
export const MAX_TEXT_CHARS = 50_000;

const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th' };

/**
 * Lower-cases, removes accents (NFKD + combining marks), maps ß/æ/œ/ø, unifies apostrophes, dashes and quotes,
 * and collapses runs of spaces and tabs. Newlines are kept (line structure matters for titles and quotes).
 */
export function foldText(input: string): string {
  return input
    .slice(0, MAX_TEXT_CHARS)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłþ]/g, (c) => LIGATURES[c] ?? c)
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00a0/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v]+/g, ' ');
}

/** Folded text on one line: every whitespace run becomes one space. Phrase cues may then span line breaks. */
export function foldFlat(input: string): string {
  return foldText(input).replace(/\s+/g, ' ').trim();
}

/** The words (letters and digits) of already folded text. */
export function wordsOf(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
}

/**
 * German written without umlauts ("Auftragsbestaetigung", "ueberweisen", "faellig"), folded like the umlaut
 * spelling. Only ever used as a second reading beside the folded text (Dutch "goed" must stay "goed").
 */
export function undoUmlautTransliteration(folded: string): string {
  return folded.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
}
