// The pipeline of one job, per mode: download -> read -> extract (email jobs classify and triage first).
// Stages are injected (see worker/stages.ts), so this file is only the order of things and what a failure means:
// in single and multi `single_invoice` jobs any failure fails the job; in `multiple_invoices` and email jobs each
// document succeeds or fails on its own, and the job fails only when every document failed.
import type { Logger } from 'pino';
import type { Downloaded } from './fetch/index.js';
import { isDatabaseOutage, PipelineError } from './errors.js';
import type { ReadDocument } from './model.js';
import type { Source } from './read/index.js';
import type { SubmissionPayload } from '../jobs/submission.js';
import type { DocumentJob, JobStatus } from '../jobs/types.js';
import { EXTRACTED_KINDS, assessEmail, decideIsInvoice, triageAttachment } from './classify/index.js';
import type { DocumentEntry } from './extract/schemas/documents.js';
import { lacksVendorName } from './second-look.js';

/**
 * A document of a multi-document job fails on its own, unless the database went away: that is no fact about the
 * document, so the whole job goes back to the queue (see task.ts) instead of reporting the document as failed.
 */
function rethrowOutage(err: unknown): void {
  if (isDatabaseOutage(err)) throw err;
}

export interface Extracted {
  data: Record<string, unknown> & { summary_data?: unknown; lineItems?: unknown[] };
  parserVersionId: string | null;
  parserVersion: number | null;
  modelCost: string | null;
}

export interface Stages {
  download(url: string): Promise<Downloaded>;
  read(sources: Source[]): Promise<ReadDocument>;
  extract(doc: ReadDocument, typeId: number, requireLineItems: boolean): Promise<Extracted>;
  /**
   * A second look at a document whose builtin extraction found no vendor: the text of the images on its PDF text
   * pages (a logo). Null when there is nothing more to read; absent when the service is configured without it.
   */
  readImageText?(doc: ReadDocument, sources: Source[]): Promise<ReadDocument | null>;
  /** Stores the source of a single-mode job; returns its key, or null when archiving is off or failed. */
  archive(job: DocumentJob, downloaded: Downloaded): Promise<string | null>;
  /** Moves the job to its next working status (email jobs). */
  advance(status: JobStatus): Promise<void>;
  log: Logger;
}

export interface Processed {
  extractedData: unknown;
  archivedStorageKey: string | null;
  parserVersionId: string | null;
  parserVersion: number | null;
  modelCost: string | null;
}

/** Documents of one job are downloaded at most this many at a time. */
const DOWNLOAD_CONCURRENCY = 4;

async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}

const toSource = (d: Downloaded): Source => ({ bytes: d.bytes, format: d.format });

function errorInfo(err: unknown) {
  if (err instanceof PipelineError)
    return { message: err.message, stage: err.stage, code: err.code, detail: err.detail };
  return {
    message: 'Unexpected error while processing this document.',
    stage: 'extraction',
    code: 'internal_error',
    detail: {},
  };
}

function sumCosts(costs: Array<string | null>): string | null {
  const present = costs.filter((c): c is string => c !== null);
  if (present.length === 0) return null;
  // Six-decimal strings: add in millionths as integers (exact).
  const micros = present.reduce((sum, c) => sum + BigInt(c.replace('.', '')), 0n);
  const s = micros.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
}

function fromEntries(
  kind: 'multiple_documents' | 'email',
  entries: DocumentEntry[],
  extracted: Array<Extracted | null>,
  extra: Record<string, unknown>,
): Processed {
  const primary = extracted.find((e): e is Extracted => e !== null);
  return {
    extractedData: {
      document_type: kind,
      ...extra,
      summary_data: primary?.data.summary_data ?? null,
      lineItems: primary?.data.lineItems ?? [],
      documents: entries,
    },
    archivedStorageKey: null,
    parserVersionId: primary?.parserVersionId ?? null,
    parserVersion: primary?.parserVersion ?? null,
    modelCost: sumCosts(extracted.map((e) => e?.modelCost ?? null)),
  };
}

/** Every document failed: the job fails with the first document's error, and the others in its detail. */
function allFailed(entries: DocumentEntry[], errors: unknown[]): never {
  const first = errors[0];
  const base = errorInfo(first);
  throw new PipelineError(
    base.stage as PipelineError['stage'],
    base.code as PipelineError['code'],
    entries.length === 1 ? base.message : `None of the ${entries.length} documents could be processed: ${base.message}`,
    { ...base.detail, documents: entries.map((e) => ({ index: e.index, source_url: e.source_url, error: e.error })) },
    first instanceof PipelineError ? first.transient : false,
    { cause: first },
  );
}

/**
 * Extracts a read document; when the result lacks the vendor and the PDF paints images on its text pages, reads
 * their text and extracts again. Only for the builtin engine (an LLM engine would be paid twice).
 */
async function extractWithSecondLook(
  s: Stages,
  doc: ReadDocument,
  sources: Source[],
  typeId: number,
  requireLineItems: boolean,
): Promise<Extracted> {
  const first = await s.extract(doc, typeId, requireLineItems);
  if (!s.readImageText || first.modelCost !== null || !lacksVendorName(first.data)) return first;
  const closer = await s.readImageText(doc, sources);
  return closer ? s.extract(closer, typeId, requireLineItems) : first;
}

async function processSingle(
  job: DocumentJob,
  p: Extract<SubmissionPayload, { mode: 'single' }>,
  s: Stages,
): Promise<Processed> {
  const downloaded = await s.download(p.documentUrl);
  const archivedStorageKey = await s.archive(job, downloaded);
  const sources = [toSource(downloaded)];
  const e = await extractWithSecondLook(s, await s.read(sources), sources, p.typeId, p.requireLineItems);
  return {
    extractedData: e.data,
    archivedStorageKey,
    parserVersionId: e.parserVersionId,
    parserVersion: e.parserVersion,
    modelCost: e.modelCost,
  };
}

