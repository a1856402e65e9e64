import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  dataSchema,
  ensureDateFormat,
  LLM_TYPE_IDS,
  llmTypeSpec,
  modelJsonSchema,
} from '../../../../src/pipeline/extract/llm/schema.js';
import { InvoiceResultSchema } from '../../../../src/pipeline/extract/schemas/invoice.js';

type Json = Record<string, any>;

/** Every object node of a JSON schema, with its path. */
function objects(schema: Json, path = '#'): Array<[string, Json]> {
  const found: Array<[string, Json]> = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object')) {
    found.push([path, schema]);
    for (const [key, child] of Object.entries(schema.properties as Json))
      found.push(...objects(child, `${path}.${key}`));
  }
  if (types.includes('array')) found.push(...objects(schema.items, `${path}[]`));
  for (const member of (schema.anyOf ?? []) as Json[]) found.push(...objects(member, path));
  return found;
}

describe('model-facing schemas', () => {
  it.each(LLM_TYPE_IDS.map((id) => [id]))('typeId %i follows the strict structured-output rules', (typeId) => {
    const schema = modelJsonSchema(llmTypeSpec(typeId)!, { requireLineItems: true });
    const text = JSON.stringify(schema);
    for (const keyword of ['"format"', '"pattern"', '"$id"', '"examples"', '"minimum"'])
      expect(text).not.toContain(keyword);
    for (const [path, node] of objects(schema)) {
      expect(node.additionalProperties, path).toBe(false);
      expect([...node.required].sort(), path).toEqual(Object.keys(node.properties).sort());
    }
    for (const excluded of ['fields', 'validation', 'extraction'])
      expect(schema.properties).not.toHaveProperty(excluded);
  });

  it('asks for the data part only: document_type only where the model decides it', () => {
    const keys = (typeId: number, requireLineItems = true) =>
      Object.keys(modelJsonSchema(llmTypeSpec(typeId)!, { requireLineItems }).properties as Json);
    expect(keys(0)).toEqual(['document_type', 'summary_data', 'lineItems']);
    expect(keys(0, false)).toEqual(['document_type', 'summary_data']);
    expect(keys(1)).toEqual(['summary_data', 'lineItems']);
    expect(keys(4, false)).toEqual(['summary_data', 'transactions']);
    expect(keys(5)).toEqual(['summary_data', 'accounts']);
    expect(keys(9)).toEqual(['summary_data', 'po_numbers']);
    expect(llmTypeSpec(8)).toBeNull();
  });

  it('makes every value nullable and turns optional keys into required nullable ones', () => {
    const schema = modelJsonSchema(llmTypeSpec(0)!, { requireLineItems: true }) as Json;
    const summary = schema.properties.summary_data.properties;
    expect(summary.total).toEqual({
      type: ['number', 'null'],
      description: expect.stringContaining('plain decimal number'),
    });
    expect(summary.invoice_date).toEqual({
      type: ['string', 'null'],
      description: 'Date as YYYY-MM-DD; null when not printed',
    });
    expect(summary.currency.type).toEqual(['string', 'null']);
    expect(summary.currency.description).toContain('ISO 4217');
    const line = schema.properties.lineItems.items.properties;
    expect(line.unit).toEqual({ type: ['string', 'null'] });
    expect(line.tax_rate.type).toEqual(['number', 'null']);
    expect(schema.properties.document_type).toEqual({ type: 'string', enum: ['invoice', 'credit_note', 'debit_note'] });
    const statement = modelJsonSchema(llmTypeSpec(4)!, { requireLineItems: true }) as Json;
    expect(statement.properties.transactions.items.properties.direction).toMatchObject({
      type: ['string', 'null'],
      enum: ['debit', 'credit', null],
    });
  });

  it('validates the published data part, dates included', () => {
    ensureDateFormat();
    const schema = dataSchema(llmTypeSpec(0)!);
    const example = (InvoiceResultSchema.examples as Json[])[0]!;
    const data = {
      document_type: example.document_type,
      summary_data: example.summary_data,
      lineItems: example.lineItems,
    };
    expect(Value.Check(schema, data)).toBe(true);
    expect(Value.Check(schema, { ...data, summary_data: { ...data.summary_data, invoice_date: '2026-02-30' } })).toBe(
      false,
    );
  });
});
