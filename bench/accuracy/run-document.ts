// One document through the service's own reading and extraction code. With `images`, every page is rendered,
// degraded like a photo or scan and read by OCR only, as uploaded images would be.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { SandboxRunner } from '../../src/pipeline/read/sandbox/run-in-sandbox.js';
import type { ReadDocument } from '../../src/pipeline/model.js';
import { extractBuiltin } from '../../src/pipeline/extract/index.js';
import { sniffFormat } from '../../src/pipeline/fetch/sniff.js';
import { readDocument, readDocumentFromParts, readImageTextOf, type Source } from '../../src/pipeline/read/index.js';
import { lacksVendorName } from '../../src/pipeline/second-look.js';
import type { OcrPool } from '../../src/pipeline/read/ocr/index.js';
import { readPdf, renderPages } from '../../src/pipeline/read/pdf/index.js';
import type { InvoiceResult } from '../../src/pipeline/extract/schemas/invoice.js';
import type { FieldRanker } from '../../src/pipeline/extract/builtin/ranking.js';
import { degradePage, pickDegradation } from './degrade.js';

export interface RunOptions {
  einvoice: boolean;
  images: boolean;
  /** When to OCR the images on PDF text pages, as DOCEX_OCR_PDF_IMAGES (default 'auto', the service's default). */
  imageText?: 'auto' | 'always' | 'off';
  pdfRunner: SandboxRunner;
  /** Needed for scanned PDF pages and for `images`; without it those pages stay empty. */
  ocr: OcrPool | null;
  /** Return the read document too (for inspecting a miss). */
  keepDocument?: boolean;
}

export interface RunOutcome {
  result: InvoiceResult;
  pages: number;
  ms: number;
  document?: ReadDocument;
}

/** Rendering resolution of the image path: what a phone or a 200 dpi scan delivers. */
const IMAGE_DPI = 200;
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp']);

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The pages as a phone or scanner would deliver them: rendered, degraded, JPEG-compressed. */
async function degradedPages(bytes: Uint8Array, file: string, options: RunOptions): Promise<Source[]> {
  const pdf = await readPdf(bytes, { runner: options.pdfRunner });
  const numbers = Array.from({ length: pdf.info.pageCount }, (_, i) => i + 1);
  const rendered = await renderPages(bytes, numbers, IMAGE_DPI, { runner: options.pdfRunner });
  return Promise.all(
    rendered.map(async (page) => {
      const seed = seedOf(`${file}#${page.pageNumber}`);
      return { bytes: await degradePage(page.png, pickDegradation(seed), seed), format: 'jpeg' as const };
    }),
  );
}

export interface ReadOutcome {
  /** The document as the extractor gets it (after the second look, when there was one). */
  document: ReadDocument;
  pages: number;
  /** Reading time (PDF parse, OCR, and the second look with the extraction that asked for it), without the final extraction. */
  readMs: number;
  /** The final extraction with the rules alone, and its time. */
  rules: { result: InvoiceResult; ms: number };
}

/** The builtin engine's dispatch for typeId 0, as the worker calls it, with a fitted ranker when there is one. */
export function extractInvoiceOf(doc: ReadDocument, ranker?: FieldRanker): { result: InvoiceResult; ms: number } {
  const started = performance.now();
  const result = extractBuiltin(doc, 0, true, ranker) as InvoiceResult;
  return { result, ms: performance.now() - started };
}

/**
 * Exactly the service's reading path: the reader the worker uses (readDocument / readDocumentFromParts, with the
 * warm PDF sandboxes and the OCR pool), and the worker's second look (pipeline/process.ts: the images' text when
 * the text layer named no vendor; decided with the rules alone). `--images` submits the degraded pages as a
 * multi-image `single_invoice` job would.
 */
/** Read documents kept on disk between runs (--cache): reading and OCR take minutes, extraction milliseconds. */
export interface ReadCache {
  get(key: string): Promise<ReadDocument | null>;
  set(key: string, doc: ReadDocument): Promise<void>;
}

/** --cache keeps read documents here (ignored by git): for fast iteration; timings are then meaningless. */
const CACHE_DIR = join('.bench', 'accuracy-read-cache');

export function fileReadCache(dir = CACHE_DIR): ReadCache {
  return {
    async get(key) {
      try {
        return JSON.parse(await readFile(join(dir, `${key}.json`), 'utf8')) as ReadDocument;
      } catch {
        return null;
      }
    },
    async set(key, doc) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${key}.json`), JSON.stringify(doc));
    },
  };
}

async function cached(
  cache: ReadCache | undefined,
  key: string,
  read: () => Promise<ReadDocument | null>,
): Promise<ReadDocument | null> {
  const hit = await cache?.get(key);
  if (hit) return hit;
  const doc = await read();
  if (doc) await cache?.set(key, doc);
  return doc;
}

export async function readForBench(file: string, options: RunOptions, cache?: ReadCache): Promise<ReadOutcome> {
  const bytes = await readFile(file);
  const started = performance.now();
  if (!options.ocr) throw new Error('reading needs the OCR pool');
  const imageText = options.imageText ?? 'auto';
  const deps = {
    ocr: options.ocr,
    pdfRunner: options.pdfRunner,
    einvoice: options.einvoice && !options.images,
    imageText: imageText === 'always',
  };
  const key = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}-${deps.einvoice ? 'x' : 'n'}${options.images ? 'i' : 't'}${imageText[0]}`;
  const degraded = options.images && !IMAGE_EXTENSIONS.has(extname(file).toLowerCase());
  let sources: Source[] | null = null;
  const sourcesOf = async (): Promise<Source[]> => {
    if (sources) return sources;
    if (degraded) sources = await degradedPages(bytes, file, options);
    else {
      const format = sniffFormat(bytes);
      if (!format) throw new Error(`${file}: not a document docex reads`);
      sources = [{ bytes, format }];
    }
    return sources;
  };
  let doc = (await cached(cache, key, async () => {
    const parts = await sourcesOf();
    return degraded ? readDocumentFromParts(parts, deps) : readDocument(parts[0]!, deps);
  })) as ReadDocument;
  let rules = extractInvoiceOf(doc);
  if (imageText === 'auto' && lacksVendorName(rules.result)) {
    const first = doc;
    const closer = await cached(cache, `${key}-second`, async () => readImageTextOf(first, await sourcesOf(), deps));
    if (closer) {
      doc = closer;
      rules = extractInvoiceOf(doc);
    }
  }
  return { document: doc, pages: doc.pages.length, readMs: performance.now() - started - rules.ms, rules };
}

/** One document read and extracted with the rules alone (inspect.ts). */
export async function runDocument(file: string, options: RunOptions, cache?: ReadCache): Promise<RunOutcome> {
  const read = await readForBench(file, options, cache);
  const { result, ms } = read.rules;
  return {
    result,
    pages: read.pages,
    ms: read.readMs + ms,
    ...(options.keepDocument ? { document: read.document } : {}),
  };
}
