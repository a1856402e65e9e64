// The summary amounts: subtotal, tax, total and amount due. Labels propose candidates (value after the label, to
// its right, or under a column label); then the combination of subtotal, tax and total that is best supported AND
// adds up (subtotal + tax = total, exact decimals, one cent tolerance) wins. Amounts printed elsewhere on the page
// may close an equation ("Excl. VAT 593.36" under an unknown label) but are never taken on their own.
import { compareMoney, isMisreadShortLabel, moneyEquals, subtractMoney, sumMoney } from '../parse/index.js';
import { best, candidate, clamp01, type Candidate } from './candidates.js';
import type { DocumentHints } from './hints.js';
import type { BBox } from '../../model.js';
import { bottom, horizontalOverlap, right, unionBoxes } from './layout/geometry.js';
import { RELATION_WEIGHT, type LabelHit, type LabelIndex } from './layout/label-hits.js';
import type { Layout, Segment } from './layout/layout.js';
import { evidenceOf, runOf, type Span } from './layout/runs.js';
import { roundingAdjustment } from './rounding.js';
import { tenderedTotal } from './tendered.js';
import { moneyAmounts, readAmount } from './values.js';

export type SummaryAmountField = 'subtotal' | 'tax' | 'total' | 'amount_due';
const AMOUNT_FIELDS: readonly SummaryAmountField[] = ['subtotal', 'tax', 'total', 'amount_due'];

export interface Totals {
  subtotal: Candidate<string> | null;
  tax: Candidate<string> | null;
  total: Candidate<string> | null;
  amount_due: Candidate<string> | null;
  /**
   * Values computed rather than read: a tax that is the sum of the amounts printed per rate, or total - subtotal; an
   * amount due that is the total (nothing prepaid).
   */
  derived: { tax: boolean; amount_due: boolean };
}

type Pools = Record<SummaryAmountField, Candidate<string>[]>;
/** Per summary-table column (`columnAmounts`), the amounts (by `sumMoney` value) of its rows that print a rate. */
type Columns = Array<Set<string>>;

/** Fields a column label of a summary table may name; a specific one (net, tax) beats a bare "total". */
const HEADER_PRIORITY: Record<SummaryAmountField, number> = { subtotal: 3, tax: 3, amount_due: 2, total: 1 };

const isAmountField = (field: string): field is SummaryAmountField =>
  (AMOUNT_FIELDS as readonly string[]).includes(field);

/**
 * Amount labels of a segment grouped into clauses: labels with no amount between them describe one value
 * ("Rechnungssumme Netto (excl. USt.) 473,00" is one net amount, not a tax of 473,00). The clause's field is its
 * most confident label.
 */
function clauses(
  segment: Segment,
  labels: LabelIndex,
  hints: DocumentHints,
): Array<{ head: LabelHit; from: number; to: number }> {
  const hits = labels.inSegment(segment);
  const amountHits = hits.filter((h) => isAmountField(h.field));
  const result: Array<{ head: LabelHit; group: LabelHit[]; from: number; to: number }> = [];
  for (const hit of amountHits) {
    const last = result[result.length - 1];
    const between = last ? segment.text.slice(last.from, hit.start) : '';
    if (last && (hit.start < last.from || moneyAmounts(between, hints).length === 0)) {
      last.group.push(hit);
      last.from = Math.max(last.from, hit.end);
      continue;
    }
    result.push({ head: hit, group: [hit], from: hit.end, to: segment.text.length });
  }
  // Each clause reads up to the next clause's first label.
  for (let i = 0; i < result.length; i++) {
    const current = result[i] as (typeof result)[number];
    const next = result[i + 1];
    if (next) current.to = Math.min(...next.group.map((h) => h.start));
    current.head = current.group.reduce((a, b) => (b.confidence > a.confidence ? b : a));
  }
  return result.map(({ head, from, to }) => ({ head, from, to }));
}

/** True when the label's row holds three or more column labels: a table header, whose "Total" is a column. */
function onTableHeaderRow(hit: LabelHit, labels: LabelIndex): boolean {
  const fields = new Set<string>();
  for (const s of labels.rowSegments(hit.segment.page, hit.box)) {
    for (const h of labels.inSegment(s)) if (h.field.startsWith('line_') && h.confidence >= 0.5) fields.add(h.field);
  }
  return fields.size >= 3;
}