async function processMulti(p: Extract<SubmissionPayload, { mode: 'multi' }>, s: Stages): Promise<Processed> {
  if (p.processingMode === 'single_invoice') {
    const downloads = await mapBounded(p.documentUrls, DOWNLOAD_CONCURRENCY, (url) => s.download(url));
    const sources = downloads.map(toSource);
    const e = await extractWithSecondLook(s, await s.read(sources), sources, p.typeId, p.requireLineItems);
    return {
      extractedData: e.data,
      archivedStorageKey: null,
      parserVersionId: e.parserVersionId,
      parserVersion: e.parserVersion,
      modelCost: e.modelCost,
    };
  }
  const errors: unknown[] = [];
  const extracted: Array<Extracted | null> = [];
  const entries = await mapBounded(p.documentUrls, DOWNLOAD_CONCURRENCY, async (url, index): Promise<DocumentEntry> => {
    try {
      const sources = [toSource(await s.download(url))];
      const e = await extractWithSecondLook(s, await s.read(sources), sources, p.typeId, p.requireLineItems);
      extracted[index] = e;
      return { index, source_url: url, status: 'processed', error: null, result: e.data };
    } catch (err) {
      rethrowOutage(err);
      s.log.warn({ err, index }, 'document of a multiple_invoices job failed');
      errors[index] = err;
      extracted[index] = null;
      const { message, stage, code } = errorInfo(err);
      return { index, source_url: url, status: 'error', error: { message, stage, code }, result: null };
    }
  });
  if (entries.every((e) => e.status === 'error')) allFailed(entries, errors.filter(Boolean));
  return fromEntries('multiple_documents', entries, extracted, {});
}

function firstPageText(doc: ReadDocument): string {
  return (doc.pages[0]?.lines ?? [])
    .map((l) => l.text)
    .join('\n')
    .slice(0, 20_000);
}

async function processEmail(p: Extract<SubmissionPayload, { mode: 'email' }>, s: Stages): Promise<Processed> {
  const assessment = assessEmail({ subject: p.subject, body: p.body });
  const email = assessment.classification;
  s.log.info({ intent: email.intent, score: email.score, language: email.language }, 'email classified');

  // Every attachment is downloaded, read and triaged: an attachment that is an invoice counts even when the email
  // text does not say so, and the others are reported as skipped with their kind.
  const errors: unknown[] = [];
  const read = await mapBounded(p.attachments, DOWNLOAD_CONCURRENCY, async (url, index) => {
    try {
      const sources = [toSource(await s.download(url))];
      const doc = await s.read(sources);
      const triage = doc.einvoice
        ? { kind: 'invoice' as const, score: 1, reasons: ['e-invoice XML'] }
        : triageAttachment({
            filename: new URL(url).pathname.split('/').pop(),
            text: firstPageText(doc),
            pageCount: doc.pages.length,
          });
      return { index, url, doc, sources, triage, error: null as unknown };
    } catch (err) {
      rethrowOutage(err);
      errors[index] = err;
      return { index, url, doc: null, sources: [], triage: null, error: err };
    }
  });

  await s.advance('extracting_from_attachments');
  const extracted: Array<Extracted | null> = [];
  const entries: DocumentEntry[] = [];
  for (const r of read) {
    extracted[r.index] = null;
    if (!r.doc || !r.triage) {
      const { message, stage, code } = errorInfo(r.error);
      entries.push({
        index: r.index,
        source_url: r.url,
        status: 'error',
        error: { message, stage, code },
        result: null,
      });
      continue;
    }
    if (!EXTRACTED_KINDS.has(r.triage.kind)) {
      entries.push({
        index: r.index,
        source_url: r.url,
        status: 'skipped',
        attachment_kind: r.triage.kind,
        skipped_reason: `not an invoice (${r.triage.kind})`,
        error: null,
        result: null,
      });
      continue;
    }
    try {
      const e = await extractWithSecondLook(s, r.doc, r.sources, 0, p.requireLineItems);
      extracted[r.index] = e;
      entries.push({
        index: r.index,
        source_url: r.url,
        status: 'processed',
        attachment_kind: r.triage.kind,
        error: null,
        result: e.data,
      });
    } catch (err) {
      rethrowOutage(err);
      errors[r.index] = err;
      const { message, stage, code } = errorInfo(err);
      entries.push({
        index: r.index,
        source_url: r.url,
        status: 'error',
        attachment_kind: r.triage.kind,
        error: { message, stage, code },
        result: null,
      });
    }
  }
  if (entries.every((e) => e.status === 'error')) allFailed(entries, errors.filter(Boolean));
  // is_invoice combines the text's intent with the attachments' triage (classify/decision.ts); its reason joins email.reasons.
  const decision = decideIsInvoice(
    assessment,
    entries.map((e) => ({ kind: e.attachment_kind ?? null, extracted: e.status === 'processed' })),
  );
  const reasons = [...email.reasons, decision.reason];
  return fromEntries('email', entries, extracted, { email: { ...email, reasons }, is_invoice: decision.isInvoice });
}

export async function processJob(job: DocumentJob, stages: Stages): Promise<Processed> {
  const payload = job.payload as SubmissionPayload;
  switch (payload.mode) {
    case 'single':
      return processSingle(job, payload, stages);
    case 'multi':
      return processMulti(payload, stages);
    case 'email':
      return processEmail(payload, stages);
  }
}
