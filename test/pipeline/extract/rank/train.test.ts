// Training the ranker: deterministic (two trainings give the same weights, byte for byte) and able to learn the
// labelled candidate from features alone on invoices built in code, scored on invoices it was not trained on.
import { describe, expect, it } from 'vitest';
import { RANK_FIELDS, type RankField } from '../../../../src/pipeline/extract/rank/fields.js';
import { rankField } from '../../../../src/pipeline/extract/rank/ranker.js';
import { candidateKey, examplesOf, labelKey, trainModels, type Example } from '../../../../src/pipeline/extract/rank/train.js';
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
    observation: {
      ...e.observation,
      proposals: Object.fromEntries(RANK_FIELDS.map((f) => [f, []])) as unknown as Example['observation']['proposals'],
      rulesBest: Object.fromEntries(RANK_FIELDS.map((f) => [f, null])) as unknown as Example['observation']['rulesBest'],
    },
  }));
}

describe('ranker training', () => {
  it('gives the same weights byte for byte when trained twice', () => {
    const first = serialized(trainModels(examplesOf(TRAINING), ALL));
    const second = serialized(trainModels(examplesOf(TRAINING), ALL));
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
        expect({ field, value: ranked ? candidateKey(field, ranked.key, example.label) : null }).toEqual({ field, value: labelKey(field, example.label) });
      }
    }
  });
});
