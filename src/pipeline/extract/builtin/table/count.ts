// What a quantity can be when no column says so: a positive number short enough to be a count.
import { findAmounts, type FoundAmount } from '../../parse/index.js';
import { amountHint, type DocumentHints } from '../hints.js';

/** Numbers with more digits before the decimal point are article numbers or GTINs, never counts. */
const MAX_QUANTITY_DIGITS = 6;

/**
 * `signed`: the number stands in a quantity column, where credit notes and corrections print returned goods as
 * negative counts ("-3,00"); elsewhere a negative number is an amount, never a count.
 */
export function isPlausibleCount(n: FoundAmount, signed = false): boolean {
  const whole = (n.value.split('.')[0] ?? '').replace(/\D/g, '');
  const value = Number(n.value);
  return (value > 0 || (signed && value < 0)) && whole.length <= MAX_QUANTITY_DIGITS;
}

/** A count's unit ("100,0000 Stk.", "2 pcs", "3 x", "28 Std."): what tells a quantity from a code. */
const UNIT_WORDS =
  'stk|st|stück|pcs?|pce|pieces?|x|ea|each|units?|kg|g|h|hrs?|std|min|m|m2|m²|l|pkt|pack|unidades?|uds?|pz|pezzi|stuks?';
export const UNIT_AFTER = new RegExp(`^\\s*(?:${UNIT_WORDS})(?![\\p{L}\\p{N}])`, 'iu');
/** A unit printed against its count with no space: OCR drops narrow gaps, some text layers never had one. */
const GLUED_UNIT = new RegExp(`(?<=\\d)(?=(?:${UNIT_WORDS})(?![\\p{L}\\p{N}]))`, 'giu');

/**
 * The numbers of a quantity-like cell, also when a unit is glued to its count ("28Std." -> 28, "2pcs" -> 2).
 * Offsets and `raw` refer to `text` as given.
 */
export function countsIn(text: string, hints: DocumentHints): FoundAmount[] {
  const gaps: number[] = [];
  const spaced = text.replace(GLUED_UNIT, (_match, offset: number) => {
    gaps.push(offset);
    return ' ';
  });
  const found = findAmounts(spaced, amountHint(hints));
  if (gaps.length === 0) return found;
  // Each inserted space sits right after a number's last digit, so it shifts only what starts after it.
  return found.map((n) => ({ ...n, index: n.index - gaps.filter((g) => g < n.index).length }));
}
