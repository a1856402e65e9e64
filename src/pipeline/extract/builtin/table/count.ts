// What a quantity can be when no column says so: a positive number short enough to be a count.
import type { FoundAmount } from '../../parse/index.js';

/** Numbers with more digits before the decimal point are article numbers or GTINs, never counts. */
const MAX_QUANTITY_DIGITS = 6;

export function isPlausibleCount(n: FoundAmount): boolean {
  const whole = (n.value.split('.')[0] ?? '').replace(/\D/g, '');
  return Number(n.value) > 0 && whole.length <= MAX_QUANTITY_DIGITS;
}
