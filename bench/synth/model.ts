// One synthetic document's content, drawn from the seed: parties, numbers, dates, lines and totals, each with the
// exact string the page prints. Arithmetic is in integer cents, so qty x price = amount, subtotal + tax = total
// and every rounding is the one printed; the label is made from the same numbers.
import type { CanonicalLabel, LabelLine } from '../accuracy/manifest.js';
import { addDays, formatDate, formatMoney, formatQuantity, formatRate, isoDate, type CalendarDate } from './format.js';
import type { CurrencyStyle, Locale, NumberStyle } from './locales.js';
import type { Rng } from './random.js';
import { INVOICE_ITEMS, RECEIPT_ITEMS, type ItemKind } from './items.js';
import { companyName, party, personName, type Party } from './vocab.js';
import { WORDS, type Language, type Words } from './words.js';

export type DocumentType = 'invoice' | 'receipt';

export interface Distractor {
  kind: 'customerNumber' | 'deliveryDate' | 'servicePeriod';
  value: string;
}

export interface ModelLine {
  description: string;
  /** Printed under the description on a second line, or '' when it is not. */
  detail: string;
  quantity: string;
  unitPrice: string;
  /** Percent, printed in a discount column when the template has one ('' = none). */
  discount: string;
  taxRate: string;
  amount: string;
  label: LabelLine;
  /** Index into `taxGroups` when the document charges more than one rate. */
  group?: number;
}

/** One tax rate of a document that charges several: what its lines add up to, as printed. */
export interface TaxGroup {
  /** The letter a till prints after each amount ("A", "B"). */
  letter: string;
  /** As printed ("19 %"). */
  rate: string;
  /** In cents: layouts print them with or without the currency. */
  net: number;
  tax: number;
  gross: number;
}

export interface DocumentModel {
  type: DocumentType;
  locale: Locale;
  words: Words;
  numberStyle: NumberStyle;
  currency: CurrencyStyle;
  vendor: Party;
  /** Invoices only. */
  buyer: Party | null;
  number: string;
  orderNumber: string | null;
  /** Unlabelled look-alikes printed among the key fields (customer number, delivery date, service period). */
  distractors: Distractor[];
  date: string;
  dueDate: string | null;
  paymentDays: number;
  lines: ModelLine[];
  hasDiscounts: boolean;
  taxRate: string;
  /** The totals as printed, with their currency (table cells may print bare numbers). */
  subtotal: string;
  tax: string;
  total: string;
  /** Receipts: tax included in the prices (EU tills) rather than added (US). */
  taxIncluded: boolean;
  cash: string | null;
  change: string | null;
  label: CanonicalLabel;
  /** Every labelled value as the page prints it, for checking a rendering against its label. */
  printed: string[];
  /** The issue date, and this document's way of printing a date (for the other dates a layout prints). */
  issued: CalendarDate;
  printDate: (d: CalendarDate) => string;
  /** Set when the lines carry different tax rates (bench/synth/variants.ts). */
  taxGroups?: TaxGroup[];
  /** A credit note's reference to the invoice it corrects (printed, never labelled). */
  credited?: { number: string; date: string };
}

function invoiceNumber(rng: Rng, year: number): string {
  const n = rng.int(1, 99999);
  return rng.pick([
    `${year}-${String(n).padStart(5, '0')}`,
    `INV-${String(n).padStart(4, '0')}`,
    `${String(rng.int(1000, 999999))}`,
    `RE${year}${String(n % 1000).padStart(3, '0')}`,
    `F${String(year).slice(2)}/${String(n % 10000).padStart(4, '0')}`,
  ]);
}

function drawDate(rng: Rng): CalendarDate {
  // Day 1-28 in every month keeps day-first and month-first readings distinct often enough (and sometimes not).
  return { year: rng.int(2019, 2026), month: rng.int(1, 12), day: rng.int(1, 28) };
}

/** Share of invoices with 18-45 lines, most of which run past the first page. */
const LONG_INVOICE_SHARE = 0.12;

interface Drawn {
  description: string;
  detail: string;
  quantity: number;
  unitCents: number;
  discountPercent: number;
  amountCents: number;
}

