// Training the ranker: deterministic (two trainings give the same weights, byte for byte) and able to learn the
// labelled candidate from features alone on invoices built in code, scored on invoices it was not trained on.
import { describe, expect, it } from 'vitest';
import { RANK_FIELDS, type RankField } from '../../../../src/pipeline/extract/rank/fields.js';
import { rankField } from '../../../../src/pipeline/extract/rank/ranker.js';
import {
  candidateKey,
  examplesOf,
  labelKey,
  trainModels,
  type Example,
} from '../../../../src/pipeline/extract/rank/train.js';
import { syntheticInvoice } from './synthetic.js';

const ALL = new Set<RankField>(RANK_FIELDS);
const TRAINING = Array.from({ length: 12 }, (_, i) => syntheticInvoice(i));
const HELD_OUT = Array.from({ length: 6 }, (_, i) => syntheticInvoice(100 + i));

const serialized = (models: ReturnType<typeof trainModels>) =>
  JSON.stringify(Object.fromEntries(Object.entries(models).map(([f, m]) => [f, Array.from(m.weights)])));

/** The same examples with the rules' proposals taken away: what is learnt must come from the page itself. */
function withoutRules(examples: readonly Example[]): Example[] {
  return examples.map((e) => ({
    label: e.label,
    complete: false,
    observation: {
      ...e.observation,
      proposals: Object.fromEntries(RANK_FIELDS.map((f) => [f, []])) as unknown as Example['observation']['proposals'],
      rulesBest: Object.fromEntries(
        RANK_FIELDS.map((f) => [f, null]),
      ) as unknown as Example['observation']['rulesBest'],
    },
  }));
}

describe('ranker training', () => {
  it('learns to abstain from completely labelled documents that lack the field', () => {
    const documents = Array.from({ length: 12 }, (_, i) => ({
      ...syntheticInvoice(i, { withoutDueDate: i % 2 === 0 }),
      dataset: 'zugferd-corpus',
    }));
    const models = trainModels(
      withoutRules(examplesOf(documents)).map((e) => ({ ...e, complete: true })),
      ALL,
    );
    const model = models.due_date;
    if (!model) throw new Error('no due_date model');
    for (const i of [200, 202, 204]) {
      const [without] = withoutRules(examplesOf([syntheticInvoice(i, { withoutDueDate: true })]));
      const [withDue] = withoutRules(examplesOf([syntheticInvoice(i + 1)]));
      if (!without || !withDue) throw new Error('no example');
      expect(rankField(without.observation.ctx, 'due_date', [], model)).toBeNull();
      expect(rankField(withDue.observation.ctx, 'due_date', [], model)?.key).toBe(labelKey('due_date', withDue.label));
    }
  });

  it('gives the same weights byte for byte when trained twice', () => {
    // Fresh documents for the second run: nothing is reused from the first (observations are cached by document).
    const first = serialized(trainModels(examplesOf(TRAINING), ALL));
    const second = serialized(trainModels(examplesOf(Array.from({ length: 12 }, (_, i) => syntheticInvoice(i))), ALL));
    expect(second).toBe(first);
    expect(first).toMatch(/[1-9]/);
  });

  it('chooses the labelled candidate on invoices it was not trained on, without the rules', () => {
    const models = trainModels(withoutRules(examplesOf(TRAINING)), ALL);
    const held = withoutRules(examplesOf(HELD_OUT));
    for (const field of ['invoice_number', 'invoice_date', 'due_date', 'subtotal', 'tax', 'total'] as const) {
      for (const example of held) {
        const model = models[field];
        if (!model) throw new Error(`no model for ${field}`);
        const ranked = rankField(example.observation.ctx, field, [], model);
        expect({ field, value: ranked ? candidateKey(field, ranked.key, example.label) : null }).toEqual({
          field,
          value: labelKey(field, example.label),
        });
      }
    }
  });
});
