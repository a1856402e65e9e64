// Binds the pipeline's stages to this process's resources (address rules, OCR pool, PDF sandboxes, blob store,
// metrics) for one job.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { DocumentJob } from '../jobs/types.js';
import { timed, type Metrics } from '../observability/metrics.js';
import { download, type Downloaded } from '../pipeline/fetch/index.js';
import type { Stages } from '../pipeline/process.js';
import type { ReadDocument } from '../pipeline/model.js';
import { readDocumentFromParts, readImageTextOf, type ReaderDeps, type Source } from '../pipeline/read/index.js';
import type { OcrPool } from '../pipeline/read/ocr/index.js';
import type { SandboxRunner } from '../pipeline/read/sandbox/run-in-sandbox.js';
import { archiveKey, contentTypeFor, type BlobStore } from '../storage/index.js';
import type { Extractor } from '../pipeline/extract/index.js';

export interface WorkerResources {
  config: Config;
  ocr: OcrPool;
  pdfRunner: SandboxRunner;
  archive: BlobStore | null;
  extractor: Extractor;
  metrics?: Metrics;
}

export function stagesFor(
  r: WorkerResources,
  job: DocumentJob,
  log: Logger,
  signal: AbortSignal,
): Omit<Stages, 'advance' | 'log'> {
  const { config, metrics } = r;
  const readerDeps: ReaderDeps = {
    ocr: r.ocr,
    pdfRunner: r.pdfRunner,
    log,
    signal,
    imageText: config.ocr.pdfImages === 'always',
    onOcrPage: () => metrics?.ocrPages.inc(),
  };
  return {
    download: (url) =>
      timed(metrics, 'download', async () => {
        const d = await download(url, {
          allowPrivateNetworks: config.allowPrivateNetworks,
          trustedAddresses: config.trustedAddresses,
          maxBytes: config.download.maxBytes,
          totalTimeoutMs: config.download.timeoutMs,
          connectTimeoutMs: config.download.connectTimeoutMs,
          idleTimeoutMs: config.download.idleTimeoutMs,
          signal,
        });
        metrics?.downloadBytes.inc(d.bytes.length);
        log.debug({ bytes: d.bytes.length, format: d.format, redirects: d.redirects.length }, 'downloaded');
        return d;
      }),
    read: (sources) => timed(metrics, 'read', () => readDocumentFromParts(sources, readerDeps)),
    ...(config.ocr.pdfImages === 'auto'
      ? {
          readImageText: (doc: ReadDocument, sources: Source[]) =>
            timed(metrics, 'read_images', () => readImageTextOf(doc, sources, readerDeps)),
        }
      : {}),
    extract: (doc, typeId, requireLineItems) =>
      timed(metrics, 'extract', () => r.extractor.extract(doc, typeId, requireLineItems, { log, signal })),
    archive: (j: DocumentJob, d: Downloaded) =>
      timed(metrics, 'archive', async () => {
        if (!r.archive) return null;
        const key = archiveKey(j.id, d.format, new Date(j.createdAt));
        try {
          await r.archive.put(key, d.bytes, { contentType: contentTypeFor(d.format), jobId: j.id });
          return key;
        } catch (err) {
          // Archiving is best effort: the job goes on, archivedStorageKey stays null.
          log.warn({ err, key }, 'archiving the source failed');
          return null;
        }
      }),
  };
}