const PARTIAL_SUM = /^\s*(?:der|des)\s+\p{L}/iu;
/**
 * What a "total" may sum other than the money owed: savings, discounts, loyalty points, the cash paid. ("Total items
 * 1  44,900" and "TOTAL QTY: 2  4.60" do carry the sum of the items, so counts are not in the list.)
 */
const OTHER_TOTAL =
  /^\s*(?:savings?|saved|discounts?|points?|paid|tendered|ersparnis|rabatt|punkte|[ée]conomies?|remise|ahorro|descuento|risparmio|sconto|besparing|korting)(?![\p{L}])/iu;
/** A count after "total": "TOTAL ITEMS", "TOTAL QTY", "Anzahl Artikel". */
const COUNT_TOTAL = /^\s*(?:items?|qty|quantity|pcs|pieces|units?|articles?|artikel|st(?:ü|ue)ck|anzahl)(?![\p{L}])/iu;

/**
 * A tax rate right after a sum's label: the sum of one rate's items. Its digits may be OCR's look-alike letters
 * ("TOTAL O% SUPPLIES": a thermal receipt's zero read as the letter O).
 */
const PER_RATE = /^\s*[\dOoIl]{1,2}(?:[.,][\dOo]{1,2})?\s?%\s*\p{L}/u;

/** Where table headers are: their column labels ("Total", "Tax") are not summary labels. */
export interface HeaderArea {
  page: number;
  box: BBox;
}

function insideHeader(hit: LabelHit, areas: readonly HeaderArea[]): boolean {
  return areas.some(
    (a) =>
      a.page === hit.segment.page &&
      hit.box.y >= a.box.y - 1 &&
      bottom(hit.box) <= bottom(a.box) + 1 &&
      hit.box.x >= a.box.x - 1 &&
      right(hit.box) <= right(a.box) + 1,
  );
}

/** Amount labels side by side on one row ("Net  VAT  Total"): the header of a summary table. */
function summaryHeaderRow(hit: LabelHit, labels: LabelIndex, hints: DocumentHints): LabelHit[] | null {
  const segments = labels.rowSegments(hit.segment.page, hit.box);
  // A header row holds labels only; "Net 593.36   Subtotal 717.97" is two pairs on one row.
  if (segments.some((s) => moneyAmounts(s.text, hints).length > 0)) return null;
  const row = segments
    .map((s) => labels.inSegment(s).find((h) => h.atStart && isAmountField(h.field)))
    .filter((h): h is LabelHit => h !== undefined);
  return row.length >= 2 ? row.sort((a, b) => a.box.x - b.box.x) : null;
}

/**
 * The amounts in a summary-table column, top to bottom ("Nettobetrag" over one row per VAT rate and a totals
 * row). Lower rows get a little more weight: the last row of such a table is its total. `perRate` receives the
 * amounts of the rows that print a rate (one row per VAT rate).
 */
function columnAmounts(
  hit: LabelHit,
  header: readonly LabelHit[],
  labels: LabelIndex,
  hints: DocumentHints,
  perRate: Set<string>,
): Candidate<string>[] {
  const page = labels.page(hit);
  const lh = page.lineHeight;
  const next = header.find((h) => h.box.x > right(hit.box));
  const previous = [...header].reverse().find((h) => right(h.box) < hit.box.x);
  const left = previous ? right(previous.box) + lh * 0.3 : hit.box.x - 2 * lh;
  const end = next ? next.box.x - lh * 0.3 : right(hit.box) + 3 * lh;
  const found: Candidate<string>[] = [];
  let lastY = bottom(hit.box);
  for (const line of page.lines) {
    if (line.bbox.y <= bottom(hit.box) - hit.box.height * 0.3) continue;
    if (line.bbox.y - lastY > 3 * lh || found.length >= 12) break;
    const words = line.segments
      .flatMap((s) => s.words)
      .filter((w) => {
        const center = w.bbox.x + w.bbox.width / 2;
        return center >= left && center <= end;
      });
    if (words.length === 0) continue;
    const run = runOf(words, page.number, page.source);
    const amount = moneyAmounts(run.text, hints).pop();
    if (!amount) continue;
    const evidence = evidenceOf({ run, from: 0, to: run.text.length }, amount.index, amount.index + amount.length);
    if (evidence)
      found.push(candidate(amount.value, hit.confidence * 0.8 * (1 + 0.02 * found.length), evidence, 'column'));
    if (evidence && RATE.test(line.text)) perRate.add(sumMoney([amount.value]));
    lastY = line.bbox.y;
  }
  return found;
}

