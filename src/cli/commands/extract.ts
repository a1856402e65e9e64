// `docex extract FILE_OR_URL`: the service's reader and builtin extractor on one document, without a server or a
// database, for people evaluating extraction. A URL is downloaded by the service's safe downloader under the same
// address policy (DOCEX_ALLOW_PRIVATE_NETWORKS, DOCEX_TRUSTED_ADDRESSES); a file is read from disk.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { loadConfig, type Config } from '../../config.js';
import { createLogger } from '../../logger.js';
import { PipelineError } from '../../pipeline/errors.js';
import { CliError, cliIo, print, printJson } from '../output.js';
import { explainPipelineError } from '../pipeline-errors.js';

const TYPES = [0, 1, 2, 3, 4, 5, 9];

interface ExtractOptions {
  type: string;
  lineItems: boolean;
  json?: boolean;
}

async function loadSource(target: string, config: Config): Promise<{ bytes: Buffer; origin: string }> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    const { download } = await import('../../pipeline/fetch/index.js');
    const d = await download(target, {
      allowPrivateNetworks: config.allowPrivateNetworks,
      trustedAddresses: config.trustedAddresses,
      maxBytes: config.download.maxBytes,
      totalTimeoutMs: config.download.timeoutMs,
      connectTimeoutMs: config.download.connectTimeoutMs,
    });
    return { bytes: d.bytes, origin: d.finalUrl };
  }
  try {
    return { bytes: await readFile(target), origin: target };
  } catch (err) {
    throw new CliError(`cannot read ${target}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

async function extract(target: string, opts: ExtractOptions): Promise<void> {
  const typeId = Number(opts.type);
  if (!Number.isInteger(typeId) || !TYPES.includes(typeId))
    throw new CliError(`--type must be one of ${TYPES.join(', ')}, got ${JSON.stringify(opts.type)}`);
  const config = loadConfig(cliIo().env);
  const logger = createLogger(cliIo().env.LOG_LEVEL ? config.logLevel : 'warn', 2, config.logFormat);
  // Loaded here: pdfjs, OCR and the extractors are heavy, and the other commands never need them.
  const [{ sniffFormat }, read, { extractBuiltin }, { committedRanker }, { lacksVendorName }, { createOcrPool }] =
    await Promise.all([
      import('../../pipeline/fetch/index.js'),
      import('../../pipeline/read/index.js'),
      import('../../pipeline/extract/index.js'),
      import('../../pipeline/extract/rank/index.js'),
      import('../../pipeline/second-look.js'),
      import('../../pipeline/read/ocr/index.js'),
    ]);
  // What the service runs for a type without an active parser version: the builtin engine with the learned ranker.
  const extractData = (doc: Parameters<typeof extractBuiltin>[0]) =>
    extractBuiltin(doc, typeId, opts.lineItems, committedRanker());
  const started = Date.now();
  const { bytes, origin } = await loadSource(target, config);
  const format = sniffFormat(bytes);
  if (format === null) throw new CliError(`${origin} is not a PDF, image (PNG, JPEG, TIFF, WebP) or e-invoice XML`);
  // The service's OCR engine (DOCEX_OCR_ENGINE), one page at a time: a single document needs no more.
  const ocr = await createOcrPool({
    engine: config.ocr.engine,
    size: 1,
    pageTimeoutMs: config.ocr.pageTimeoutMs,
    paddle: { threads: config.ocr.threads, detectionBandRows: config.ocr.detectionBandRows },
    logger,
  });
  try {
    const deps = { ocr, log: logger, imageText: config.ocr.pdfImages === 'always' };
    const sources = [{ bytes, format }];
    let doc = await read.readDocumentFromParts(sources, deps);
    let data = extractData(doc);
    // The worker's second look: the images on a PDF's text pages when the text layer named no vendor.
    if (config.ocr.pdfImages === 'auto' && lacksVendorName(data)) {
      const closer = await read.readImageTextOf(doc, sources, deps);
      if (closer) {
        doc = closer;
        data = extractData(doc);
      }
    }
    const ms = Date.now() - started;
    if (opts.json) printJson(data);
    else {
      print(`${origin}: ${format}, ${doc.pages.length} page(s), type ${typeId}, read and extracted in ${ms} ms\n`);
      print(JSON.stringify(data, null, 2) + '\n');
    }
  } finally {
    await ocr.close();
  }
}

export function registerExtractCommand(program: Command): void {
  program
    .command('extract')
    .description('read and extract one document (file or URL) offline: no server, no database')
    .argument('<fileOrUrl>', 'a PDF, image or e-invoice XML file, or an http(s) URL')
    .option('--type <typeId>', `document type (${TYPES.join(', ')}; 0 = invoice)`, '0')
    .option('--no-line-items', 'skip line items (requireLineItems: false)')
    .option('--json', 'print only the extracted data as JSON')
    .action(async (target: string, opts: ExtractOptions) => {
      try {
        await extract(target, opts);
      } catch (err) {
        if (err instanceof PipelineError) throw new CliError(explainPipelineError(err));
        throw err;
      }
    });
}
