import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PipelineError } from '../../../../src/pipeline/errors.js';
import { extractWithLlm, parseModelJson } from '../../../../src/pipeline/extract/llm/engine.js';
import type { LlmSettings } from '../../../../src/pipeline/extract/llm/settings.js';
import type { ContentPart } from '../../../../src/pipeline/extract/llm/wire.js';
import { documentOf, page, sampleInvoice, sampleInvoiceAnswer } from './support/documents.js';
import {
  apiError,
  completion,
  settingsFor,
  startFakeLlmServer,
  type FakeLlmServer,
} from './support/fake-llm-server.js';

const KEY = 'sk-engine-test-key-ABCDEFGH12345678';
const FAST = { baseDelayMs: 10, maxDelayMs: 40 };

let server: FakeLlmServer;
let settings: LlmSettings;

beforeAll(async () => {
  server = await startFakeLlmServer({ apiKey: KEY });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  settings = settingsFor(server, KEY, {
    timeoutMs: 2000,
    maxRetries: 1,
    prices: { inputPerMillion: '2.50', outputPerMillion: '10.00' },
  });
});

async function failure(promise: Promise<unknown>): Promise<PipelineError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineError);
  expect(`${(err as Error).message} ${JSON.stringify((err as PipelineError).detail)}`).not.toContain(KEY);
  return err as PipelineError;
}

const userText = (index = 0): string => {
  const content = server.requests[index]?.body.messages[1].content;
  return typeof content === 'string'
    ? content
    : (content as ContentPart[]).map((p) => (p.type === 'text' ? p.text : '[image]')).join('\n');
};