/** An including-tax qualifier opening a row ("incl. VAT", "inkl.", "dont TVA", "di cui IVA", "waarvan BTW"). */
const INCLUDING_OPENS =
  /^(?:incl\.?|inkl\.?|inc\.|including|inclusive|inklusive|enth\.?|enthaltene?|dont|di cui|waarvan|(?:vat|tax|tva|iva|btw|mwst\.?)\s+(?:included|incluse|inclusa|incluido|comprise|inbegrepen))(?![\p{L}])/iu;
const RATE = /\d\s?%/;
/**
 * A sentence saying the total includes a tax at a rate ("TOTAL INCLUDES 6% GST 1.44", "Total enthält 19% MwSt"): the
 * tax it contains follows. "TOTAL INCL. GST@6% 13.30" is the total itself.
 */
const TOTAL_INCLUDES = /^\s*(?:grand\s+)?total\s+(?:includes|contains|enth[äa]lt)\s/iu;

/**
 * "incl. VAT 20% £10.63", "dont TVA 20% 2,10", "VAT included 20% 1.60": a row opened by an including-tax qualifier
 * with a tax rate before its amount names the tax contained in a receipt's total, not the gross total (which such a
 * label means alone: "Incl. BTW € 593,36").
 */
function containedTax(head: LabelHit, rowText: string): boolean {
  if (head.field !== 'total' || !RATE.test(rowText)) return false;
  // Or said of the total in a sentence: "TOTAL INCLUDES 6% GST 1.44".
  return (head.atStart && INCLUDING_OPENS.test(rowText)) || TOTAL_INCLUDES.test(rowText);
}

/**
 * "TOTAL (GST INCL)": a label read as the tax's total ("TOTAL GST : 17.70") whose next word says the tax is included
 * (INCLUDING_OPENS, after any bracket) names the total with tax.
 */
function totalWithTaxIncluded(head: LabelHit, text: string): boolean {
  return (
    head.field === 'tax' &&
    /^\s*total/iu.test(text.slice(head.start)) &&
    INCLUDING_OPENS.test(text.slice(head.end).replace(/^[\s()[\]]+/u, ''))
  );
}

