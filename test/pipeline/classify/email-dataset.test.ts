// Runs the invoice-intent classifier (the learned model combined with the rules) over the labelled email set
// (test/fixtures/emails, label policy in docs/email-classification.md) and holds it to figures measured there. The
// tuning part is what the cues were written on and the model was trained on: near-perfect figures there prove
// little beyond "no regression". The held-back part was written and committed before anything was run on it: its
// floors are set at the figures of its one blind run, so a change that makes unseen mail worse fails here.
// `npm run bench:email` prints the same figures per language and category; `-- --cv` the cross-validation.
import { describe, expect, it } from 'vitest';
import { classifyEmail } from '../../../src/pipeline/classify/index.js';
import { loadPart, PARTS, type LabelledEmail } from '../../../bench/email/dataset.js';
import { formatLine, isMiss, precision, recall, tally, tallyBy, type Scored } from '../../../bench/email/score.js';

const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'nl', 'pt'];
// Emails per language and label: the held-back part is batch 18 (20 invoice / 15 not_invoice per language).
const MIN_PER_LANGUAGE = {
  tuning: { invoice: 8, notInvoice: 8 },
  'held-back': { invoice: 20, notInvoice: 15 },
} as const;
// The categories the held-back part must cover (issue 13): invoice mail of every shape and its look-alikes. Batch 18
// has all 19 in every language but quote / rfq (one of the two per language: its README).
const HELD_BACK_CATEGORIES = [
  'credit_note',
  'forwarded_invoice',
  'invoice',
  'invoice_link',
  'invoice_request',
  'newsletter',
  'payment_confirmation',
  'payment_provider_status',
  'payment_reminder',
  'quote',
  'receipt',
  'refund',
  'remittance',
  'reply_quoting_invoice',
  'reply_with_invoice',
  'rfq',
  'shipping',
  'spam',
  'statement',
];

const parts = Object.fromEntries(PARTS.map((part) => [part, loadPart(part)])) as Record<
  (typeof PARTS)[number],
  LabelledEmail[]
>;
const score = (emails: LabelledEmail[]): (Scored & { language: string | null })[] =>
  emails.map((email) => {
    const r = classifyEmail(email);
    return { email, predicted: r.intent, score: r.score, reasons: r.reasons, language: r.language };
  });
// The held-back part is scored only by its own test, so the others can run while a batch is still blind
// (vitest -t 'tuning' during tuning; the held-back test once, at the end).
const tuning = score(parts.tuning);

function report(name: string, rows: Scored[]): string {
  return [
    `${name}:`,
    formatLine('all', tally(rows)),
    ...[...tallyBy(rows, (e) => e.language)].map(([l, c]) => formatLine(l, c)),
    ...rows
      .filter(isMiss)
      .map((r) => `  miss ${r.email.id} (${r.email.category}) gold=${r.email.label} score=${r.score}`),
  ].join('\n');
}

describe('labelled email set', () => {
  it('has both parts in every supported language, both labels in each, unique ids', () => {
    const all = [...parts.tuning, ...parts['held-back']];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    for (const part of PARTS) {
      for (const language of LANGUAGES) {
        const mine = parts[part].filter((e) => e.language === language);
        const least = MIN_PER_LANGUAGE[part];
        expect(mine.filter((e) => e.label === 'invoice').length, `${part} ${language}`).toBeGreaterThanOrEqual(
          least.invoice,
        );
        expect(mine.filter((e) => e.label === 'not_invoice').length, `${part} ${language}`).toBeGreaterThanOrEqual(
          least.notInvoice,
        );
      }
    }
    expect(new Set(parts['held-back'].map((e) => e.category))).toEqual(new Set(HELD_BACK_CATEGORIES));
    expect(parts.tuning.length).toBeGreaterThanOrEqual(400);
  });

  it('tuning part: precision and recall >= 0.98, no payment confirmation classified invoice', () => {
    const rows = tuning;
    console.log(report('tuning', rows));
    expect(precision(tally(rows))).toBeGreaterThanOrEqual(0.98);
    expect(recall(tally(rows))).toBeGreaterThanOrEqual(0.98);
    expect(
      rows
        .filter((r) => r.email.category === 'payment_confirmation' && r.predicted === 'invoice')
        .map((r) => r.email.id),
    ).toEqual([]);
  });

  it('held-back part: no worse than its blind run, scores agree with the intent, languages guessed', () => {
    const rows = score(parts['held-back']);
    console.log(report('held-back', rows));
    expectConsistentScores(rows);
    expect(rows.filter((r) => r.language === r.email.language).length / rows.length).toBeGreaterThanOrEqual(0.9);
    // Its blind run classified 0 of 28 payment confirmations as invoice (docs/email-classification.md): no more.
    expect(
      rows.filter((r) => r.email.category === 'payment_confirmation' && r.predicted === 'invoice').length,
    ).toBeLessThanOrEqual(HELD_BACK_FLOOR.confirmationsAsInvoice);
    // Floors: the blind run's figures (docs/email-classification.md), rounded down.
    expect(precision(tally(rows))).toBeGreaterThanOrEqual(HELD_BACK_FLOOR.precision);
    expect(recall(tally(rows))).toBeGreaterThanOrEqual(HELD_BACK_FLOOR.recall);
  });

  it('tuning part: guesses the language of most emails', () => {
    expect(tuning.filter((r) => r.language === r.email.language).length / tuning.length).toBeGreaterThanOrEqual(0.9);
  });

  it('tuning part: returns scores in 0..1 that agree with the intent, with reasons', () => {
    expectConsistentScores(tuning);
  });
});

function expectConsistentScores(rows: readonly (Scored & { language: string | null })[]): void {
  for (const r of rows) {
    expect(r.score).toBeGreaterThanOrEqual(0);
    expect(r.score).toBeLessThanOrEqual(1);
    expect(r.predicted === 'invoice').toBe(r.score >= 0.5);
    expect(r.reasons?.length).toBeGreaterThan(0);
  }
}

// Batch 18's blind run (model + rules, 2026-11-27, rules and weights of 855a0e2; an eleventh and a twelfth author
// who saw no cue example): P 100.0% (136 of 136), R 97.1% (136 of 140), 0 of 28 payment confirmations classified
// invoice (docs/email-classification.md, "Batch 18, blind"). Floors: those figures, rounded down.
const HELD_BACK_FLOOR = { precision: 1.0, recall: 0.97, confirmationsAsInvoice: 0 };
