// Every processing failure is classified: a stage, a code from a closed set, a sentence a person understands and
// structured facts. The worker records them on the job (error, errorStage, errorCode, errorDetail) and decides
// from `transient` whether a retry can help. The README lists the codes.

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
  // delivery
  'webhook_exhausted',
  'webhook_gone',
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
