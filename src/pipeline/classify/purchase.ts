// What a shop's or an app's receipt shows that a payment confirmation does not: the purchase itself, as priced
// lines (items, shipping, a total), and that it was paid at the purchase ("Total paid", "Paid with Visa", "Bezahlt
// mit PayPal", "Betaald met iDEAL", "Forma de pagamento: Cartão"). Such a mail is the purchase's bill even when it
// also says "thanks for your order", "your payment has been received" or "we'll tell you when it's on its way"
// (docs/email-classification.md, "After batch 15 was examined").
import { foldText } from './text.js';

/** A line that ends with an amount and has a word before it: an item, a shipping line, a total. */
const PRICED_LINE =
  /^(?=.*\p{L}{3}).*?(?:(?:[€$£]|\beur\b|\busd\b|\bgbp\b|\bchf\b|r\$) ?\d[\d.,' ]{0,14}\d|\d[\d.,']{0,14}[.,]\d{2} ?(?:[€$£]|eur|euros?|usd|gbp|chf))\s*\)?$/u;

/** A receipt's own lines: items, shipping and a total make at least three. */
export const MIN_PRICED_LINES = 3;

/** The number of lines of `text` that end with an amount. */
export function pricedLines(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) if (PRICED_LINE.test(foldText(line).trim())) count += 1;
  return count;
}