function labelledAmounts(
  layout: Layout,
  labels: LabelIndex,
  hints: DocumentHints,
  areas: readonly HeaderArea[],
  pools: Pools,
  columns: Columns,
): void {
  for (const segment of layout.segments) {
    for (const clause of clauses(segment, labels, hints)) {
      const head = clause.head;
      if (!isAmountField(head.field) || insideHeader(head, areas)) continue;
      const header = head.atStart ? summaryHeaderRow(head, labels, hints) : null;
      if (header && clause.to === segment.text.length && !/%/.test(segment.text)) {
        const perRate = new Set<string>();
        pools[head.field].push(...columnAmounts(head, header, labels, hints, perRate));
        columns.push(perRate);
        continue;
      }
      // "TOTAL SAVINGS", "Total discount", "TOTAL QTY", "TOTAL POINTS": a total of something else than what is owed.
      if (head.field === 'total' && OTHER_TOTAL.test(segment.text.slice(head.end, clause.to))) continue;
      // "TOTAL 6% SUPPLIES (EXCL. GST)", "Summe 7 %": a sum of the items at one tax rate, not the document's.
      if (
        (head.field === 'total' || head.field === 'subtotal') &&
        PER_RATE.test(segment.text.slice(head.end, clause.to))
      )
        continue;
      // "Gesamtbetrag der Abschläge": the total OF the discounts, not the invoice total.
      const partial = head.field === 'total' && PARTIAL_SUM.test(segment.text.slice(head.end, clause.to));
      const placement = (head.atStart ? 1 : 0.85) * (partial ? 0.7 : 1);
      const spans: Array<{ span: Span; weight: number }> = [
        { span: { run: segment, from: clause.from, to: clause.to }, weight: RELATION_WEIGHT.inline },
      ];
      // A label inside a sentence takes its value from the sentence only; a short cell ("Steuerbasisbetrag USt. 7%")
      // may have it beside.
      const cell = head.atStart || segment.words.length <= 5;
      if (cell && clause.to === segment.text.length) {
        const rightSpan = labels.rightOf(head, { wholeRow: true, force: true });
        if (rightSpan) spans.push({ span: rightSpan, weight: RELATION_WEIGHT.right });
        // A short label read through a misread letter ("TOTAY") takes its amount from its own row only: under it
        // sits what a column header read the same way ("Anount") heads.
        const misread = isMisreadShortLabel(head.kind, segment.text.slice(head.start, head.end));
        if (!onTableHeaderRow(head, labels) && !misread) {
          const belowSpan = labels.below(head);
          if (belowSpan) spans.push({ span: belowSpan, weight: RELATION_WEIGHT.below * 0.9 });
        }
      }
      const field = containedTax(head, segment.text.slice(head.start, clause.to))
        ? 'tax'
        : totalWithTaxIncluded(head, segment.text.slice(0, clause.to))
          ? 'total'
          : head.field;
      // Whole numbers ("Total 1939") in documents without decimals, and never after a label inside prose. In a
      // document with decimals a labelled whole number ("SUBTOTAL LESS DISCOUNT 1436" over "TOTAL TAX 100.52": an
      // office template's cell without a number format) is taken too when no span of the label holds an amount with
      // cents or a currency ("IVA 22" then "57.82 EUR" beside it: the rate, then the tax), and too weakly to be
      // reported unless subtotal + tax = total holds with it (MIN_LONE_CONFIDENCE).
      const decimals = hints.decimalSeparator !== null;
      const firstReading = (wholeNumbers: boolean) => {
        for (const { span, weight } of spans) {
          const reading = readAmount(span.run.text.slice(span.from, span.to), hints, { wholeNumbers });
          const evidence = reading ? evidenceOf(span, reading.start, reading.end) : null;
          if (reading && evidence) return { reading, evidence, weight };
        }
        return null;
      };
      const read = firstReading(head.atStart && !decimals) ?? (head.atStart && decimals ? firstReading(true) : null);
      if (!read) continue;
      const { reading, evidence, weight } = read;
      // "TOTAL ITEMS  1.00", "TOTAL QTY: 3.000": a count printed with decimals, as tills print quantities. (A count
      // label's amount with cents is the items' sum: "TOTAL QTY: 2  4.60".)
      const count = head.field === 'total' && COUNT_TOTAL.test(segment.text.slice(head.end, clause.to));
      if (count && reading.value.decimalSeparator !== null && Number.isInteger(Number(reading.value.value))) continue;
      const whole = decimals && reading.value.decimalSeparator === null && reading.value.currency === null;
      pools[field].push(
        candidate(
          reading.value.value,
          head.confidence * placement * weight * reading.quality * (whole ? WHOLE_IN_DECIMALS : 1),
          evidence,
          whole ? 'label:whole' : field === head.field ? 'label' : 'label:contained-tax',
        ),
      );
    }
  }
}

/**
 * A summary table: a row label ("Total facture") followed by several amounts, each under a column label
 * ("Montant HT", "TVA", "TTC"). Each amount is a candidate for its column's field.
 */
function summaryGrid(labels: LabelIndex, hints: DocumentHints, pools: Pools): void {
  for (const hit of labels.of(['total', 'subtotal'])) {
    if (!hit.atStart) continue;
    const page = labels.page(hit);
    const row = labels.rowSegments(page.number, hit.box);
    const rowText = row.map((s) => s.text).join('  ');
    if (moneyAmounts(rowText, hints).length < 2) continue;
    const lines = page.lines.filter((l) => l.bbox.y < hit.box.y && l.bbox.y > hit.box.y - page.lineHeight * 12);
    for (const segment of row) {
      for (const amount of moneyAmounts(segment.text, hints)) {
        const evidence = evidenceOf(
          { run: segment, from: 0, to: segment.text.length },
          amount.index,
          amount.index + amount.length,
        );
        if (!evidence) continue;
        const reach = {
          ...evidence.bbox,
          x: evidence.bbox.x - page.lineHeight,
          width: evidence.bbox.width + 2 * page.lineHeight,
        };
        let header: LabelHit | null = null;
        for (const line of [...lines].reverse()) {
          const hits = line.segments
            .flatMap((s) => labels.inSegment(s))
            .filter((h) => isAmountField(h.field) && horizontalOverlap(h.box, reach) > 0);
          if (hits.length === 0) continue;
          header = hits.reduce((a, b) =>
            HEADER_PRIORITY[b.field as SummaryAmountField] > HEADER_PRIORITY[a.field as SummaryAmountField] ? b : a,
          );
          break;
        }
        if (header)
          pools[header.field as SummaryAmountField].push(
            candidate(amount.value, 0.8 * Math.max(0.7, header.confidence), evidence, 'grid'),
          );
      }
    }
  }
}

