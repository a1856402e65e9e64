// Printing values the way the chosen locale and style do. Amounts are integer cents throughout, so what is printed
// is exactly what the label says (no floating-point rounding between the two).
import type { CurrencyStyle, DateStyle, NumberStyle } from './locales.js';

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export function isoDate(d: CalendarDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function formatDate(d: CalendarDate, style: DateStyle, months: readonly string[]): string {
  if (style.kind === 'numeric') {
    const pad = (n: number) => (style.pad ? String(n).padStart(2, '0') : String(n));
    const parts =
      style.order === 'mdy'
        ? [pad(d.month), pad(d.day), String(d.year)]
        : style.order === 'dmy'
          ? [pad(d.day), pad(d.month), String(d.year)]
          : [String(d.year), pad(d.month), pad(d.day)];
    return parts.join(style.separator);
  }
  const month = months[d.month - 1] ?? '';
  const capital = month.charAt(0).toUpperCase() + month.slice(1);
  return style.pattern
    .replace('{Month}', capital)
    .replace('{month}', month)
    .replace('{Mon}', capital.slice(0, 3))
    .replace('{dd}', String(d.day).padStart(2, '0'))
    .replace('{d}', String(d.day))
    .replace('{yyyy}', String(d.year));
}

/** A fixed-point number given in hundredths (cents, or hundredths of a unit for quantities). */
export function formatHundredths(value: number, style: NumberStyle, decimals: 0 | 2 = 2): string {
  const negative = value < 0;
  const abs = Math.abs(value);
  const whole = String(Math.floor(abs / 100));
  const grouped = style.group === '' ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  const fraction = decimals === 2 ? `${style.decimal}${String(abs % 100).padStart(2, '0')}` : '';
  return `${negative ? '-' : ''}${grouped}${fraction}`;
}

/** A quantity: whole numbers print without decimals, 1.5 hours as "1.5" / "1,5". */
export function formatQuantity(hundredths: number, style: NumberStyle): string {
  if (hundredths % 100 === 0) return String(hundredths / 100);
  const text = formatHundredths(hundredths, style, 2);
  return text.replace(/0$/, '');
}

export function formatMoney(cents: number, style: NumberStyle, currency: CurrencyStyle | null): string {
  const number = formatHundredths(cents, style);
  if (!currency) return number;
  const mark = currency.useCode ? currency.code : currency.symbol;
  const gap = currency.space || currency.useCode ? ' ' : '';
  return currency.position === 'before' ? `${mark}${gap}${number}` : `${number}${gap}${mark}`;
}

/** A tax rate as printed: "19 %", "8.25%", "5,5 %". */
export function formatRate(rate: number, style: NumberStyle, space: boolean): string {
  const hundredths = Math.round(rate * 10000);
  const text =
    hundredths % 100 === 0 ? String(hundredths / 100) : formatHundredths(hundredths, style).replace(/0$/, '');
  return `${text}${space ? ' ' : ''}%`;
}
