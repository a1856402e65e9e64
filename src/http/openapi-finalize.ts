// Post-processing of the generated OpenAPI document (@fastify/swagger's transformObject), so generated clients get
// typed results instead of `unknown`:
// - `extractedData` (DocumentJob), `processed_data` (webhooks) and a multi-document entry's `result` reference the
//   published result schemas, told apart by their `document_type` discriminator;
// - response schemas that @fastify/swagger inlines are replaced by a $ref to the component of the same title;
// - every operation has an operationId (routes may name their own).
// The route schemas stay as they are: they validate and serialize at run time, this only shapes the document.

type Json = Record<string, unknown>;

/** document_type value -> the component describing that result. */
const RESULT_BY_DOCUMENT_TYPE: Readonly<Record<string, string>> = {
  invoice: 'InvoiceResult',
  credit_note: 'InvoiceResult',
  debit_note: 'InvoiceResult',
  purchase_order: 'PurchaseOrderResult',
  goods_received_note: 'GoodsReceivedNoteResult',
  credit_card_statement: 'CreditCardStatementResult',
  credit_card_statement_multi_account: 'MultiAccountStatementResult',
  po_numbers: 'PoNumbersResult',
  multiple_documents: 'MultiDocumentResult',
  email: 'EmailResult',
};

/** Results a single document can have (an entry of a multi-document or email result). */
const SINGLE_DOCUMENT_TYPES = Object.keys(RESULT_BY_DOCUMENT_TYPE).filter(
  (t) => t !== 'multiple_documents' && t !== 'email',
);

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** A nullable union of result components, discriminated by document_type. */
function resultUnion(documentTypes: readonly string[], description: unknown): Json {
  const mapping = Object.fromEntries(
    documentTypes.map((t) => [t, `#/components/schemas/${RESULT_BY_DOCUMENT_TYPE[t]}`]),
  );
  const components = [...new Set(documentTypes.map((t) => RESULT_BY_DOCUMENT_TYPE[t]!))];
  return {
    ...(typeof description === 'string' ? { description } : {}),
    anyOf: [
      { oneOf: components.map(ref), discriminator: { propertyName: 'document_type', mapping } },
      { type: 'null' },
    ],
  };
}

function properties(schema: unknown): Json | undefined {
  const props = (schema as Json | undefined)?.properties;
  return props && typeof props === 'object' ? (props as Json) : undefined;
}

function typeResultProperty(schema: unknown, name: string, documentTypes: readonly string[]): void {
  const props = properties(schema);
  if (props?.[name]) props[name] = resultUnion(documentTypes, (props[name] as Json).description);
}

/** Inline copies of a component (same title) become a $ref to it. */
function referenceComponents(node: unknown, byTitle: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => referenceComponents(item, byTitle));
  if (!node || typeof node !== 'object') return node;
  const title = (node as Json).title;
  if (typeof title === 'string' && byTitle.has(title)) return ref(byTitle.get(title)!);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, referenceComponents(v, byTitle)]));
}

/** GET /v1/jobs/{jobId} -> getV1JobsJobId. */
function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export function finalizeOpenApi(document: Json): Json {
  const components = (document.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Json;

  typeResultProperty(schemas.DocumentJob, 'extractedData', Object.keys(RESULT_BY_DOCUMENT_TYPE));
  for (const container of ['MultiDocumentResult', 'EmailResult']) {
    const documents = properties(schemas[container])?.documents as Json | undefined;
    typeResultProperty(documents?.items, 'result', SINGLE_DOCUMENT_TYPES);
  }

  const byTitle = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    // Only components named by their own title: result schemas have descriptive titles and are referenced above.
    if ((schema as Json).title === name) byTitle.set(name, name);
  }
  const paths = referenceComponents(document.paths ?? {}, byTitle) as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const op = operation as Json;
      if (op && typeof op === 'object' && op.responses && !op.operationId) op.operationId = operationIdOf(method, path);
    }
  }

  const webhooks = (document.webhooks ?? {}) as Record<string, Json>;
  for (const item of Object.values(webhooks)) {
    const post = item.post as Json | undefined;
    const body = (post?.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
    const schema = body?.['application/json']?.schema as Json | undefined;
    // An $id would make the $refs below resolve against it instead of this document.
    if (schema) delete schema.$id;
    typeResultProperty(schema, 'processed_data', Object.keys(RESULT_BY_DOCUMENT_TYPE));
  }

  return { ...document, paths, webhooks };
}
