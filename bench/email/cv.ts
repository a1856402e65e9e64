// Leave-one-batch-out cross-validation of the learned email-intent model against the rules on the same folds. Each
// former held-back batch in tuning/ (1..13, every language) is one fold: the model is trained on everything else in
// tuning/ (the base sets and the other batches) and scores the batch. Paraphrases written together stay in one
// fold. The held-back part is never read here.
import { assessEmailByRules, combineWithModel, type Combination } from '../../src/pipeline/classify/email.js';
import type { FeatureSet, SparseVector } from '../../src/pipeline/classify/model/features.js';
import { intentFeatures } from '../../src/pipeline/classify/model/intent.js';
import { expandWeights, probability, train, type TrainingOptions } from '../../src/pipeline/classify/model/logistic.js';
import { batchOf, type LabelledEmail } from './dataset.js';
import type { Scored } from './score.js';

/** rules alone; the model alone (text); the model fed the rules' outputs as features; the shipped combination. */
export const VARIANTS = ['rules', 'model', 'stacked', 'combined'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface CvResult {
  folds: string[];
  rows: Record<Variant, Scored[]>;
}

export function crossValidate(
  emails: readonly LabelledEmail[],
  options: TrainingOptions,
  combination: Combination,
): CvResult {
  if (emails.some((e) => e.part !== 'tuning')) throw new Error('cross-validation reads the tuning part only');
  const rules = emails.map((e) => assessEmailByRules(e));
  const vectors: Record<FeatureSet, SparseVector[]> = {
    text: emails.map((e, i) => intentFeatures(e, rules[i]!, 'text')),
    'text+rules': emails.map((e, i) => intentFeatures(e, rules[i]!, 'text+rules')),
  };
  const labels = emails.map((e) => (e.label === 'invoice' ? 1 : 0));
  const groups = emails.map((e) => batchOf(e, 0));
  const folds = [...new Set(groups)]
    .filter((g) => g !== 'base')
    .sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1]));
  const rows: Record<Variant, Scored[]> = { rules: [], model: [], stacked: [], combined: [] };
  const add = (
    variant: Variant,
    email: LabelledEmail,
    c: { intent: 'invoice' | 'not_invoice'; score: number; reasons: string[] },
  ): void => {
    rows[variant].push({ email, predicted: c.intent, score: c.score, reasons: c.reasons });
  };
  for (const fold of folds) {
    const trainIdx = emails.map((_, i) => i).filter((i) => groups[i] !== fold);
    const testIdx = emails.map((_, i) => i).filter((i) => groups[i] === fold);
    const fit = (set: FeatureSet): Float64Array =>
      expandWeights(
        train(
          trainIdx.map((i) => vectors[set][i]!),
          trainIdx.map((i) => labels[i]!),
          options,
        ),
      );
    const text = fit('text');
    const stacked = fit('text+rules');
    for (const i of testIdx) {
      const email = emails[i]!;
      add('rules', email, rules[i]!.classification);
      const pText = probability(text, vectors.text[i]!);
      add('model', email, combineWithModel(rules[i]!, pText, { ...combination, ruleWeight: 0 }).classification);
      add(
        'stacked',
        email,
        combineWithModel(rules[i]!, probability(stacked, vectors['text+rules'][i]!), { ...combination, ruleWeight: 0 })
          .classification,
      );
      add('combined', email, combineWithModel(rules[i]!, pText, combination).classification);
    }
  }
  return { folds, rows };
}
