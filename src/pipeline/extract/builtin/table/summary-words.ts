// Words that open the block under a receipt's item lines: sums, tax and the payment (tendered, change, card). A
// line opening with one of them is never an item, and the item lines end there. Typed per language so that a
// language added to the list type must be filled in. Kept here until the shared label dictionary in parse/ covers
// payment words and Indonesian, Romanian and Czech (see docs/line-items.md).
type ReceiptLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'id' | 'ro' | 'cs';

const SUMMARY_WORDS: Record<ReceiptLanguage, readonly string[]> = {
  en: [
    'total',
    'subtotal',
    'sub total',
    'sub-total',
    'grand total',
    'net total',
    'net amount',
    'net',
    'amount due',
    'balance due',
    'balance',
    'tax',
    'sales tax',
    'vat',
    'gst',
    'hst',
    'cash',
    'change',
    'tendered',
    'card',
    'visa',
    'mastercard',
    'amex',
    'debit',
    'credit',
    'payment',
    'paid',
    'gratuity',
    'rounding',
  ],
  de: [
    'summe',
    'netto',
    'zwischensumme',
    'gesamt',
    'gesamtbetrag',
    'endbetrag',
    'zu zahlen',
    'betrag',
    'mwst',
    'mehrwertst',
    'ust',
    'steuer',
    'bar',
    'geg',
    'gegeben',
    'rückgeld',
    'ruckgeld',
    'wechselgeld',
    'ec-karte',
    'karte',
    'kartenzahlung',
    'zahlung',
  ],
  fr: ['total', 'sous-total', 'sous total', 'tva', 'espèces', 'especes', 'rendu', 'monnaie', 'carte', 'cb', 'payé'],
  es: [
    'total',
    'subtotal',
    'base imponible',
    'iva',
    'efectivo',
    'cambio',
    'tarjeta',
    'pago',
    'entregado',
    'importe total',
  ],
  it: ['totale', 'subtotale', 'imponibile', 'iva', 'contanti', 'contante', 'resto', 'carta', 'pagamento', 'bancomat'],
  nl: ['totaal', 'subtotaal', 'netto', 'btw', 'contant', 'wisselgeld', 'pin', 'betaald', 'kaart'],
  id: ['total', 'subtotal', 'sub total', 'jumlah', 'pajak', 'ppn', 'tunai', 'kembali', 'kembalian', 'bayar', 'kartu'],
  ro: ['total', 'subtotal', 'tva', 'numerar', 'rest', 'card', 'plata', 'plată'],
  cs: ['celkem', 'mezisoučet', 'dph', 'hotově', 'hotovost', 'vráceno', 'karta', 'platba', 'k úhradě'],
};

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Text that opens with one of `words` (any language, folded), then no further letter. Longest first, so "sub total"
 * wins over "sub"; written as one alternation over folded text.
 */
function opensWith(words: Record<ReceiptLanguage, readonly string[]>): RegExp {
  const alternatives = [...new Set(Object.values(words).flat().map(fold))]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*'));
  return new RegExp(`^[\\s*#-]*(?:${alternatives.join('|')})(?![\\p{L}])`, 'u');
}

const PATTERN = opensWith(SUMMARY_WORDS);

/** German writes sums as compounds ("Gesamtbeitrag", "Rechnungsbetrag", "Endsumme", "Versicherungsteuer"). */
const COMPOUND_END = /^[\s*#-]*\p{L}*(?:summe|betrag|beitrag|steuer)(?![\p{L}])/u;

/** True when the text opens with a sum, tax or payment word ("SUMME", "Geg. BAR", "SALES TAX A=9.625%", "CARD"). */
export function opensSummary(text: string): boolean {
  const folded = fold(text);
  if (PATTERN.test(folded) || COMPOUND_END.test(folded)) return true;
  // OCR may split the opening word at a narrow gap between letters ("Zwi schensumme", "TOT AL").
  const rejoined = folded.replace(/^([\s*#-]*\p{L}+) (\p{L}+)/u, '$1$2');
  return rejoined !== folded && (PATTERN.test(rejoined) || COMPOUND_END.test(rejoined));
}

/**
 * Allowances on the whole invoice: printed under the subtotal ("Zwischensumme ... / Rabatt von 1500 € (Coupon):
 * −1500.00 €"), they reduce the sum of the items and are not an item of their own.
 */
const ALLOWANCE_WORDS: Record<ReceiptLanguage, readonly string[]> = {
  en: ['discount', 'coupon', 'voucher', 'allowance', 'rebate', 'promotion'],
  de: ['rabatt', 'nachlass', 'skonto', 'gutschein', 'coupon'],
  fr: ['remise', 'rabais', 'ristourne', 'escompte', 'bon de réduction', 'coupon'],
  es: ['descuento', 'bonificación', 'cupón', 'vale'],
  it: ['sconto', 'abbuono', 'buono', 'coupon'],
  nl: ['korting', 'waardebon', 'coupon'],
  id: ['diskon', 'potongan', 'voucher'],
  ro: ['reducere', 'discount', 'voucher'],
  cs: ['sleva', 'kupon', 'voucher'],
};

const ALLOWANCE = opensWith(ALLOWANCE_WORDS);

/** True when the text opens with an allowance word ("Rabatt von 1500 €", "Discount (10%)", "Remise"). */
export function opensAllowance(text: string): boolean {
  return ALLOWANCE.test(fold(text));
}
