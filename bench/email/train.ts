// npm run train:email: fits the email-intent model (src/pipeline/classify/model) to the tuning part of the
// labelled email set and writes src/pipeline/classify/model/email-intent.json. Deterministic: the same emails, code
// and settings give the same file byte for byte (the commit id recorded in it aside). The held-back part is never
// read. Settings: bench/email/batch.ts (SHIPPED); honest figures: npm run bench:email -- --cv.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HASH_BITS } from '../../src/pipeline/classify/model/features.js';
import { fitIntentWeights } from '../../src/pipeline/classify/model/fit.js';
import { MODEL_FORMAT, type StoredIntentModel } from '../../src/pipeline/classify/model/intent.js';
import { SHIPPED } from './batch.js';
import { loadPart } from './dataset.js';

const OUTPUT = fileURLToPath(new URL('../../src/pipeline/classify/model/email-intent.json', import.meta.url));

/** The commit trained on, and whether the classifier's code or the email set differed from it (uncommitted edits). */
function commitId(): string {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const paths = ['src/pipeline/classify', 'bench/email', 'bench/email.ts', 'test/fixtures/emails'];
    const dirty = execFileSync('git', ['status', '--porcelain', '--', ...paths], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} with uncommitted changes to ${paths.join(', ')}` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

const emails = loadPart('tuning');
const started = performance.now();
const weights = fitIntentWeights(emails, SHIPPED.featureSet, SHIPPED.training);
const count = (key: (e: (typeof emails)[number]) => string): Record<string, number> =>
  Object.fromEntries([...new Set(emails.map(key))].sort().map((k) => [k, emails.filter((e) => key(e) === k).length]));
const model: StoredIntentModel = {
  format: MODEL_FORMAT,
  featureSet: SHIPPED.featureSet,
  threshold: SHIPPED.combination.threshold,
  ruleWeight: SHIPPED.combination.ruleWeight,
  training: {
    data: 'test/fixtures/emails/tuning (every file; the held-back part is never read)',
    files: [...new Set(emails.map((e) => e.file))].sort(),
    emails: emails.length,
    byLabel: count((e) => e.label),
    byLanguage: count((e) => e.language),
    commit: commitId(),
    options: SHIPPED.training,
    hashBits: HASH_BITS,
    storedWeights: weights.weights.length,
  },
  weights,
};
writeFileSync(OUTPUT, `${JSON.stringify(model)}\n`);
console.log(
  `trained on ${emails.length} emails in ${((performance.now() - started) / 1000).toFixed(1)} s: ${weights.weights.length} weights -> ${OUTPUT}`,
);
