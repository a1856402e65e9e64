// Every string a client sends in a body, path or query string is checked for what PostgreSQL cannot store (NUL,
// unpaired surrogates: see jobs/storable.ts) before validation and before any handler runs, so such input is a
// 400 naming the field in every route instead of a driver error (500) deep in a query.
import type { FastifyInstance } from 'fastify';
import { AppError, type ErrorDetail } from '../../errors.js';
import { findUnstorable } from '../../jobs/storable.js';

export function registerStorableInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const details: ErrorDetail[] = [
      ...findUnstorable(request.body),
      ...findUnstorable(request.params).map((d) => ({ ...d, message: `params: ${d.message}` })),
      ...findUnstorable(request.query).map((d) => ({ ...d, message: `querystring: ${d.message}` })),
    ];
    if (details.length === 0) return;
    const summary = details.map((d) => `${d.field} ${d.message}`).join('; ');
    throw new AppError('validation_error', `Invalid request: ${summary}`, details);
  });
}
