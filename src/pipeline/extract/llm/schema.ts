// What the model is asked to produce, derived from the published output schemas (one source of truth): only the
// data part of a result (document_type, summary_data and the type's list), never fields/validation/extraction,
// which docex computes itself. The model-facing form follows OpenAI's strict structured-output rules: every object
// closed (additionalProperties false), every property required, absence expressed as null; keywords that strict
// mode or local grammar engines handle unevenly (format, pattern, minimum ...) become words in the description.
import { FormatRegistry, Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { IsoDate, Money } from '../schemas/common.js';
import { documentTypeOf, isPublicTypeId, PUBLIC_TYPE_IDS, type ListKey, type PublicTypeId } from '../document-types.js';
import type { InvoiceResult } from '../schemas/invoice.js';
import type { GoodsReceivedNoteResult, PoNumbersResult, PurchaseOrderResult } from '../schemas/orders.js';
import type { CreditCardStatementResult, MultiAccountStatementResult } from '../schemas/statements.js';

type DataOf<T> = Omit<T, 'fields' | 'validation' | 'extraction'>;
export type InvoiceData = DataOf<InvoiceResult>;
export type PurchaseOrderData = DataOf<PurchaseOrderResult>;
export type GoodsReceivedNoteData = DataOf<GoodsReceivedNoteResult>;
export type CreditCardStatementData = DataOf<CreditCardStatementResult>;
export type MultiAccountStatementData = DataOf<MultiAccountStatementResult>;
export type PoNumbersData = DataOf<PoNumbersResult>;
export type LlmData =
  | InvoiceData
  | PurchaseOrderData
  | GoodsReceivedNoteData
  | CreditCardStatementData
  | MultiAccountStatementData
  | PoNumbersData;

/** Every public type has an LLM form: its schema and prompt come from the document-type registry. */
export const LLM_TYPE_IDS = PUBLIC_TYPE_IDS;
export type LlmTypeId = PublicTypeId;
export type { ListKey };

export interface LlmTypeSpec {
  typeId: LlmTypeId;
  /** The json_schema name sent to the server (^[a-zA-Z0-9_-]{1,64}$). */
  schemaName: string;
  /** What the document is, for the prompt. */
  label: string;
  result: TObject;
  listKey: ListKey;
  /** The result's document_type when fixed by the type; null when the model tells (invoice, credit or debit note). */
  documentType: string | null;
  /** The type's own rules, added to the common ones of the system prompt. */
  guidance: readonly string[];
}

export function llmTypeSpec(typeId: number): LlmTypeSpec | null {
  if (!isPublicTypeId(typeId)) return null;
  const type = documentTypeOf(typeId);
  if (!type) return null;
  return { typeId, result: type.resultSchema, ...type.llm };
}

const prop = (result: TObject, key: string): TSchema => {
  const schema = result.properties[key];
  if (schema === undefined) throw new Error(`schema ${String(result.$id)} has no property ${key}`);
  return schema;
};

/** The published schema of the data part (what extractWithLlm returns), for Value.Check. */
export function dataSchema(spec: LlmTypeSpec): TObject {
  return Type.Object({
    document_type: prop(spec.result, 'document_type'),
    summary_data: prop(spec.result, 'summary_data'),
    [spec.listKey]: prop(spec.result, spec.listKey),
  });
}

/** PO numbers: the model names value, label and page; docex finds the box and sets the confidence. */
export const ModelPoNumberSchema = Type.Object({
  value: Type.String({ description: 'The PO number exactly as printed' }),
  label: Type.Union([Type.String(), Type.Null()], { description: 'The label printed beside it, e.g. "PO No."' }),
  page: Type.Union([Type.Integer(), Type.Null()], { description: '1-based page number' }),
});
export type ModelPoNumber = Static<typeof ModelPoNumberSchema>;

/** The model-facing shape as TypeBox (before the strict transform); lists are left out when not wanted. */
export function modelShape(spec: LlmTypeSpec, options: { requireLineItems: boolean }): TObject {
  const properties: Record<string, TSchema> = {};
  if (spec.documentType === null) properties.document_type = prop(spec.result, 'document_type');
  properties.summary_data = prop(spec.result, 'summary_data');
  if (spec.listKey === 'po_numbers') properties.po_numbers = Type.Array(ModelPoNumberSchema);
  else if (spec.listKey !== 'lineItems' || options.requireLineItems)
    properties[spec.listKey] = prop(spec.result, spec.listKey);
  return Type.Object(properties);
}

/** The JSON schema sent as response_format.json_schema.schema. */
export function modelJsonSchema(spec: LlmTypeSpec, options: { requireLineItems: boolean }): Record<string, unknown> {
  return strictJsonSchema(modelShape(spec, options));
}

type Json = Record<string, unknown>;

const DESCRIPTION_OF_MONEY =
  'Amount as a plain decimal number (no currency symbol or thousands separator), as printed; null when not printed';
const DESCRIPTION_OF_DATE = 'Date as YYYY-MM-DD; null when not printed';

/** Converts a TypeBox/JSON schema into OpenAI strict form. Throws on a construct it does not know (a bug). */
export function strictJsonSchema(schema: TSchema): Json {
  return convert(schema, false);
}

function describe(schema: TSchema, extra?: string): Json {
  const words = [schema.description as string | undefined, extra].filter((w): w is string => Boolean(w));
  return words.length === 0 ? {} : { description: words.join('. ') };
}

function convert(schema: TSchema, forceNullable: boolean): Json {
  if (schema === Money) return { type: ['number', 'null'], description: DESCRIPTION_OF_MONEY };
  if (schema === IsoDate) return { type: ['string', 'null'], description: DESCRIPTION_OF_DATE };
  if (Array.isArray(schema.anyOf)) {
    const members = schema.anyOf as TSchema[];
    const nonNull = members.filter((m) => m.type !== 'null');
    const nullable = forceNullable || nonNull.length < members.length;
    const outer = describe(schema);
    if (nonNull.length > 0 && nonNull.every((m) => typeof m.const === 'string')) {
      const values: unknown[] = nonNull.map((m) => m.const);
      return nullable
        ? { type: ['string', 'null'], enum: [...values, null], ...outer }
        : { type: 'string', enum: values, ...outer };
    }
    if (nonNull.length === 1) {
      const inner = convert(nonNull[0] as TSchema, false);
      const merged = {
        ...inner,
        ...(outer.description
          ? { description: [inner.description, outer.description].filter(Boolean).join('. ') }
          : {}),
      };
      return nullable ? makeNullable(merged) : merged;
    }
    const variants = nonNull.map((m) => convert(m, false));
    return { anyOf: nullable ? [...variants, { type: 'null' }] : variants, ...outer };
  }
  if (typeof schema.const === 'string') {
    const fixed = { type: 'string', enum: [schema.const], ...describe(schema) };
    return forceNullable ? makeNullable(fixed) : fixed;
  }
  const hints: string[] = [];
  if (schema.format === 'date') hints.push('YYYY-MM-DD');
  if (typeof schema.pattern === 'string') hints.push(`matches ${schema.pattern}`);
  let out: Json;
  switch (schema.type) {
    case 'object': {
      const properties: Json = {};
      const required = Object.keys(schema.properties as Record<string, TSchema>);
      for (const [key, child] of Object.entries(schema.properties as Record<string, TSchema>)) {
        // Optional properties become required-but-nullable: strict mode has no optional keys.
        const optional = !(schema.required as string[] | undefined)?.includes(key);
        properties[key] = convert(child, optional);
      }
      out = { type: 'object', properties, required, additionalProperties: false, ...describe(schema) };
      break;
    }
    case 'array':
      out = { type: 'array', items: convert(schema.items as TSchema, false), ...describe(schema) };
      break;
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      out = { type: schema.type, ...describe(schema, hints.join('; ') || undefined) };
      break;
    default:
      throw new Error(`no strict JSON schema form for ${JSON.stringify(schema).slice(0, 80)}`);
  }
  return forceNullable ? makeNullable(out) : out;
}

function makeNullable(schema: Json): Json {
  if (typeof schema.type === 'string' && schema.type !== 'object' && schema.type !== 'array') {
    return {
      ...schema,
      type: [schema.type, 'null'],
      ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
    };
  }
  if (Array.isArray(schema.type)) return schema;
  if (Array.isArray(schema.anyOf)) {
    return (schema.anyOf as Json[]).some((m) => m.type === 'null')
      ? schema
      : { ...schema, anyOf: [...(schema.anyOf as Json[]), { type: 'null' }] };
  }
  const { description, ...rest } = schema;
  return { anyOf: [rest, { type: 'null' }], ...(description === undefined ? {} : { description }) };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** TypeBox's Value.Check refuses unknown formats; 'date' is registered once, process-wide, if nobody did. */
export function ensureDateFormat(): void {
  if (FormatRegistry.Has('date')) return;
  FormatRegistry.Set('date', (value) => {
    const m = ISO_DATE.exec(value);
    if (!m) return false;
    const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return (
      date.getUTCFullYear() === Number(m[1]) &&
      date.getUTCMonth() === Number(m[2]) - 1 &&
      date.getUTCDate() === Number(m[3])
    );
  });
}
