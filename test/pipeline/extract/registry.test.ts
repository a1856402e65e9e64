// The document-type registry: every public typeId (SPEC 2.3 and the document_types table) has a result schema, a
// builtin recipe and an LLM prompt, and every lookup that dispatches on a typeId answers from it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  defineType,
  DOCUMENT_TYPES,
  documentTypeOf,
  type DocumentType,
  type PublicTypeId,
  PUBLIC_TYPE_IDS,
  resultSchemaOf,
} from '../../../src/pipeline/extract/document-types.js';
import { extractBuiltin } from '../../../src/pipeline/extract/index.js';
import { systemPrompt } from '../../../src/pipeline/extract/llm/prompt.js';
import { llmTypeSpec, modelJsonSchema } from '../../../src/pipeline/extract/llm/schema.js';
import type { ReadDocument } from '../../../src/pipeline/model.js';

/** The public rows of the first migration: the registry must list exactly these. */
function publicTypesInMigration(): Map<number, string> {
  const sql = readFileSync(new URL('../../../src/db/migrations/0001_init.sql', import.meta.url), 'utf8');
  const rows = [...sql.matchAll(/\((\d+), '([^']+)', 'public'\)/g)];
  return new Map(rows.map((m) => [Number(m[1]), m[2] as string]));
}

const emptyDoc: ReadDocument = { format: 'pdf', pages: [], einvoice: null } as unknown as ReadDocument;

describe('document-type registry', () => {
  it('lists exactly the public types of the database, under their names', () => {
    const expected = publicTypesInMigration();
    expect([...PUBLIC_TYPE_IDS].sort()).toEqual([...expected.keys()].sort());
    for (const typeId of PUBLIC_TYPE_IDS) expect(DOCUMENT_TYPES[typeId].name).toBe(expected.get(typeId));
  });

  it.each(PUBLIC_TYPE_IDS.map((id) => [id]))('typeId %i has a schema, a recipe and a prompt', (typeId) => {
    const type = documentTypeOf(typeId);
    expect(type).not.toBeNull();
    expect(type?.resultSchema.$id).toMatch(/Result$/);
    expect(resultSchemaOf(typeId)).toBe(type?.resultSchema);
    expect(type?.resultSchema.properties[type.llm.listKey]).toBeDefined();
    expect(type?.llm.schemaName).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(type?.llm.guidance.length).toBeGreaterThan(0);

    const spec = llmTypeSpec(typeId);
    expect(spec?.result).toBe(type?.resultSchema);
    const prompt = systemPrompt({
      spec: spec!,
      requireLineItems: true,
      responseFormat: 'json_schema',
      modelSchema: modelJsonSchema(spec!, { requireLineItems: true }),
    });
    expect(prompt).toContain(type?.llm.label);
    for (const rule of type?.llm.guidance ?? []) expect(prompt).toContain(rule);

    // The recipe runs on a document without text and returns the type's shape with nothing found.
    const result = extractBuiltin(emptyDoc, typeId, true);
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['document_type', 'summary_data']));
    expect(result[type!.llm.listKey]).toEqual([]);
    if (type?.llm.documentType) expect(result.document_type).toBe(type.llm.documentType);
  });

  it('cannot be half-added: the compiler refuses a registry missing a type or a part of one', () => {
    const { 0: invoice, ...withoutInvoice } = DOCUMENT_TYPES;
    // @ts-expect-error typeId 0 is missing
    const missingType = withoutInvoice satisfies Record<PublicTypeId, DocumentType>;
    const { llm: _prompt, ...invoiceWithoutPrompt } = invoice;
    // @ts-expect-error the invoice entry has no LLM prompt
    const missingPrompt = { ...DOCUMENT_TYPES, 0: invoiceWithoutPrompt } satisfies Record<PublicTypeId, DocumentType>;
    // @ts-expect-error a purchase order's recipe does not return the invoice schema's shape
    const wrongShape = defineType({ ...DOCUMENT_TYPES[1], resultSchema: DOCUMENT_TYPES[0].resultSchema });
    expect(wrongShape.name).toBe('Purchase Order');
    expect(Object.keys(missingType)).not.toContain('0');
    expect(missingPrompt[0]).not.toHaveProperty('llm');
  });

  it('has no entry for internal or unknown types', () => {
    for (const typeId of [6, 7, 8, -1, 10]) {
      expect(documentTypeOf(typeId)).toBeNull();
      expect(resultSchemaOf(typeId)).toBeNull();
      expect(llmTypeSpec(typeId)).toBeNull();
      expect(() => extractBuiltin(emptyDoc, typeId, true)).toThrow(`No extractor for typeId ${typeId}.`);
    }
  });
});
