// Every processing failure is classified: a stage, a code from a closed set, a sentence a person understands and
// structured facts. The worker records them on the job (error, errorStage, errorCode, errorDetail) and decides
// from `transient` whether a retry can help. The README lists the codes.
import { isDatabaseUnavailable } from '../jobs/database-errors.js';

export type ErrorStage = 'download' | 'parsing' | 'extraction' | 'delivery';

export const PIPELINE_ERROR_CODES = [
  // download
  'url_invalid', // not an absolute http(s) URL
  'url_not_allowed', // scheme or resolved address refused (private, loopback, metadata, ...)
  'dns_failed', // the host name does not resolve
  'connection_failed', // refused, reset, TLS failure
  'download_http_error', // the server answered a non-2xx status
  'download_timeout', // connect or total time limit
  'download_too_large', // over the byte cap
  'too_many_redirects', // more than 5
  // parsing
  'empty_document', // zero bytes
  'unsupported_format', // magic bytes are none of PDF, JPEG, PNG, TIFF, WebP, XML
  'pdf_encrypted', // password protected
  'pdf_corrupt', // not a readable PDF
  'image_corrupt', // not a decodable image
  'xml_invalid', // not well-formed XML, or neither CII nor UBL
  'xml_forbidden_construct', // DOCTYPE / entity declarations (XXE defence)
  'no_text_found', // no text layer and OCR found nothing
  'ocr_failed', // the OCR engine failed
  'resource_limit', // a parser exceeded its memory or page budget
  'timeout', // a stage exceeded its time limit
  // extraction
  'extraction_failed',
  'worker_crashed', // every attempt ended with its worker process dead (killed for memory, a crash); detail.attempts
  // delivery
  'webhook_exhausted',
  'webhook_gone',
  'webhook_url_not_allowed', // the address policy refuses the webhook URL: a configuration error, not retried
  'webhook_url_invalid', // the webhook URL is not an http(s) URL without credentials: not retried
  // anything unexpected
  'internal_error',
] as const;

export type PipelineErrorCode = (typeof PIPELINE_ERROR_CODES)[number];

export class PipelineError extends Error {
  constructor(
    readonly stage: ErrorStage,
    readonly code: PipelineErrorCode,
    message: string,
    readonly detail: Record<string, unknown> = {},
    /** True when retrying later may succeed (a 503, a timeout, a reset); false for a 404 or a corrupt file. */
    readonly transient = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PipelineError';
  }
}

/**
 * The database (not the document) failed: a lost connection or a server restarting, raised by a query of the
 * pipeline itself. A PipelineError is never one, even when its cause is a socket error: the stages wrap what the
 * document's host or a model server did into PipelineErrors, and those are facts about the document.
 */
export function isDatabaseOutage(err: unknown): boolean {
  return !(err instanceof PipelineError) && isDatabaseUnavailable(err);
}
