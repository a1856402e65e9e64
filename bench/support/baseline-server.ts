// The baseline of bench:submit: a bare Fastify route with the same body schema and validator settings as
// POST /v1/documents, no authentication and no database. Run as its own process, like the service.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { SubmitBodySchema, SubmitResponseSchema } from '../../src/http/schemas/submit.js';

const app = Fastify({ ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false } } });
app.post(
  '/v1/documents',
  { schema: { body: SubmitBodySchema, response: { 202: SubmitResponseSchema } } },
  async (request, reply) => {
    const body = request.body as { consumerRefId: string };
    return reply.code(202).send({ jobId: randomUUID(), consumerRefId: body.consumerRefId });
  },
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
