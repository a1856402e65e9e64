// The committed weights (src/pipeline/extract/rank/weights/header-fields.json, written by `npm run train`) load,
// match their schema and the features this code computes, and drive the ranker the service runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { committedModels, committedRanker, enabledFields } from '../../../../src/pipeline/extract/rank/index.js';
import { featureNames } from '../../../../src/pipeline/extract/rank/features.js';
import { FIELD_KIND, RANK_FIELDS } from '../../../../src/pipeline/extract/rank/fields.js';
import { loadWeights, RankerWeightsSchema } from '../../../../src/pipeline/extract/rank/model.js';
import { syntheticInvoice } from './synthetic.js';

const file = new URL('../../../../src/pipeline/extract/rank/weights/header-fields.json', import.meta.url);
const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;

describe('committed ranker weights', () => {
  it('match the schema, every field and the features the code computes', () => {
    const weights = RankerWeightsSchema.parse(data);
    expect(Object.keys(weights.fields).sort()).toEqual([...RANK_FIELDS].sort());
    for (const field of RANK_FIELDS) {
      const model = weights.fields[field];
      expect(model?.kind).toBe(FIELD_KIND[field]);
      expect(model?.features).toEqual([...featureNames(FIELD_KIND[field])]);
      expect(model?.weights.every((w) => Number.isFinite(w))).toBe(true);
    }
    expect(weights.training).toMatchObject({ documents: expect.any(Number), commit: expect.any(String) });
    const models = committedModels();
    for (const field of RANK_FIELDS) expect(models[field]?.weights.length).toBe(featureNames(FIELD_KIND[field]).length);
  });

  it('refuse weights trained on other features, naming the command that fixes them', () => {
    const weights = RankerWeightsSchema.parse(data);
    const stale = structuredClone(weights);
    const model = stale.fields.invoice_date;
    if (!model) throw new Error('no invoice_date model');
    model.features = model.features.slice(1);
    model.weights = model.weights.slice(1);
    expect(() => loadWeights(stale)).toThrow(/npm run train/);
    expect(() => loadWeights({ ...weights, format: 'other' })).toThrow(/npm run train/);
  });

  it('give the service a ranker that keeps a clean invoice as the rules read it', () => {
    const { document, label } = syntheticInvoice(3);
    const ranked = extractInvoice(document, {
      requireLineItems: false,
      documentType: 'invoice',
      ranker: committedRanker(),
    });
    expect(ranked.summary_data.invoice_date).toBe(label.invoice_date);
    expect(ranked.summary_data.invoice_number).toBe(label.invoice_number);
    expect(ranked.summary_data.due_date).toBe(label.due_date);
    for (const field of enabledFields())
      expect(['invoice_number', 'invoice_date', 'due_date', 'po_number']).toContain(field);
  });
});
