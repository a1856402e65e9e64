// Changes some of the second author's families make to a drawn document before it is laid out: lines at two tax
// rates (EU invoices with reduced-rate goods, tills with tax letters A/B) and credit notes. Each recomputes the
// totals in integer cents and rebuilds the label and the printed values from the same numbers, as drawModel does.
import { addDays, formatMoney, formatRate } from './format.js';
import { printedValues, type DocumentModel, type TaxGroup } from './model.js';
import type { Rng } from './random.js';
import type { Language } from './words.js';

const cents = (value: unknown) => Math.round(Number(value) * 100);

/**
 * Gives each line the standard or the reduced rate and sums the tax per rate, each rate's tax rounded once (as
 * VAT summaries print it). Tax added to the net amounts on invoices, contained in the gross amounts on EU tills.
 */
export function withTwoRates(model: DocumentModel, rng: Rng): void {
  const rates = model.locale.taxRates.slice(0, 2);
  const groupOf = model.lines.map((): number => (rng.chance(0.55) ? 0 : 1));
  // Two lines or more always show both rates: that is what the family is about.
  if (model.lines.length >= 2 && new Set(groupOf).size === 1) groupOf[groupOf.length - 1] = 1 - (groupOf[0] ?? 0);
  const money = (c: number) => formatMoney(c, model.numberStyle, model.currency);
  const groups: TaxGroup[] = [];
  let net = 0;
  let tax = 0;
  let gross = 0;
  rates.forEach((rate, g) => {
    const members = model.lines.filter((_, i) => groupOf[i] === g);
    if (members.length === 0) return;
    const sum = members.reduce((s, l) => s + cents(l.label.amount), 0);
    const groupTax = model.taxIncluded ? sum - Math.round(sum / (1 + rate)) : Math.round(sum * rate);
    const groupNet = model.taxIncluded ? sum - groupTax : sum;
    const printedRate = formatRate(rate, model.numberStyle, model.locale.language !== 'en');
    groups.push({
      letter: String.fromCharCode(65 + g),
      rate: printedRate,
      net: groupNet,
      tax: groupTax,
      gross: groupNet + groupTax,
    });
    members.forEach((l) => {
      l.taxRate = printedRate;
      l.group = groups.length - 1;
    });
    net += groupNet;
    tax += groupTax;
    gross += groupNet + groupTax;
  });
  model.taxGroups = groups;
  model.subtotal = money(net);
  model.tax = money(tax);
  model.total = money(gross);
  model.label = {
    ...model.label,
    ...(model.taxIncluded ? {} : { subtotal: net / 100 }),
    tax: tax / 100,
    total: gross / 100,
  };
  model.printed = printedValues(model);
}

const CREDIT_PREFIX: Record<Language, readonly string[]> = {
  en: ['CN-', 'CR'],
  de: ['GS-', 'GU'],
  fr: ['AV-', 'AVO'],
  es: ['R-', 'AB'],
  it: ['NC-', 'NC/'],
  nl: ['CN-', 'CRED'],
};

/**
 * A credit note for part of an earlier invoice: its own number, a reference to that invoice (number and date,
 * printed as look-alikes), no due date. The label holds negative amounts (a credit, as the datasets' README allows;
 * the benchmark compares them without sign); the page prints the totals with a minus or without (half each).
 */
export function asCreditNote(model: DocumentModel, rng: Rng): void {
  const year = model.issued.year;
  const credited = model.number;
  model.number = `${rng.pick(CREDIT_PREFIX[model.locale.language])}${year}${String(rng.int(1, 9999)).padStart(4, '0')}`;
  model.credited = {
    number: credited,
    date: model.printDate(addDays(model.issued, -rng.int(5, 40))),
  };
  model.dueDate = null;
  model.orderNumber = null;
  const minus = rng.chance(0.5);
  const signed = (printed: string) => (minus ? `-${printed}` : printed);
  model.subtotal = signed(model.subtotal);
  model.tax = signed(model.tax);
  model.total = signed(model.total);
  const { due_date: _due, po_number: _po, ...rest } = model.label;
  const negative = (value: unknown) => -cents(value) / 100;
  model.label = {
    ...rest,
    invoice_number: model.number,
    ...(rest.subtotal !== undefined ? { subtotal: negative(rest.subtotal) } : {}),
    tax: negative(rest.tax),
    total: negative(rest.total),
    document_type: 'credit_note',
  };
  model.printed = printedValues(model);
}
