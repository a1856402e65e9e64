// Assertions every extractor result must pass: the published schema, and a provenance entry for every non-null
// value (and none for nulls) with a box inside its page.
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { expect } from 'vitest';
import type { ReadDocument } from '../../../../../src/pipeline/model.js';
import type { FieldProvenance } from '../../../../../src/pipeline/extract/schemas/common.js';

if (!FormatRegistry.Has('date'))
  FormatRegistry.Set('date', (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)));

export function expectSchema(schema: TSchema, value: unknown): void {
  const errors = [...Value.Errors(schema, value)].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
  expect(errors).toEqual([]);
}

/** Paths of the non-null values that need provenance, as the `fields` map names them. */
function valuePaths(result: Record<string, unknown>): string[] {
  const paths: string[] = [];
  const leaves = (prefix: string, object: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(object)) {
      if (value === null || value === undefined) continue;
      if (Array.isArray(value)) {
        value.forEach((item, i) => leaves(`${prefix}${key}[${i}].`, item as Record<string, unknown>));
      } else {
        paths.push(`${prefix}${key}`);
      }
    }
  };
  leaves('summary_data.', result.summary_data as Record<string, unknown>);
  for (const list of ['lineItems', 'transactions', 'accounts'] as const) {
    const items = result[list] as Array<Record<string, unknown>> | undefined;
    items?.forEach((item, i) => leaves(`${list}[${i}].`, item));
  }
  const poNumbers = result.po_numbers as unknown[] | undefined;
  poNumbers?.forEach((_, i) => paths.push(`po_numbers[${i}].value`));
  return paths;
}

export function expectProvenance(result: Record<string, unknown>, doc: ReadDocument): void {
  const fields = result.fields as Record<string, FieldProvenance>;
  const paths = valuePaths(result);
  expect(Object.keys(fields).sort()).toEqual([...paths].sort());
  for (const [path, entry] of Object.entries(fields)) {
    expect(entry.confidence, path).toBeGreaterThan(0);
    expect(entry.confidence, path).toBeLessThanOrEqual(1);
    if (entry.source === 'derived') continue;
    expect(['text', 'ocr'], path).toContain(entry.source);
    const page = doc.pages[(entry.page ?? 0) - 1];
    expect(page, path).toBeDefined();
    expect(entry.bbox, path).toBeDefined();
    const box = entry.bbox as NonNullable<FieldProvenance['bbox']>;
    expect(box.x, path).toBeGreaterThanOrEqual(0);
    expect(box.y, path).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, path).toBeLessThanOrEqual((page?.width ?? 0) + 1);
    expect(box.y + box.height, path).toBeLessThanOrEqual((page?.height ?? 0) + 1);
    expect(entry.raw, path).toBeTruthy();
  }
}

/** The validation check of that name. */
export function checkNamed(
  result: { validation: { checks: Array<{ name: string }> } },
  name: string,
): Record<string, unknown> | undefined {
  return result.validation.checks.find((c) => c.name === name);
}
