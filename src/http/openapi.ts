// The OpenAPI 3.1 document is generated from the route schemas (never written by hand) and served at
// GET /v1/openapi.json without authentication, like the published specs of comparable APIs.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { webhookOpenApiPathItems } from '../delivery/openapi.js';
import { finalizeOpenApi } from './openapi-finalize.js';
import { extractionResultSchemas } from '../pipeline/extract/schemas/index.js';
import { VERSION as version } from '../ids.js';

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'docex API',
      version,
      description:
        'Asynchronous document extraction. Submit invoices and related documents by URL, receive structured data ' +
        'by webhook or poll the job. Every /v1 route needs the `x-client-id` and `x-client-secret` headers. ' +
        'Errors are JSON `{statusCode, error, code, message[, details]}`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This docex instance' }],
    // The results docex POSTs to webhookUrl (OpenAPI 3.1 `webhooks`), one per event type.
    webhooks: webhookOpenApiPathItems() as never,
    components: {
      // extractedData / processed_data shapes, one per document type.
      schemas: extractionResultSchemas() as never,
      securitySchemes: {
        clientId: { type: 'apiKey', in: 'header', name: 'x-client-id', description: 'API key client id (<CLIENT_ID>)' },
        clientSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'x-client-secret',
          description: 'API key secret (<CLIENT_SECRET>), shown once when the key is created',
        },
      },
    },
    security: [{ clientId: [], clientSecret: [] }],
    tags: [
      { name: 'documents', description: 'Submit and retrieve document jobs' },
      { name: 'operations', description: 'Health and readiness probes (no authentication)' },
      { name: 'webhooks', description: 'Results delivered to your webhookUrl, signed per Standard Webhooks' },
    ],
  },
  // Typed results ($ref per document type), $refs instead of inlined components, an operationId everywhere.
  transformObject: (document) =>
    'openapiObject' in document
      ? (finalizeOpenApi(document.openapiObject as Record<string, unknown>) as never)
      : document.swaggerObject,
  refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
};