/** Every money amount of the document by value: only used to complete an equation. */
function printedAmounts(layout: Layout, hints: DocumentHints): Map<string, Candidate<string>> {
  const byValue = new Map<string, Candidate<string>>();
  for (const segment of layout.segments) {
    for (const amount of moneyAmounts(segment.text, hints)) {
      const key = sumMoney([amount.value]);
      if (byValue.has(key)) continue;
      const evidence = evidenceOf(
        { run: segment, from: 0, to: segment.text.length },
        amount.index,
        amount.index + amount.length,
      );
      if (evidence) byValue.set(key, candidate(amount.value, 0.15, evidence, 'printed'));
    }
    if (byValue.size > 2000) break;
  }
  return byValue;
}

/** Candidates per field the solver weighs: bounds its work (cubic in this) on documents with hundreds of totals. */
const MAX_CANDIDATES = 12;

/** The best candidate per distinct value, the most confident (then the latest) first, at most MAX_CANDIDATES. */
function distinct(candidates: readonly Candidate<string>[]): Candidate<string>[] {
  const byValue = new Map<string, Candidate<string>>();
  for (const c of candidates) {
    const key = sumMoney([c.value]);
    const kept = byValue.get(key);
    if (!kept || c.confidence > kept.confidence || (c.confidence === kept.confidence && c.order > kept.order))
      byValue.set(key, c);
  }
  return [...byValue.values()]
    .sort((a, b) => b.confidence - a.confidence || b.order - a.order)
    .slice(0, MAX_CANDIDATES);
}

/**
 * Sums of tax amounts printed once per rate (two or more rows), as derived candidates: the most confident rows
 * first, so "19% ... 0,92" and "7% ... 0,20" add up without the discount lines that also mention a tax.
 */
function taxSums(taxes: readonly Candidate<string>[]): Candidate<string>[] {
  const rows = new Map<string, Candidate<string>>();
  for (const t of taxes) {
    const key = `${t.evidence.page}:${Math.round(t.evidence.bbox.y)}`;
    const kept = rows.get(key);
    if (!kept || t.confidence > kept.confidence) rows.set(key, t);
  }
  const parts = [...rows.values()]
    .filter((t) => Number(t.value) !== 0)
    .sort((a, b) => b.confidence - a.confidence || a.order - b.order);
  const sums: Candidate<string>[] = [];
  for (let k = 2; k <= Math.min(parts.length, 8); k++) {
    const used = parts.slice(0, k).sort((a, b) => a.order - b.order);
    const first = used[0] as Candidate<string>;
    const samePage = used.every((p) => p.evidence.page === first.evidence.page);
    sums.push({
      value: sumMoney(used.map((p) => p.value)),
      confidence: clamp01((used.reduce((s, p) => s + p.confidence, 0) / used.length) * 0.7),
      evidence: {
        ...first.evidence,
        bbox: samePage ? unionBoxes(used.map((p) => p.evidence.bbox)) : first.evidence.bbox,
        raw: used.map((p) => p.evidence.raw).join(' + '),
      },
      order: first.order,
      rule: 'tax-sum',
    });
  }
  return sums;
}

interface Choice {
  subtotal: Candidate<string> | null;
  tax: Candidate<string> | null;
  total: Candidate<string> | null;
  score: number;
}

const CONSISTENT_BONUS = 1;
const MIN_LONE_CONFIDENCE = 0.3;
/** A labelled whole number in a document with decimals: below MIN_LONE_CONFIDENCE even under the surest label. */
const WHOLE_IN_DECIMALS = 0.25;
const absolute = (value: string): string => value.replace(/^-/, '');
const INCONSISTENT_PENALTY = 0.3;

const isNegative = (value: string): boolean => value.startsWith('-') && Number(value) !== 0;

