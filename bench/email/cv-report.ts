// Prints the leave-one-batch-out cross-validation (cv.ts): pooled, per fold, per language and per category, for
// the rules alone, the model alone (text features) and the combination (text + the rules' outputs).
import { SHIPPED } from './batch.js';
import { crossValidate, VARIANTS } from './cv.js';
import { batchOf, loadPart } from './dataset.js';
import { formatLine, isMiss, tally, tallyBy } from './score.js';

export function runCrossValidation(showMisses: boolean): void {
  const emails = loadPart('tuning');
  const started = performance.now();
  const { folds, rows } = crossValidate(emails, SHIPPED.training, SHIPPED.combination);
  console.log(
    `leave-one-batch-out over ${folds.join(', ')} (${rows.rules.length} emails scored, ${emails.length - rows.rules.length} base emails always trained on; ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  for (const variant of VARIANTS) {
    const scored = rows[variant];
    const confirmations = scored.filter((r) => r.email.category === 'payment_confirmation');
    console.log(`\n== ${variant} ==`);
    console.log(formatLine('pooled', tally(scored)));
    console.log(
      `payment confirmations classified invoice: ${confirmations.filter((r) => r.predicted === 'invoice').length} of ${confirmations.length}`,
    );
    console.log('-- per fold (batch 8 is the only fold the rules were not fitted to)');
    for (const fold of folds) console.log(formatLine(fold, tally(scored.filter((r) => batchOf(r.email, 0) === fold))));
    console.log('-- per language');
    for (const [language, c] of tallyBy(scored, (e) => e.language)) console.log(formatLine(language, c));
    console.log('-- per category (gold label in brackets)');
    for (const [category, c] of tallyBy(scored, (e) => `${e.category} [${e.label === 'invoice' ? 'inv' : 'not'}]`))
      console.log(formatLine(category, c));
    if (showMisses) {
      for (const row of scored.filter(isMiss))
        console.log(
          `  miss ${row.email.id} (${row.email.category}) gold=${row.email.label} score=${row.score.toFixed(3)}: ${row.email.subject}`,
        );
    }
  }
}
