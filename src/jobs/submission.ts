// SPEC 4.1: the submission mode comes from the body's shape alone, never from typeId.
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