/**
 * How subtotal + tax = total holds: as printed, or only with the tax's sign turned (a credit note printing
 * "Rechnungssumme -7,67  Steuerbetrag 1,12  Bruttosumme -8,79"), or not at all.
 */
function adds(
  s: Candidate<string>,
  t: Candidate<string>,
  g: Candidate<string>,
  rounding: string | null = null,
): 'as-printed' | 'tax-sign' | 'rounded' | null {
  if (moneyEquals(sumMoney([s.value, t.value]), g.value)) return 'as-printed';
  if (rounding !== null && moneyEquals(sumMoney([s.value, t.value, rounding]), g.value)) return 'rounded';
  if (
    isNegative(s.value) &&
    isNegative(g.value) &&
    !isNegative(t.value) &&
    moneyEquals(subtractMoney(s.value, t.value), g.value)
  )
    return 'tax-sign';
  return null;
}

/**
 * The rows of a VAT breakdown, one per rate, add up to its totals row by construction, column by column ("B-TVA 9%
 * 2,63 31,85 / D-TVA 19% 21,89 137,10 / TOTAL TAXE 24,52": 2.63 + 21.89 is the tax in all, 31.85 + 137.10 the gross
 * total), so a subtotal and a tax that are two per-rate rows of one column prove nothing by adding up. The summary's
 * rows under the breakdown ("Sub-total", "Total VAT") print no rate and keep their proof.
 */
function columnSum(s: Candidate<string>, t: Candidate<string>, columns: Columns): boolean {
  return columns.some((column) => column.has(sumMoney([s.value])) && column.has(sumMoney([t.value])));
}

function scoreOf(
  s: Candidate<string> | null,
  t: Candidate<string> | null,
  g: Candidate<string> | null,
  lineSum: string | null,
  rounding: string | null,
  columns: Columns,
): number {
  let score = (s?.confidence ?? 0) + (t?.confidence ?? 0) + (g?.confidence ?? 0);
  // VAT is a fraction of the net amount (no rate reaches 100%): a tax larger than the subtotal is a swap, and its sum
  // proves nothing ("0.00 + 14.04 = 14.04" from a discount row, the tax and the tax summary's total).
  const swapped = s !== null && t !== null && compareMoney(absolute(t.value), absolute(s.value)) > 0;
  if (s && t && g && adds(s, t, g, rounding) && !swapped) score += columnSum(s, t, columns) ? 0 : CONSISTENT_BONUS;
  else if (s && t && g) score -= INCONSISTENT_PENALTY;
  if (s && lineSum !== null && moneyEquals(s.value, lineSum)) score += 0.3;
  if (swapped) score -= 0.5;
  return score;
}

/** Chooses subtotal, tax and total together so that they add up whenever the page allows it. */
function solve(
  { pools, columns }: Candidates,
  printed: Map<string, Candidate<string>>,
  lineSum: string | null,
  rounding: string | null,
): Choice {
  const subtotals = [null, ...distinct(pools.subtotal)];
  const taxes = [null, ...distinct(pools.tax)];
  taxes.push(...taxSums(pools.tax));
  const totals = [null, ...distinct(pools.total)];
  const lookup = (value: string): Candidate<string> | null => printed.get(sumMoney([value])) ?? null;

  let choice: Choice = { subtotal: null, tax: null, total: null, score: -Infinity };
  const consider = (s: Candidate<string> | null, t: Candidate<string> | null, g: Candidate<string> | null): void => {
    const score = scoreOf(s, t, g, lineSum, rounding, columns);
    if (score > choice.score + 1e-9) choice = { subtotal: s, tax: t, total: g, score };
  };
  for (const g of totals) {
    for (const s of subtotals) {
      for (const t of taxes) consider(s, t, g);
      // A missing tax that the page prints elsewhere: total - subtotal.
      if (g && s) {
        const t = lookup(subtractMoney(g.value, s.value));
        if (t) consider(s, { ...t, rule: 'printed-tax' }, g);
      }
    }
    if (!g) {
      // A total that no label names but the page prints (as "amount due", say): subtotal + tax.
      for (const s of subtotals) {
        for (const t of taxes) {
          if (!s || !t) continue;
          const found = lookup(sumMoney([s.value, t.value]));
          if (found) consider(s, t, { ...found, rule: 'printed-total' });
        }
      }
    }
    if (g) {
      for (const t of taxes) {
        if (!t) continue;
        const s = lookup(subtractMoney(g.value, t.value));
        if (s) consider({ ...s, rule: 'printed-subtotal' }, t, g);
      }
    }
  }
  return choice;
}

