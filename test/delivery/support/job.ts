// Finished document jobs as the jobs module serialises them (SPEC 2.2), for payload and delivery tests.
import type { DocumentJob } from '../../../src/jobs/types.js';

export const INVOICE_DATA = {
  summary_data: {
    invoice_number: 'RE-2024-0815',
    invoice_date: '2024-05-02',
    seller_name: 'Müller & Söhne GmbH',
    currency: 'EUR',
    net_amount: '100.00',
    tax_amount: '19.00',
    total_amount: '119.00',
  },
  lineItems: [{ description: 'Beratung (Stunde)', quantity: '1', unit_price: '100.00', amount: '100.00' }],
};

export function processedJob(overrides: Partial<DocumentJob> = {}): DocumentJob {
  return {
    id: '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
    clientId: '9a8b7c6d-5e4f-4321-8fed-cba987654321',
    apiKeyId: '11111111-2222-4333-8444-555555555555',
    consumerRefId: 'po-2024-17',
    documentId: 4711,
    typeId: 1,
    mode: 'single',
    requireLineItems: true,
    status: 'processed',
    payload: { consumerRefId: 'po-2024-17', documentId: 4711, documentUrl: 'https://files.example/a.pdf' },
    extractedData: INVOICE_DATA,
    extractionTimeMs: 1234,
    modelCost: '0.000000',
    webhookUrl: 'https://hooks.example/docex',
    webhookStatus: null,
    webhookAttempts: 0,
    webhookResponseCode: null,
    webhookResponseBody: null,
    error: null,
    errorStage: null,
    errorCode: null,
    errorDetail: null,
    parserVersionId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
    parserVersion: 2,
    archivedStorageKey: null,
    createdAt: '2024-05-02T08:00:00.000Z',
    updatedAt: '2024-05-02T08:00:03.210Z',
    ...overrides,
  };
}

export function failedJob(overrides: Partial<DocumentJob> = {}): DocumentJob {
  return processedJob({
    status: 'error',
    extractedData: null,
    extractionTimeMs: null,
    modelCost: null,
    parserVersionId: null,
    parserVersion: null,
    error: 'The downloaded file is not a PDF, JPEG, PNG, TIFF, WebP or XML document.',
    errorStage: 'parsing',
    errorCode: 'unsupported_format',
    errorDetail: { contentType: 'text/html' },
    ...overrides,
  });
}
