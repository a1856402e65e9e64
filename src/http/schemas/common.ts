import { Type, type TSchema } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer({ examples: [400] }),
    error: Type.String({ description: 'HTTP reason phrase', examples: ['Bad Request'] }),
    code: Type.String({
      description: 'Machine-readable code from a closed set (see README "Errors")',
      examples: ['validation_error'],
    }),
    message: Type.String({ examples: ["body must have required property 'consumerRefId'"] }),
    details: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.String({ description: 'JSON pointer into the request, e.g. /documentUrls/0' }),
          message: Type.String(),
        }),
        { description: 'Present on 400s: one entry per invalid field' },
      ),
    ),
  },
  { $id: 'ErrorResponse', title: 'Error' },
);

const ref = Type.Ref('ErrorResponse');
const err = (description: string) => ({ ...ref, description });

/** The error responses every authenticated /v1 route can return. */
export const authErrors = {
  401: err(
    'Missing headers (`Missing x-client-id or x-client-secret headers`) or invalid credentials (`Invalid client_id or client_secret`)',
  ),
  403: err('Valid key used from an address outside its IP allowlist (code `ip_not_allowed`)'),
  429: err('Too many failed authentications from this client id or address (`rate_limited`); see Retry-After'),
  500: err('Unexpected failure (code `internal_error`); never carries a stack or driver message'),
  503: err('The database is unreachable or authentication is saturated (`service_unavailable`); see Retry-After'),
};

export { ref as errorRef, err as errorResponse };