interface Candidates {
  pools: Pools;
  columns: Columns;
}

function collectCandidates(
  layout: Layout,
  labels: LabelIndex,
  hints: DocumentHints,
  areas: readonly HeaderArea[],
): Candidates {
  const pools: Pools = { subtotal: [], tax: [], total: [], amount_due: [] };
  const columns: Columns = [];
  labelledAmounts(layout, labels, hints, areas, pools, columns);
  summaryGrid(labels, hints, pools);
  return { pools, columns };
}

/** Every labelled candidate per summary field, before the arithmetic chooses (exported for tests and tuning). */
export function amountCandidates(
  layout: Layout,
  labels: LabelIndex,
  hints: DocumentHints,
  areas: readonly HeaderArea[] = [],
): Pools {
  return collectCandidates(layout, labels, hints, areas).pools;
}

/**
 * Words that say part of the total was already paid (a deposit, a prepayment, a card payment at order time): then the
 * amount due is not the total, and without a printed amount due it stays unknown.
 */
const PREPAYMENT =
  /(?:prepaid|pre-paid|prepayment|already paid|amount paid|paid amount|payments? received|less payments?|(?:less |paid )deposit|deposit (?:paid|received)|anzahlung|vorauszahlung|bereits (?:bezahlt|gezahlt|beglichen|erhalten)|acompte|d[ée]j[àa] (?:pay|r[ée]gl)|anticipo|ya pagad|già pagat|vooruitbetaal|aanbetaling|reeds betaald|al betaald)/iu;

/**
 * EN 16931 defines the amount due as the total less what was prepaid (BT-115 = BT-112 - BT-113). When no amount due
 * is printed and nothing on the page speaks of a payment already made, it is the total; the field's provenance says
 * it was derived.
 */
function derivedAmountDue(total: Candidate<string> | null, prepaid: boolean): Candidate<string> | null {
  if (!total || prepaid) return null;
  return { ...total, confidence: clamp01(total.confidence * 0.8), rule: 'derived-total' };
}

/** An amount in whole 5 cents: where cash is rounded, the amount paid is (5 rappen, 5 sen, whole kronor). */
function onCoinStep(value: string): boolean {
  return Math.round(Math.abs(Number(value)) * 100) % 5 === 0;
}

/** Highest standard VAT/GST rate in use (Hungary 27%), with room for rounding: a larger "tax" is not one. */
const MAX_TAX_RATE = 0.3;

/**
 * The tax as total - subtotal, when the page names a tax (a "VAT" / "MwSt." label) whose amount could not be read
 * (a shaded row a scan lost) and the difference is a plausible rate of the subtotal.
 */
function derivedTax(s: Candidate<string>, g: Candidate<string>, labels: LabelIndex): Candidate<string> | null {
  if (!labels.of(['tax']).some((h) => h.atStart && h.confidence >= 0.5)) return null;
  const value = subtractMoney(g.value, s.value);
  const rate = Number(value) / Number(s.value);
  if (!(rate > 0 && rate <= MAX_TAX_RATE)) return null;
  return { ...g, value, confidence: clamp01(Math.min(s.confidence, g.confidence) * 0.6), rule: 'derived-tax' };
}