describe('extractWithLlm: invoices', () => {
  it('extracts, normalizes and prices a result exactly', async () => {
    server.script(completion(sampleInvoiceAnswer(), { promptTokens: 1234, completionTokens: 567 }));
    const result = await extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings });
    expect(result.modelCost).toBe('0.008755');
    expect(result.usage).toEqual({ promptTokens: 1234, completionTokens: 567 });
    expect(result.model).toBe('gpt-4o-2024-08-06');
    expect(result.requests).toBe(1);
    expect(result.issues).toEqual([]);
    expect(result.data).toEqual(sampleInvoiceAnswer());

    const body = server.requests[0]!.body;
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'docex_invoice', strict: true });
    expect(Object.keys(body.response_format.json_schema.schema.properties)).toEqual([
      'document_type',
      'summary_data',
      'lineItems',
    ]);
    expect(body.messages[0].role).toBe('system');
    // Side-by-side blocks stay on one row, in their columns.
    expect(userText()).toMatch(/Muster GmbH {10,}Acme Ltd/);
    expect(userText()).toMatch(/Beratung +2 +50,00 +100,00/);
  });

  it('turns amounts, dates and currencies into exact values, and unreadable leaves into null', async () => {
    const answer = sampleInvoiceAnswer() as {
      summary_data: Record<string, unknown>;
      lineItems: Array<Record<string, unknown>>;
    };
    Object.assign(answer.summary_data, {
      subtotal: 'EUR 1,000.00',
      tax: 0.30000000000000004,
      total: '1.234,56',
      amount_due: '1234.565',
      invoice_date: '31.10.2026',
      due_date: 'next month',
      currency: '€',
      vendor_name: '  Muster\n GmbH ',
      buyer_tax_id: 'N/A',
    });
    delete answer.summary_data.po_number;
    answer.summary_data.iban = 'DE02120300000000202051';
    answer.lineItems[0] = { ...answer.lineItems[0], quantity: '2,5', unit_price: '0.0125', amount: 'forty' };
    server.script(completion(answer));
    const { data, issues } = await extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings });
    const summary = (data as { summary_data: Record<string, unknown> }).summary_data;
    expect(summary).toMatchObject({
      subtotal: 1000,
      tax: 0.3,
      total: 1234.56,
      amount_due: 1234.57,
      invoice_date: '2026-10-31',
      due_date: null,
      currency: 'EUR',
      vendor_name: 'Muster GmbH',
      buyer_tax_id: null,
      po_number: null,
    });
    expect(Object.keys(summary)).not.toContain('iban');
    expect((data as { lineItems: unknown[] }).lineItems[0]).toMatchObject({
      quantity: 2.5,
      unit_price: 0.0125,
      amount: null,
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^summary_data\.due_date: could not read/),
        'summary_data.po_number: missing in the answer, set to null',
        'summary_data.iban: not in the schema, dropped',
        expect.stringMatching(/^lineItems\[0\]\.amount: could not read "forty"/),
      ]),
    );
  });

  it('asks for no line items when requireLineItems is false', async () => {
    const { lineItems: _, ...answer } = sampleInvoiceAnswer();
    server.script(completion(answer));
    const { data } = await extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: false, settings });
    expect((data as { lineItems: unknown[] }).lineItems).toEqual([]);
    expect(Object.keys(server.requests[0]!.body.response_format.json_schema.schema.properties)).toEqual([
      'document_type',
      'summary_data',
    ]);
    expect(server.requests[0]!.body.messages[0].content).not.toContain('lineItems');
  });

  it('keeps a debit-note job a debit note unless the model sees a credit note', async () => {
    server.script(
      completion(sampleInvoiceAnswer()),
      completion({ ...sampleInvoiceAnswer(), document_type: 'credit_note' }),
    );
    const first = await extractWithLlm(sampleInvoice(), { typeId: 3, requireLineItems: true, settings });
    const second = await extractWithLlm(sampleInvoice(), { typeId: 3, requireLineItems: true, settings });
    expect([first.data.document_type, second.data.document_type]).toEqual(['debit_note', 'credit_note']);
  });

  it('repairs malformed JSON once, and adds up the usage of both requests', async () => {
    const broken = JSON.stringify(sampleInvoiceAnswer()).slice(0, -10);
    server.script(
      completion(broken, { promptTokens: 1000, completionTokens: 100 }),
      completion(sampleInvoiceAnswer(), { promptTokens: 1200, completionTokens: 300 }),
    );
    const result = await extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings });
    expect(result.requests).toBe(2);
    expect(result.usage).toEqual({ promptTokens: 2200, completionTokens: 400 });
    expect(result.modelCost).toBe('0.009500');
    const repair = server.requests[1]!.body.messages;
    expect(repair).toHaveLength(4);
    expect(repair[2]).toEqual({ role: 'assistant', content: broken });
    expect(repair[3].content).toMatch(/^That reply cannot be used: not valid JSON/);
  });

  it('fails with extraction_failed when the repair is malformed too', async () => {
    server.script(completion('{"summary_data": {'), completion('Sorry, here is the data: total 119,12'));
    const error = await failure(extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings }));
    expect(server.requests).toHaveLength(2);
    expect(error).toMatchObject({
      stage: 'extraction',
      code: 'extraction_failed',
      transient: false,
      detail: { reason: 'malformed_output' },
    });
  });

  it('asks for a repair when the structure is wrong, then fails with schema_mismatch', async () => {
    server.script(completion({ invoice_number: 'INV-1' }), completion({ summary_data: 'INV-1', lineItems: [] }));
    const error = await failure(extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings }));
    expect(error.detail).toMatchObject({
      reason: 'schema_mismatch',
      firstProblem: 'summary_data is missing or not an object',
    });
  });

  it('accepts an answer in code fences (json_object mode on a local server) and sends the schema in the prompt', async () => {
    server.script(completion('```json\n' + JSON.stringify(sampleInvoiceAnswer()) + '\n```'));
    const result = await extractWithLlm(sampleInvoice(), {
      typeId: 0,
      requireLineItems: true,
      settings: { ...settings, responseFormat: 'json_object' },
    });
    expect(result.data.summary_data).toMatchObject({ total: 119.12 });
    const body = server.requests[0]!.body;
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0].content).toContain('"additionalProperties":false');
  });

  it('fails permanently when the answer was cut off at maxOutputTokens, without a repair', async () => {
    server.script(completion('{"document_type":"invoice","summary_data":{"invoice_', { finishReason: 'length' }));
    const error = await failure(extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings }));
    expect(server.requests).toHaveLength(1);
    expect(error.detail).toMatchObject({ reason: 'output_truncated', maxOutputTokens: 4096 });
  });

  it('fails permanently on a refusal', async () => {
    server.script(completion(null, { refusal: "I'm sorry, I can't help with that." }));
    const error = await failure(extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings }));
    expect(error).toMatchObject({ transient: false, detail: { reason: 'refused' } });
  });

  it('reports transient server trouble as a transient extraction failure', async () => {
    server.script(apiError(502, 'bad gateway'), apiError(502, 'bad gateway'));
    const error = await failure(
      extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings, backoff: FAST }),
    );
    expect(error).toMatchObject({
      stage: 'extraction',
      code: 'extraction_failed',
      transient: true,
      detail: { reason: 'server_error', attempts: 2 },
    });
  });

  it('leaves modelCost null without a price table or without reported usage', async () => {
    server.script(completion(sampleInvoiceAnswer()), completion(sampleInvoiceAnswer(), { usage: false }));
    const unpriced = await extractWithLlm(sampleInvoice(), {
      typeId: 0,
      requireLineItems: true,
      settings: { ...settings, prices: null },
    });
    const unreported = await extractWithLlm(sampleInvoice(), { typeId: 0, requireLineItems: true, settings });
    expect(unpriced.modelCost).toBeNull();
    expect(unpriced.usage).toEqual({ promptTokens: 1000, completionTokens: 200 });
    expect(unreported.modelCost).toBeNull();
  });

  it('cuts a long document at the character budget and says so', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => [
      { x: 40, text: `Position ${i + 1} Widget type ${i + 1}` },
      { x: 470, text: `${i + 1},00` },
    ]);
    const long = documentOf(page(1, rows), page(2, rows), page(3, rows));
    server.script(completion(sampleInvoiceAnswer()));
    const result = await extractWithLlm(long, {
      typeId: 0,
      requireLineItems: true,
      settings: { ...settings, maxInputChars: 3000 },
    });
    expect(result.prompt).toMatchObject({ truncated: true, textPages: [1], omittedPages: [2, 3] });
    expect(result.prompt.textChars).toBeLessThanOrEqual(3000);
    expect(userText()).toContain(
      '[Truncated: the document is longer than the 3000-character limit. Page 1 is cut here. Pages not included: 2-3.',
    );
  });

  it('refuses typeIds it has no schema for, and documents without content', async () => {
    const unsupported = await failure(extractWithLlm(sampleInvoice(), { typeId: 8, requireLineItems: true, settings }));
    expect(unsupported.detail).toMatchObject({ reason: 'unsupported_type', typeId: 8 });
    const empty = await failure(
      extractWithLlm(documentOf(page(1, [])), { typeId: 0, requireLineItems: true, settings }),
    );
    expect(empty.detail).toMatchObject({ reason: 'no_content' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('extractWithLlm: scanned pages and vision', () => {
  const scanned = (): ReturnType<typeof documentOf> =>
    documentOf(
      page(1, [[{ x: 40, text: 'Cover letter' }]]),
      page(
        2,
        [
          [
            { x: 40, text: 'Rechnung INV-9' },
            { x: 400, text: 'Gesamt 10,00' },
          ],
        ],
        'ocr',
      ),
    );

  it('sends OCR pages as images to a vision model, text pages as text', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const asked: number[] = [];
    server.script(completion(sampleInvoiceAnswer()));
    const result = await extractWithLlm(scanned(), {
      typeId: 0,
      requireLineItems: true,
      settings: { ...settings, vision: true },
      pageImages: async (n) => {
        asked.push(n);
        return png;
      },
    });
    expect(asked).toEqual([2]);
    expect(result.prompt).toMatchObject({ textPages: [1], imagePages: [2] });
    const content = server.requests[0]!.body.messages[1].content as ContentPart[];
    expect(content.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('--- Page 2 of 2 (scanned image) ---'),
    });
    expect(content[1]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${png.toString('base64')}`, detail: 'high' },
    });
    expect(JSON.stringify(content)).not.toContain('Rechnung INV-9');
  });

  it('sends OCR text when vision is off or no usable image comes back', async () => {
    server.script(completion(sampleInvoiceAnswer()), completion(sampleInvoiceAnswer()));
    await extractWithLlm(scanned(), {
      typeId: 0,
      requireLineItems: true,
      settings,
      pageImages: async () => Buffer.from('png?'),
    });
    const fallback = await extractWithLlm(scanned(), {
      typeId: 0,
      requireLineItems: true,
      settings: { ...settings, vision: true },
      pageImages: async () => Buffer.from('not an image'),
    });
    expect(typeof server.requests[0]!.body.messages[1].content).toBe('string');
    expect(userText(0)).toContain('--- Page 2 of 2 (text recognised by OCR, may contain reading errors) ---');
    expect(fallback.prompt.imageFallbacks).toEqual(['page 2: the image is not PNG, JPEG or WebP']);
    expect(userText(1)).toContain('Rechnung INV-9');
  });
});

describe('extractWithLlm: other document types', () => {
  it('typeId 9: keeps PO numbers found in the text with their box, drops invented ones', async () => {
    server.script(
      completion({
        summary_data: { po_number: 'PO-9999' },
        po_numbers: [
          { value: 'PO-9999', label: 'PO', page: 1 },
          { value: 'PO-4711', label: 'Bestellnummer', page: null },
          { value: 'PO 4711', label: null, page: 1 },
          { value: 'po4711', label: null, page: 1 },
        ],
      }),
    );
    const { data, issues } = await extractWithLlm(sampleInvoice(), { typeId: 9, requireLineItems: true, settings });
    expect(data).toEqual({
      document_type: 'po_numbers',
      summary_data: { po_number: 'PO-4711' },
      po_numbers: [
        {
          value: 'PO-4711',
          label: 'Bestellnummer',
          page: 1,
          bbox: { x: 122.5, y: 110, width: 38.5, height: 10 },
          confidence: 0.9,
        },
      ],
    });
    expect(issues).toEqual(['po_numbers[0]: "PO-9999" does not appear in the document text, dropped']);
    expect(server.requests[0]!.body.response_format.json_schema.schema.properties.po_numbers.items.required).toEqual([
      'value',
      'label',
      'page',
    ]);
  });

  it('typeId 4: transactions carry positive amounts with a direction; only the last four card digits are kept', async () => {
    const statement = documentOf(
      page(1, [
        [{ x: 40, text: 'Card 4111 1111 1111 1234' }],
        [{ x: 40, text: '02.10.2026 PAYMENT THANK YOU -50,00' }],
      ]),
    );
    const summary = Object.fromEntries(
      [
        'issuer_name',
        'account_holder',
        'account_number_last4',
        'statement_date',
        'period_start',
        'period_end',
        'currency',
        'previous_balance',
        'payments_and_credits',
        'purchases_and_debits',
        'fees',
        'interest',
        'new_balance',
        'minimum_payment_due',
        'payment_due_date',
        'credit_limit',
        'available_credit',
      ].map((k) => [k, null]),
    );
    server.script(
      completion({
        summary_data: { ...summary, account_number_last4: '4111 1111 1111 1234', new_balance: '1.250,40' },
        transactions: [
          {
            transaction_date: '2026-10-02',
            posting_date: null,
            description: 'PAYMENT THANK YOU',
            amount: -50,
            direction: null,
            reference: null,
          },
          {
            transaction_date: '2026-10-05',
            posting_date: '2026-10-06',
            description: 'BOOKSHOP',
            amount: '12.99',
            direction: 'Debit',
            reference: null,
          },
        ],
      }),
    );
    const { data } = await extractWithLlm(statement, { typeId: 4, requireLineItems: false, settings });
    expect(data.document_type).toBe('credit_card_statement');
    expect(data.summary_data).toMatchObject({ account_number_last4: '1234', new_balance: 1250.4 });
    expect((data as { transactions: unknown[] }).transactions).toMatchObject([
      { amount: 50, direction: 'credit' },
      { amount: 12.99, direction: 'debit', posting_date: '2026-10-06' },
    ]);
  });

  it('typeId 5 and typeIds 1, 2 go through the strict schema the server checks', async () => {
    for (const typeId of [1, 2, 5]) {
      server.script(completion({ summary_data: {}, lineItems: [], accounts: [] }));
      const { data, issues } = await extractWithLlm(sampleInvoice(), { typeId, requireLineItems: true, settings });
      expect(Object.values(data.summary_data as Record<string, unknown>).every((v) => v === null)).toBe(true);
      expect(issues.length).toBeGreaterThan(0);
    }
    expect(server.requests.map((r) => r.body.response_format.json_schema.name)).toEqual([
      'docex_purchase_order',
      'docex_goods_received_note',
      'docex_multi_account_statement',
    ]);
  });
});

describe('parseModelJson', () => {
  it('reads plain JSON, fenced JSON and JSON wrapped in prose', () => {
    expect(parseModelJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseModelJson('```json\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseModelJson('Here you go: {"a":1} Hope this helps')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseModelJson('{"a":')).toMatchObject({ ok: false, problem: expect.stringMatching(/^not valid JSON/) });
  });
});