function drawLines(
  rng: Rng,
  type: DocumentType,
  locale: Locale,
  discounts: boolean,
  items: Record<Language, readonly ItemKind[]> | undefined,
): Drawn[] {
  const pool = items
    ? items[locale.language]
    : type === 'receipt'
      ? RECEIPT_ITEMS[locale.language]
      : INVOICE_ITEMS[locale.language];
  // Some invoices are long enough that their table continues on a second or third page.
  const long = type === 'invoice' && rng.chance(LONG_INVOICE_SHARE);
  const count = long ? rng.int(18, 45) : type === 'receipt' ? rng.int(2, 9) : rng.int(1, 8);
  // Distinct items first; a long invoice repeats some (a service billed every week).
  const kinds = rng.sample(pool, count);
  while (kinds.length < count) kinds.push(rng.pick(pool));
  return kinds.map((kind) => {
    // Quantities in hundredths: hours may be 1.5 or 7.25; pieces are whole.
    const quantity = kind.hourly
      ? rng.int(2, 32) * 25
      : type === 'receipt'
        ? rng.pick([100, 100, 100, 200, 300])
        : rng.int(1, 12) * 100;
    const unitCents = Math.max(50, Math.round((kind.price * (0.7 + rng.next() * 0.6)) / 5) * 5);
    const discountPercent = discounts && rng.chance(0.4) ? rng.pick([5, 10, 15, 20]) : 0;
    const gross = (quantity * unitCents) / 100;
    const amountCents = Math.round((gross * (100 - discountPercent)) / 100);
    return { description: kind.description, detail: kind.detail, quantity, unitCents, discountPercent, amountCents };
  });
}