export function readTotals(
  layout: Layout,
  labels: LabelIndex,
  hints: DocumentHints,
  lineSum: string | null,
  areas: readonly HeaderArea[] = [],
): Totals {
  const candidates = collectCandidates(layout, labels, hints, areas);
  const { pools } = candidates;
  const prepaid = layout.lines.some((line) => PREPAYMENT.test(line.text));
  // Only "Amount due 571.04" printed (no total row, or one a scan lost): with nothing prepaid, that is the total.
  if (pools.total.length === 0 && !prepaid) {
    pools.total.push(
      ...pools.amount_due.map((c) => ({ ...c, confidence: clamp01(c.confidence * 0.85), rule: 'amount-due' })),
    );
  }
  // "TOTAL : 12.00 0.00" of a tax summary, "Total 0.00" of an empty section: a zero total is no total beside a real one.
  if (pools.total.some((c) => Number(c.value) !== 0)) pools.total = pools.total.filter((c) => Number(c.value) !== 0);
  // The last total printed is the one that counts ("Total" of a page, then "Total" of the invoice), and a grand
  // total is the largest of the totals ("Total of discounts 0.23" is not it).
  const lastTotal = pools.total.reduce<Candidate<string> | null>(
    (a, b) => (a === null || b.order > a.order ? b : a),
    null,
  );
  if (lastTotal) lastTotal.confidence = clamp01(lastTotal.confidence + 0.05);
  const largest = pools.total.reduce<Candidate<string> | null>(
    (a, b) => (a === null || compareMoney(absolute(b.value), absolute(a.value)) > 0 ? b : a),
    null,
  );
  if (largest) largest.confidence = clamp01(largest.confidence + 0.04);
  const printed = printedAmounts(layout, hints);
  // No total read: a receipt's cash lines may still tell it (tendered - change, printed on the receipt as well).
  if (pools.total.length === 0) {
    const paid = tenderedTotal(layout, hints, printed);
    if (paid) pools.total.push(paid);
  }
  const rounding = roundingAdjustment(layout);
  const choice = solve(candidates, printed, lineSum, rounding);
  // The exact total chosen, its rounded amount printed too: the amount paid is the total. An adjustment printed
  // without its sign ("TOTAL RM 30.91", "ROUNDING ADJUSTMENT RM 0.01", "TOTAL ROUNDED RM 30.90") may go either way:
  // the rounded amount is the one on the coin's step (whole 5 cents), and a total already on it stays.
  if (choice.total && rounding !== null && !(Number(rounding) > 0 && onCoinStep(choice.total.value))) {
    const rounded = [sumMoney([choice.total.value, rounding]), subtractMoney(choice.total.value, rounding)]
      .slice(0, Number(rounding) > 0 ? 2 : 1)
      .map((value) => printed.get(value))
      .find((c) => c !== undefined && (Number(rounding) < 0 || onCoinStep(c.value)));
    if (rounded && !(choice.subtotal && choice.tax && adds(choice.subtotal, choice.tax, choice.total) === 'rounded'))
      choice.total = { ...rounded, confidence: choice.total.confidence, rule: 'rounded-total' };
  }
  if (choice.subtotal && choice.tax && choice.total && adds(choice.subtotal, choice.tax, choice.total) === 'tax-sign') {
    choice.tax = { ...choice.tax, value: subtractMoney('0', choice.tax.value), rule: `${choice.tax.rule}:signed` };
  }
  // An amount taken only because it closes subtotal + tax = total is as sure as that equation, not as its label.
  // As scoreOf judges it: a column's own sum proves nothing.
  const consistent =
    choice.subtotal &&
    choice.tax &&
    choice.total &&
    adds(choice.subtotal, choice.tax, choice.total, rounding) !== null &&
    !columnSum(choice.subtotal, choice.tax, candidates.columns);
  for (const key of ['subtotal', 'tax', 'total'] as const) {
    const c = choice[key];
    if (consistent && (c?.rule.startsWith('printed') || c?.rule === 'label:whole'))
      choice[key] = { ...c, confidence: clamp01(0.6 * c.evidence.readConfidence) };
    // Alone and weak (a label word in prose, a poor OCR reading): not evidence enough to report.
    if (!consistent && c && c.confidence < MIN_LONE_CONFIDENCE) choice[key] = null;
  }
  // Every total candidate was too weak to report ("TOTAL 6 SUPPLIES" whose "%" OCR lost, read as a total of 6): the
  // amount due printed is the total, as when no total row was read at all.
  const due = best(pools.amount_due, true);
  if (!choice.total && due && !prepaid)
    choice.total = { ...due, confidence: clamp01(due.confidence * 0.85), rule: 'amount-due' };
  if (choice.subtotal && choice.total && !choice.tax) choice.tax = derivedTax(choice.subtotal, choice.total, labels);
  const amountDue = due ?? derivedAmountDue(choice.total, prepaid);
  return {
    subtotal: choice.subtotal,
    tax: choice.tax,
    total: choice.total,
    amount_due: amountDue,
    derived: {
      tax: choice.tax !== null && (choice.tax.rule.startsWith('tax-sum') || choice.tax.rule === 'derived-tax'),
      amount_due: amountDue?.rule === 'derived-total',
    },
  };
}
