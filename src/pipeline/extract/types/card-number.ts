// Card numbers on statements. Security: a result may hold the last four digits of a card and nothing more, so
// full card numbers (PANs) are recognised (13-19 digits, Luhn-valid, possibly grouped) and masked wherever text
// leaves the extractor: descriptions, raw provenance, names. Masked forms ("XXXX XXXX XXXX 1234", "**** 1234",
// "•••• 1234", "ending in 1234") give their last four digits.

export interface FoundCardNumber {
  last4: string;
  /** Offset and length of the whole card number (mask characters included) in the text. */
  index: number;
  length: number;
  /** True when the text printed the full number (it must never be stored). */
  full: boolean;
}

const MASK = '[Xx*•·#]';
/** Groups of digits or mask characters, ending in four digits: "XXXX XXXX XXXX 1234", "4111-1111-1111-1111". */
const GROUPED = new RegExp(`(?<![\\p{L}\\p{N}])((?:(?:${MASK}|\\d){2,6}[ -]?){1,4})(\\d{4})(?![\\p{L}\\p{N}])`, 'gu');
/** "ending in 1234", "endet auf 1234", "se terminant par 1234", "terminada en 1234", "che termina con 1234". */
const ENDING_IN =
  /(?:ending(?:\s+in|\s+with)?|ends\s+in|endend\s+(?:auf|mit)|endet\s+(?:auf|mit)|terminant\s+par|termin(?:ada|ando)\s+en|termina(?:nte)?\s+(?:con|in|en)|eindigend\s+(?:op|met)|eindigt\s+op)\s*[:#]?\s*(\d{4})(?![\p{L}\p{N}])/giu;
const MASK_CHARS = new RegExp(MASK, 'gu');
const FULL_PAN = /(?<![\p{N}])(?:\d[ -]?){12,18}\d(?![\p{N}])/gu;

/** Luhn check digit validation, the checksum every payment card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Card numbers in a text, masked or full, in order of appearance. */
export function findCardNumbers(text: string): FoundCardNumber[] {
  const found: FoundCardNumber[] = [];
  const scanned = text.slice(0, 2_000);
  for (const m of scanned.matchAll(GROUPED)) {
    const whole = m[0];
    const compact = whole.replace(/[ -]/g, '');
    const masked = (compact.match(MASK_CHARS) ?? []).length;
    const digitsOnly = /^\d+$/.test(compact);
    if (digitsOnly) {
      if (compact.length < 13 || compact.length > 19 || !luhnValid(compact)) continue;
    } else if (masked < 4 || compact.length < 8 || compact.length > 19) {
      continue;
    }
    found.push({ last4: m[2] as string, index: m.index, length: whole.length, full: digitsOnly });
  }
  for (const m of scanned.matchAll(ENDING_IN)) {
    const digits = m[1] as string;
    const index = m.index + m[0].length - digits.length;
    if (found.some((f) => index >= f.index && index < f.index + f.length)) continue;
    found.push({ last4: digits, index, length: 4, full: false });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The text with every Luhn-valid 13-19 digit number replaced by "•••• " and its last four digits. */
export function maskCardNumbers(text: string): string {
  return text.replace(FULL_PAN, (match) => {
    const digits = match.replace(/[ -]/g, '');
    if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) return match;
    return `•••• ${digits.slice(-4)}`;
  });
}
