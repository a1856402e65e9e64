// SPEC 4.1: the submission mode comes from the body's shape alone, never from typeId.
import type { ErrorDetail } from '../errors.js';
import { findUnstorable, INT4_MAX, INT4_MIN } from './storable.js';
import { EMAIL_TYPE_ID, type JobMode, type ProcessingMode } from './types.js';

/** The request body after schema validation (src/http/schemas/submit.ts enforces the per-mode rules). */
export interface SubmitBody {
  webhookUrl?: string;
  requireLineItems: boolean;
  documentId: number;
  consumerRefId: string;
  typeId?: number;
  documentUrl?: string;
  documentUrls?: string[];
  processingMode?: ProcessingMode;
  attachments?: string[];
  subject?: string;
  body?: string;
}

/** The validated submission as stored in the job's `payload` column, with every default applied. */
export type SubmissionPayload =
  | (Common & { mode: 'single'; typeId: number; documentUrl: string })
  | (Common & { mode: 'multi'; typeId: number; documentUrls: string[]; processingMode: ProcessingMode })
  | (Common & { mode: 'email'; attachments: string[]; subject: string; body: string });

interface Common {
  webhookUrl: string;
  requireLineItems: boolean;
  documentId: number;
  consumerRefId: string;
}

export function inferMode(body: Pick<SubmitBody, 'attachments' | 'documentUrls'>): JobMode {
  if (Array.isArray(body.attachments)) return 'email';
  if (Array.isArray(body.documentUrls)) return 'multi';
  return 'single';
}

/** Keeps only the fields of the selected mode (unknown and other-mode fields are not stored). */
export function toPayload(body: SubmitBody): SubmissionPayload {
  const common: Common = {
    webhookUrl: body.webhookUrl ?? '',
    requireLineItems: body.requireLineItems,
    documentId: body.documentId,
    consumerRefId: body.consumerRefId,
  };
  switch (inferMode(body)) {
    case 'email':
      return { ...common, mode: 'email', attachments: body.attachments!, subject: body.subject!, body: body.body! };
    case 'multi':
      return {
        ...common,
        mode: 'multi',
        typeId: body.typeId ?? 0,
        documentUrls: body.documentUrls!,
        processingMode: body.processingMode ?? 'single_invoice',
      };
    case 'single':
      return { ...common, mode: 'single', typeId: body.typeId ?? 0, documentUrl: body.documentUrl! };
  }
}

export function typeIdOf(payload: SubmissionPayload): number {
  return payload.mode === 'email' ? EMAIL_TYPE_ID : payload.typeId;
}

/** The URLs a payload will fetch, each with its JSON pointer in the request body. */
function documentUrls(payload: SubmissionPayload): Array<[field: string, url: string]> {
  switch (payload.mode) {
    case 'single':
      return [['/documentUrl', payload.documentUrl]];
    case 'multi':
      return payload.documentUrls.map((u, i) => [`/documentUrls/${i}`, u]);
    case 'email':
      return payload.attachments.map((u, i) => [`/attachments/${i}`, u]);
  }
}

const FETCHABLE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * What the schema cannot say: documents are fetched over http(s) only, so `file:`, `ftp:`, `gopher:`, `data:` or
 * `javascript:` URLs (valid URIs all) are refused at submit instead of failing later in the worker; and nothing
 * PostgreSQL would refuse (jobs/storable.ts) may reach the job row.
 */
export function submissionProblems(payload: SubmissionPayload): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const [field, url] of documentUrls(payload)) {
    let protocol: string | undefined;
    try {
      protocol = new URL(url).protocol;
    } catch {
      protocol = undefined;
    }
    if (!protocol || !FETCHABLE_PROTOCOLS.has(protocol)) {
      problems.push({ field, message: 'must be an absolute http or https URL' });
    }
  }
  problems.push(...findUnstorable(payload));
  const typeId = typeIdOf(payload);
  if (!Number.isInteger(typeId) || typeId < INT4_MIN || typeId > INT4_MAX) {
    problems.push({ field: '/typeId', message: `must be an integer between ${INT4_MIN} and ${INT4_MAX}` });
  }
  if (!Number.isSafeInteger(payload.documentId)) {
    problems.push({ field: '/documentId', message: 'must be a safe integer (|n| <= 2^53 - 1)' });
  }
  return problems;
}
