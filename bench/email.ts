// npm run bench:email [-- --part tuning|held-back] [--misses] [--reasons]
// npm run bench:email -- --decision rules|model|combined: who decides (default combined, what ships)
// npm run bench:email -- --cv [--misses]: leave-one-batch-out cross-validation, rules vs model vs combined
// Precision and recall of the invoice-intent classifier (src/pipeline/classify) on the labelled email set of
// test/fixtures/emails, per part, per language and per category. The held-back part was written before the cues
// it measures and is never tuned on: its figures are the estimate for unseen mail; the tuning part's are not.
import { parseArgs } from 'node:util';
import {
  assessEmailByRules,
  classifyEmail,
  combineWithModel,
  type EmailClassification,
} from '../src/pipeline/classify/email.js';
import { intentProbability, shippedIntentModel } from '../src/pipeline/classify/model/intent.js';
import { runCrossValidation } from './email/cv-report.js';
import { loadPart, PARTS, type LabelledEmail, type Part } from './email/dataset.js';
import { formatLine, isMiss, tally, tallyBy, type Scored } from './email/score.js';

const { values } = parseArgs({
  options: {
    part: { type: 'string', multiple: true },
    misses: { type: 'boolean', default: false },
    reasons: { type: 'boolean', default: false },
    cv: { type: 'boolean', default: false },
    decision: { type: 'string', default: 'combined' },
  },
});
const DECISIONS = ['rules', 'model', 'combined'] as const;
const decision = values.decision as (typeof DECISIONS)[number];
if (!DECISIONS.includes(decision))
  throw new Error(`--decision must be one of ${DECISIONS.join(', ')}, got ${values.decision}`);
/** The shipped model alone is the combination with the rules' margin weighed 0. */
function classifyBy(email: LabelledEmail): EmailClassification {
  if (decision === 'combined') return classifyEmail(email);
  const rules = assessEmailByRules(email);
  if (decision === 'rules') return rules.classification;
  const model = shippedIntentModel();
  return combineWithModel(rules, intentProbability(model, email, rules), { ...model, ruleWeight: 0 }).classification;
}
if (values.cv) {
  runCrossValidation(values.misses);
  process.exit(0);
}
const parts = (values.part ?? [...PARTS]) as Part[];
for (const part of parts) {
  if (!PARTS.includes(part)) throw new Error(`--part must be one of ${PARTS.join(', ')}, got ${part}`);
}

for (const part of parts) {
  const started = performance.now();
  const rows: Scored[] = loadPart(part).map((email) => {
    const result = classifyBy(email);
    return { email, predicted: result.intent, score: result.score, reasons: result.reasons };
  });
  const ms = performance.now() - started;
  console.log(
    `\n== ${part}, decided by ${decision} (${rows.length} emails, ${(ms / rows.length).toFixed(2)} ms per email) ==`,
  );
  console.log(formatLine('all', tally(rows)));
  console.log('-- per language');
  for (const [language, c] of tallyBy(rows, (e) => e.language)) console.log(formatLine(language, c));
  console.log('-- per category (gold label in brackets)');
  for (const [category, c] of tallyBy(rows, (e) => `${e.category} [${e.label === 'invoice' ? 'inv' : 'not'}]`)) {
    console.log(formatLine(category, c));
  }
  const confirmations = rows.filter((r) => r.email.category === 'payment_confirmation');
  const wrongConfirmations = confirmations.filter((r) => r.predicted === 'invoice').length;
  console.log(`payment confirmations classified invoice: ${wrongConfirmations} of ${confirmations.length}`);
  if (values.misses) {
    for (const row of rows.filter(isMiss)) {
      console.log(
        `  miss ${row.email.id} (${row.email.category}) gold=${row.email.label} score=${row.score}: ${row.email.subject}`,
      );
      if (values.reasons) for (const reason of row.reasons ?? []) console.log(`      ${reason}`);
    }
  }
}
