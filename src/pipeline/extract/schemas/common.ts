// Building blocks shared by every document type's output schema. One source of truth: the TypeScript types are
// derived from these schemas (Static<>), and the same schemas go into the OpenAPI document.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** An amount: a JSON number exact to the cent (computed with decimals, never binary floats), or null if absent. */
export const Money = Nullable(Type.Number({ description: 'Exact to the cent; null when not found' }));
/** An ISO 8601 calendar date (YYYY-MM-DD) or null. */
export const IsoDate = Nullable(Type.String({ format: 'date', description: 'ISO 8601 date; null when not found' }));
export const Text = Nullable(Type.String());

export const BBoxSchema = Type.Object(
  { x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() },
  { description: 'Page coordinates, origin top-left; PDF points for text layers, pixels for images and scans' },
);

/** Where a value came from and how sure the engine is of it. */
export const FieldProvenanceSchema = Type.Object(
  {
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    source: Type.Union(
      [Type.Literal('xml'), Type.Literal('text'), Type.Literal('ocr'), Type.Literal('llm'), Type.Literal('derived')],
      {
        description:
          'xml: an e-invoice element; text: a PDF text layer; ocr: recognised from an image; llm: a model; derived: computed from other fields',
      },
    ),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    bbox: Type.Optional(BBoxSchema),
    path: Type.Optional(Type.String({ description: 'XML path of the element, for source xml' })),
    raw: Type.Optional(Type.String({ description: 'The text as printed, before normalization' })),
  },
  { title: 'FieldProvenance' },
);
export type FieldProvenance = Static<typeof FieldProvenanceSchema>;

export const FieldsMap = Type.Record(Type.String(), FieldProvenanceSchema, {
  description:
    'Provenance per extracted value, keyed by its path in this result: "summary_data.total", "lineItems[0].amount", ' +
    '"transactions[3].amount". Values that are null have no entry.',
});

export const ValidationCheckSchema = Type.Object({
  name: Type.String({ examples: ['subtotal_plus_tax_equals_total'] }),
  passed: Nullable(Type.Boolean({ description: 'null: not checkable (a value is missing)' })),
  expected: Nullable(Type.Number()),
  actual: Nullable(Type.Number()),
  detail: Type.Optional(Type.String()),
});
export type ValidationCheck = Static<typeof ValidationCheckSchema>;

export const ValidationSchema = Type.Object(
  {
    passed: Type.Boolean({ description: 'True when no check failed (unverifiable checks do not fail)' }),
    checks: Type.Array(ValidationCheckSchema),
  },
  { title: 'Validation', description: 'Arithmetic checks on the extracted values; a tolerance of 0.01 applies' },
);
export type Validation = Static<typeof ValidationSchema>;

export const ExtractionInfoSchema = Type.Object(
  {
    engine: Type.Union([Type.Literal('builtin'), Type.Literal('llm')]),
    method: Type.Union([Type.Literal('einvoice'), Type.Literal('layout'), Type.Literal('llm')], {
      description:
        'einvoice: mapped from embedded/standalone e-invoice XML; layout: read from page words; llm: a model',
    }),
    einvoice: Type.Optional(Type.Object({ syntax: Type.String(), profile: Nullable(Type.String()) })),
    pages: Type.Integer(),
    ocr_pages: Type.Integer(),
    ocr_engine: Type.Optional(
      Nullable(
        Type.String({ description: 'OCR engine that read the OCR pages (DOCEX_OCR_ENGINE); null without OCR pages' }),
      ),
    ),
    language: Nullable(Type.String()),
    parser_version: Nullable(Type.Integer()),
    parser_version_id: Nullable(Type.String()),
  },
  { description: 'How this result was produced' },
);
export type ExtractionInfo = Static<typeof ExtractionInfoSchema>;
