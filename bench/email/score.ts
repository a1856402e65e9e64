// Precision and recall of the invoice-intent classifier over labelled emails, overall and per group.
import type { Label, LabelledEmail } from './dataset.js';

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface Scored {
  reasons?: string[];
  email: LabelledEmail;
  predicted: Label;
  score: number;
}

export const precision = (c: Counts): number => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
export const recall = (c: Counts): number => (c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn));
export const total = (c: Counts): number => c.tp + c.fp + c.fn + c.tn;

export function tally(rows: readonly Scored[]): Counts {
  const c: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const { email, predicted } of rows) {
    const gold = email.label === 'invoice';
    const positive = predicted === 'invoice';
    if (positive && gold) c.tp += 1;
    else if (positive) c.fp += 1;
    else if (gold) c.fn += 1;
    else c.tn += 1;
  }
  return c;
}

/** Counts per value of key(email), sorted by key. */
export function tallyBy(rows: readonly Scored[], key: (e: LabelledEmail) => string): Map<string, Counts> {
  const groups = new Map<string, Scored[]>();
  for (const row of rows) groups.set(key(row.email), [...(groups.get(key(row.email)) ?? []), row]);
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, tally(v)]));
}

export const isMiss = (row: Scored): boolean => (row.email.label === 'invoice') !== (row.predicted === 'invoice');

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`.padStart(6);

/**
 * One report line. Precision is undefined for a group without predicted positives and recall for one without gold
 * positives (a category of only not_invoice mail): shown as '-', with the accuracy beside them.
 */
export function formatLine(name: string, c: Counts): string {
  const p = c.tp + c.fp === 0 ? '     -' : pct(precision(c));
  const r = c.tp + c.fn === 0 ? '     -' : pct(recall(c));
  const accuracy = pct((c.tp + c.tn) / Math.max(1, total(c)));
  return `${name.padEnd(26)} n=${String(total(c)).padStart(3)}  P=${p}  R=${r}  acc=${accuracy}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn}, tn ${c.tn})`;
}
