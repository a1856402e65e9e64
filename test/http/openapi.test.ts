import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('GET /healthz and /readyz answer without authentication', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('every response carries a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/healthz',
      '/readyz',
      '/v1/documents',
      '/v1/documents/{consumerRefId}',
      '/v1/jobs/{jobId}',
      '/v1/jobs/{jobId}/redeliver',
    ]);
    expect(doc.components.securitySchemes).toMatchObject({
      clientId: { type: 'apiKey', in: 'header', name: 'x-client-id' },
      clientSecret: { type: 'apiKey', in: 'header', name: 'x-client-secret' },
    });
    const submit = doc.paths['/v1/documents'].post;
    expect(Object.keys(submit.responses).sort()).toEqual([
      '202',
      '400',
      '401',
      '403',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(JSON.stringify(submit.requestBody)).toContain('documentUrls');
    expect(JSON.stringify(submit.requestBody)).toContain('examples');
    expect(doc.components.schemas).toHaveProperty('ErrorResponse');
    expect(doc.components.schemas).toHaveProperty('DocumentJob');
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    // Results: one schema per document type; webhooks: the events docex POSTs.
    for (const name of [
      'InvoiceResult',
      'PurchaseOrderResult',
      'GoodsReceivedNoteResult',
      'CreditCardStatementResult',
      'MultiAccountStatementResult',
      'PoNumbersResult',
      'MultiDocumentResult',
      'EmailResult',
    ]) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    expect(Object.keys(doc.webhooks).sort()).toEqual(['document.failed', 'document.processed']);
    expect(JSON.stringify(doc.webhooks['document.processed'])).toContain('webhook-signature');
  });
});
