// Summary-amount labels qualified by the tax ("Totaal excl. BTW", "Exclusief BTW", "Summe inkl. USt", "Totale IVA
// esclusa", "Montant total HT"), generated per language from total words × qualifiers. Without them the longest
// label inside such a phrase is the tax word or "total + tax word" ("BTW", "Totale IVA"), so a net or gross amount
// would be read as the tax.
import { combine, type LabelLanguage, type LabelSpec } from './label-fields.js';

interface Qualifiers {
  /** Words naming a sum that a qualifier may follow ("Total", "Gesamtbetrag", "Importe total"). */
  totals: readonly string[];
  /** Net-only sums: take "excluding tax" qualifiers only ("Subtotal excl. VAT", "Summe netto ohne USt"). */
  netTotals: readonly string[];
  /** Gross-only sums: take "including tax" qualifiers only ("Gesamtbetrag brutto inkl. MwSt"). */
  grossTotals: readonly string[];
  excluding: readonly string[];
  including: readonly string[];
  /** Qualifiers printed alone as a row label ("Exclusief BTW € 593,36"): subtotal or total, less surely. */
  aloneExcluding: readonly string[];
  aloneIncluding: readonly string[];
}

const QUALIFIERS: Record<LabelLanguage, Qualifiers> = {
  en: {
    totals: ['total', 'amount', 'invoice total', 'invoice amount', 'total amount', 'sum', 'grand total'],
    netTotals: ['subtotal', 'sub total', 'net amount', 'net total'],
    grossTotals: ['gross amount', 'gross total'],
    excluding: [
      'excl. vat',
      'excluding vat',
      'exclusive of vat',
      'ex vat',
      'ex. vat',
      'before vat',
      'net of vat',
      'vat excluded',
      'without vat',
      'excl. tax',
      'excluding tax',
      'before tax',
      'net of tax',
      'excl. gst',
      'ex gst',
      'excluding gst',
    ],
    including: [
      'incl. vat',
      'including vat',
      'inclusive of vat',
      'inc. vat',
      'vat included',
      'with vat',
      'incl. tax',
      'including tax',
      'tax included',
      'incl. gst',
      'inc. gst',
      'including gst',
    ],
    aloneExcluding: ['excluding vat', 'ex vat', 'before vat', 'excl. tax', 'before tax'],
    // Not "VAT included": on receipts it often labels the tax contained in the total.
    aloneIncluding: ['incl. vat', 'including vat', 'inc. vat'],
  },
  de: {
    totals: [
      'Summe',
      'Gesamt',
      'Gesamtbetrag',
      'Gesamtsumme',
      'Betrag',
      'Rechnungsbetrag',
      'Rechnungssumme',
      'Endbetrag',
      'Endsumme',
      'Total',
    ],
    netTotals: [
      'Netto',
      'Nettobetrag',
      'Nettosumme',
      'Zwischensumme',
      'Summe netto',
      'Gesamt netto',
      'Gesamtbetrag netto',
      'Rechnungsbetrag netto',
      'Rechnungssumme netto',
    ],
    grossTotals: [
      'Brutto',
      'Bruttobetrag',
      'Bruttosumme',
      'Summe brutto',
      'Gesamt brutto',
      'Gesamtbetrag brutto',
      'Rechnungsbetrag brutto',
      'Rechnungssumme brutto',
    ],
    excluding: [
      'exkl. MwSt',
      'exkl. USt',
      'excl. MwSt',
      'excl. USt',
      'exklusive MwSt',
      'exklusive USt',
      'ohne MwSt',
      'ohne USt',
      'ohne Umsatzsteuer',
      'ohne Mehrwertsteuer',
      'vor Steuern',
    ],
    including: [
      'inkl. MwSt',
      'inkl. USt',
      'incl. MwSt',
      'incl. USt',
      'inklusive MwSt',
      'inklusive USt',
      'mit MwSt',
      'mit USt',
      'inkl. Umsatzsteuer',
      'inkl. Mehrwertsteuer',
    ],
    aloneExcluding: ['exkl. MwSt', 'exkl. USt', 'ohne MwSt', 'ohne USt'],
    aloneIncluding: ['inkl. MwSt', 'inkl. USt'],
  },
  fr: {
    totals: ['Total', 'Montant', 'Montant total', 'Total facture', 'Prix total', 'Total général'],
    netTotals: ['Sous-total', 'Total net', 'Montant net'],
    grossTotals: [],
    excluding: ['HT', 'H.T.', 'hors taxes', 'hors taxe', 'hors TVA', 'HTVA'],
    including: ['TTC', 'T.T.C.', 'TVA comprise', 'TVA incluse', 'TVAC', 'toutes taxes comprises'],
    aloneExcluding: ['Hors taxes', 'Hors TVA', 'HTVA'],
    aloneIncluding: ['TVA comprise', 'TVA incluse', 'TVAC'],
  },
  es: {
    totals: ['Total', 'Importe', 'Importe total', 'Total factura', 'Total de la factura', 'Suma'],
    netTotals: ['Subtotal', 'Importe neto', 'Total neto', 'Base imponible'],
    grossTotals: [],
    excluding: [
      'sin IVA',
      'IVA excluido',
      'IVA no incluido',
      'antes de IVA',
      'excl. IVA',
      'sin impuestos',
      'antes de impuestos',
    ],
    including: [
      'con IVA',
      'IVA incluido',
      'IVA incl.',
      'incl. IVA',
      'IVA inclusive',
      'con impuestos',
      'impuestos incluidos',
    ],
    aloneExcluding: ['Sin IVA', 'IVA excluido', 'IVA no incluido'],
    aloneIncluding: ['Con IVA', 'IVA incluido'],
  },
  it: {
    totals: ['Totale', 'Importo', 'Importo totale', 'Totale fattura', 'Totale documento', 'Totale complessivo'],
    netTotals: ['Subtotale', 'Totale netto', 'Imponibile', 'Totale imponibile'],
    grossTotals: ['Totale lordo'],
    excluding: [
      'IVA esclusa',
      'IVA escl.',
      'esclusa IVA',
      'escluso IVA',
      'senza IVA',
      'al netto di IVA',
      'al netto IVA',
      'netto IVA',
    ],
    including: [
      'IVA inclusa',
      'IVA compresa',
      'IVA incl.',
      'inclusa IVA',
      'incluso IVA',
      'compresa IVA',
      'compreso IVA',
      'con IVA',
    ],
    aloneExcluding: ['IVA esclusa', 'Senza IVA', 'Escluso IVA'],
    aloneIncluding: ['IVA inclusa', 'IVA compresa', 'Compreso IVA'],
  },
  nl: {
    totals: ['Totaal', 'Totaalbedrag', 'Totaal bedrag', 'Bedrag', 'Factuurbedrag', 'Factuur totaal'],
    netTotals: ['Subtotaal', 'Netto bedrag', 'Nettobedrag'],
    grossTotals: ['Eindtotaal', 'Eindbedrag'],
    excluding: ['excl. BTW', 'exclusief BTW', 'ex. BTW', 'zonder BTW'],
    including: ['incl. BTW', 'inclusief BTW', 'inc. BTW', 'met BTW'],
    aloneExcluding: ['Exclusief BTW', 'Excl. BTW', 'Ex. BTW', 'Zonder BTW'],
    aloneIncluding: ['Inclusief BTW', 'Incl. BTW'],
  },
};

type Variants = Partial<Record<LabelLanguage, readonly string[]>>;

function byLanguage(pick: (q: Qualifiers) => readonly string[]): Variants {
  const variants: Variants = {};
  for (const [language, qualifiers] of Object.entries(QUALIFIERS) as Array<[LabelLanguage, Qualifiers]>) {
    variants[language] = pick(qualifiers);
  }
  return variants;
}

export const TAX_QUALIFIED_LABELS: readonly LabelSpec[] = [
  { field: 'subtotal', variants: byLanguage((q) => combine([...q.totals, ...q.netTotals], q.excluding)) },
  { field: 'total', variants: byLanguage((q) => combine([...q.totals, ...q.grossTotals], q.including)) },
  // A qualifier alone names the sum less surely: it also qualifies column headers and notes ("Prijzen zijn
  // inclusief BTW"); the weight matches the other generic amount words ("Netto", "HT", "TTC").
  { field: 'subtotal', weight: 0.7, variants: byLanguage((q) => q.aloneExcluding) },
  { field: 'total', weight: 0.7, variants: byLanguage((q) => q.aloneIncluding) },
];