export function drawModel(
  rng: Rng,
  type: DocumentType,
  locale: Locale,
  options: {
    discounts: boolean;
    singleQuantityUnprinted?: boolean;
    /** The goods or services billed, when not the document type's usual ones (hourly services). */
    items?: Record<Language, readonly ItemKind[]>;
  },
): DocumentModel {
  const words = WORDS[locale.language];
  const numberStyle = rng.pick(locale.numberStyles);
  const currency = rng.pick(locale.currencies);
  const money = (cents: number, withCurrency: boolean) =>
    formatMoney(cents, numberStyle, withCurrency ? currency : null);
  const dateStyle = rng.pick(locale.dateStyles);
  const date = drawDate(rng);
  const paymentDays = rng.pick([7, 14, 30, 30, 45, 60]);
  // Shops often print their trading name without the legal form.
  const vendor = party(rng, locale.country, companyName(rng, locale.country, !(type === 'receipt' && rng.chance(0.4))));
  const buyer =
    type === 'invoice'
      ? party(
          rng,
          locale.country,
          rng.chance(0.75) ? companyName(rng, locale.country) : personName(rng, locale.country),
        )
      : null;
  const number = type === 'receipt' ? String(rng.int(1000, 99999)) : invoiceNumber(rng, date.year);
  const orderNumber = type === 'invoice' && rng.chance(0.35) ? `PO-${rng.int(10000, 99999)}` : null;
  const drawn = drawLines(rng, type, locale, options.discounts, options.items);
  const rate = rng.chance(0.8) ? (locale.taxRates[0] as number) : rng.pick(locale.taxRates);
  const sum = drawn.reduce((s, l) => s + l.amountCents, 0);
  // EU tills print prices with tax included and state the tax inside the total; US tills and invoices add it.
  const taxIncluded = type === 'receipt' && locale.country !== 'US';
  const taxCents = taxIncluded ? sum - Math.round(sum / (1 + rate)) : Math.round(sum * rate);
  const subtotalCents = taxIncluded ? sum - taxCents : sum;
  const totalCents = subtotalCents + taxCents;
  const printedRate = formatRate(rate, numberStyle, locale.language !== 'en');
  const lineCurrency = rng.chance(0.3);
  const lines: ModelLine[] = drawn.map((l) => {
    const multiLine = type === 'invoice' && l.detail !== '' && rng.chance(0.35);
    const description = l.description;
    return {
      description,
      detail: multiLine ? l.detail : '',
      quantity: formatQuantity(l.quantity, numberStyle),
      unitPrice: money(l.unitCents, lineCurrency),
      discount: l.discountPercent > 0 ? `${l.discountPercent}${locale.language === 'en' ? '' : ' '}%` : '',
      taxRate: printedRate,
      amount: money(l.amountCents, lineCurrency),
      // Labels hold what the page prints: no quantity or unit price where the layout leaves them out.
      label:
        options.singleQuantityUnprinted && l.quantity === 100
          ? { description, amount: l.amountCents / 100 }
          : {
              description: multiLine ? `${description} ${l.detail}` : description,
              quantity: l.quantity / 100,
              unit_price: l.unitCents / 100,
              amount: l.amountCents / 100,
            },
    };
  });
  let cash: string | null = null;
  let change: string | null = null;
  if (type === 'receipt' && rng.chance(0.6)) {
    const tendered = Math.ceil(totalCents / 500) * 500 + rng.pick([0, 500, 1000, 2000]);
    cash = money(tendered, false);
    change = money(tendered - totalCents, false);
  }
  const printedDate = formatDate(date, dateStyle, words.months);
  const distractors: Distractor[] = [];
  if (type === 'invoice') {
    const print = (d: CalendarDate) => formatDate(d, dateStyle, words.months);
    if (rng.chance(0.4)) distractors.push({ kind: 'customerNumber', value: String(rng.int(10000, 999999)) });
    // Goods are delivered before they are billed; a service is billed for the month it was given.
    if (rng.chance(0.3)) distractors.push({ kind: 'deliveryDate', value: print(addDays(date, -rng.int(1, 10))) });
    else if (rng.chance(0.2)) {
      const start = addDays({ ...date, day: 1 }, -28);
      const first = { ...start, day: 1 };
      distractors.push({ kind: 'servicePeriod', value: `${print(first)} - ${print(addDays(first, 27))}` });
    }
  }
  const due = type === 'invoice' && rng.chance(0.7) ? addDays(date, paymentDays) : null;
  const model: DocumentModel = {
    type,
    locale,
    words,
    numberStyle,
    currency,
    vendor,
    buyer,
    number,
    orderNumber,
    distractors,
    date: printedDate,
    dueDate: due ? formatDate(due, dateStyle, words.months) : null,
    paymentDays,
    lines,
    hasDiscounts: drawn.some((l) => l.discountPercent > 0),
    taxRate: printedRate,
    subtotal: money(subtotalCents, true),
    tax: money(taxCents, true),
    total: money(totalCents, true),
    taxIncluded,
    cash,
    change,
    label: {},
    printed: [],
    issued: date,
    printDate: (d) => formatDate(d, dateStyle, words.months),
  };
  const label: CanonicalLabel = {
    invoice_number: number,
    invoice_date: isoDate(date),
    ...(due ? { due_date: isoDate(due) } : {}),
    vendor_name: vendor.name,
    ...(buyer ? { buyer_name: buyer.name } : {}),
    currency: currency.code,
    ...(orderNumber ? { po_number: orderNumber } : {}),
    // A receipt with tax included prints no subtotal line: its net figure is not labelled.
    ...(taxIncluded ? {} : { subtotal: subtotalCents / 100 }),
    tax: taxCents / 100,
    total: totalCents / 100,
    line_items: lines.map((l) => l.label),
    document_type: type,
  };
  model.label = label;
  model.printed = printedValues(model);
  return model;
}

/** Every labelled value as the page prints it (again after a variant changes the model). */
export function printedValues(model: DocumentModel): string[] {
  return [
    model.number,
    model.date,
    ...(model.dueDate ? [model.dueDate] : []),
    model.vendor.name,
    ...(model.buyer ? [model.buyer.name] : []),
    ...(model.orderNumber ? [model.orderNumber] : []),
    ...(model.taxIncluded ? [] : [model.subtotal]),
    model.tax,
    model.total,
    ...model.lines.flatMap((l) => [l.description, l.amount]),
  ];
}
