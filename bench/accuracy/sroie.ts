// Header fields on receipts in the ICDAR 2019 SROIE format (scanned Malaysian shop receipts): each receipt is a box
// file (one text line per row, `x1,y1,x2,y2,x3,y3,x4,y4,TEXT`, the competition's transcription) and a key file
// (`{"company", "date", "address", "total"}`), or a record of the Hugging Face conversion's `metadata.jsonl` (the
// same text lines with two-corner boxes, the key as `entities`, the image's size). By default the boxes are read as
// an OCR page with perfect text, so the figures isolate extraction from OCR: what the layout path makes of a receipt
// it reads without a single misread character. The set is not shipped (its licence is the competition's); point the
// script at a folder holding `<id>.csv` and `<id>.json` pairs or at a metadata.jsonl:
//   npx tsx bench/accuracy/sroie.ts DIR|FILE.jsonl [--misses] [--noise 0.02] [--seed 1] [--offset N] [--limit N]
//   npx tsx bench/accuracy/sroie.ts DIR|FILE.jsonl --ocr OUT_DIR [--cache] [--misses]
// `--noise R` misreads characters at rate R the way OCR does (O/0, I/1, S/5, B/8, a dropped character, a split word),
// seeded: how much of the figure survives a reader with that character error rate. `--ocr OUT_DIR` prints each
// receipt from its transcription and scans it (sroie-render.ts; the images are kept in OUT_DIR), then reads it with
// docex's OCR: OCR and extraction together, on real layouts and words with synthetic printing and damage.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Line, ReadDocument, Word } from '../../src/pipeline/model.js';
import { extractInvoice } from '../../src/pipeline/extract/builtin/index.js';
import { parseDate } from '../../src/pipeline/extract/parse/index.js';
import { mapLimit, progress } from '../pipeline/stats.js';
import { random } from './degrade.js';
import { misread } from './misread.js';
import { normalizeValue } from './normalize.js';
import type { BoxLine } from './sroie-render.js';

interface Key {
  company?: string;
  date?: string;
  total?: string;
}

/** One box line: eight corner coordinates, then the text (which may hold commas). */
function lineOf(row: string): Line | null {
  const parts = row.split(',');
  if (parts.length < 9) return null;
  const coords = parts.slice(0, 8).map(Number);
  if (coords.some((n) => !Number.isFinite(n))) return null;
  const text = parts.slice(8).join(',').trim();
  if (text === '') return null;
  const xs = [coords[0], coords[2], coords[4], coords[6]] as number[];
  const ys = [coords[1], coords[3], coords[5], coords[7]] as number[];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  const width = Math.max(1, Math.max(...xs) - x);
  const height = Math.max(1, Math.max(...ys) - y);
  // Word boxes by character share of the line's width, as an OCR engine's would roughly fall.
  const tokens = text.split(/\s+/).filter((t) => t.length > 0);
  const perChar = width / text.length;
  const words: Word[] = [];
  let cursor = x;
  for (const token of tokens) {
    const w = token.length * perChar;
    words.push({ text: token, bbox: { x: cursor, y, width: w, height }, confidence: 0.95 });
    cursor += w + perChar;
  }
  return { text: tokens.join(' '), bbox: { x, y, width, height }, words, confidence: 0.95 };
}

export function receiptDocument(boxes: string, noise = 0, seed = 1): ReadDocument {
  const next = random(seed);
  const lines = boxes
    .split(/\r?\n/)
    .map((row) => {
      if (noise === 0) return row;
      const parts = row.split(',');
      return [...parts.slice(0, 8), misread(parts.slice(8).join(','), noise, next)].join(',');
    })
    .map(lineOf)
    .filter((l): l is Line => l !== null)
    .sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x);
  const width = Math.max(1, ...lines.map((l) => l.bbox.x + l.bbox.width));
  const height = Math.max(1, ...lines.map((l) => l.bbox.y + l.bbox.height));
  return {
    format: 'png',
    pages: [{ number: 1, width, height, unit: 'px', source: 'ocr', lines, ocrEngine: 'ground-truth' }],
    einvoice: null,
    info: {},
  };
}

/** SROIE dates are printed as on the receipt: day first in Malaysia ("27/09/2017", "27-09-17", "27 SEP 2017"). */
const labelDate = (text: string): string | null => parseDate(text.trim(), { order: 'DMY' })?.iso ?? null;

interface Outcome {
  id: string;
  field: string;
  expected: string;
  actual: string | null;
}

/** One receipt: its id, its box file's text, its key, and the size of its image where the source gives it. */
interface Receipt {
  id: string;
  boxes: string;
  key: Key;
  size: { width: number; height: number } | null;
}

/** A record of a `metadata.jsonl` (the Hugging Face conversion: `key`, `image_size`, `entities`, `words`, `bboxes`). */
interface MetadataRecord {
  key: string;
  image_size?: { width: number; height: number };
  entities: Key;
  words: string[];
  bboxes: Array<[number, number, number, number]>;
}

/** The receipts of a folder of `<id>.csv` + `<id>.json` pairs, or of a metadata.jsonl (its broken lines skipped). */
function loadReceipts(source: string): Receipt[] {
  if (source.endsWith('.jsonl')) {
    const receipts: Receipt[] = [];
    for (const row of readFileSync(source, 'utf8').split('\n')) {
      let record: MetadataRecord;
      try {
        record = JSON.parse(row) as MetadataRecord;
      } catch {
        continue;
      }
      if (!record.key || !Array.isArray(record.words) || record.words.length !== record.bboxes?.length) continue;
      const boxes = record.words
        .map((text, i) => {
          const [x1, y1, x2, y2] = record.bboxes[i] as [number, number, number, number];
          return `${x1},${y1},${x2},${y1},${x2},${y2},${x1},${y2},${text}`;
        })
        .join('\n');
      receipts.push({ id: record.key, boxes, key: record.entities, size: record.image_size ?? null });
    }
    return receipts.sort((a, b) => a.id.localeCompare(b.id));
  }
  return readdirSync(source)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => f.slice(0, -4))
    .sort()
    .map((id) => ({
      id,
      boxes: readFileSync(join(source, `${id}.csv`), 'utf8'),
      key: JSON.parse(readFileSync(join(source, `${id}.json`), 'utf8')) as Key,
      size: null,
    }));
}

/** The transcription's lines as boxes in pixels, for rendering. */
function boxLines(doc: ReadDocument): BoxLine[] {
  return (doc.pages[0]?.lines ?? []).map((l) => ({ text: l.text, ...l.bbox }));
}

interface OcrReader {
  read(receipt: Receipt, seed: number): Promise<ReadDocument>;
  close(): Promise<void>;
}

/**
 * --ocr: each receipt rendered and scanned (sroie-render.ts), kept as `<id>-s<seed>.jpg` in the output folder (made
 * once, then reused), and read by docex's reader with its OCR pool as a customer's upload would be (with the second
 * look on images when the vendor is missing, as the worker does).
 */
async function ocrReader(outDir: string, cache: boolean): Promise<OcrReader> {
  const { createOcrPool } = await import('../../src/pipeline/read/ocr/index.js');
  const { createPdfSandboxPool } = await import('../../src/pipeline/read/pdf/index.js');
  const { scannedReceipt } = await import('./sroie-render.js');
  const { readForBench, fileReadCache } = await import('./run-document.js');
  mkdirSync(outDir, { recursive: true });
  const pdfRunner = createPdfSandboxPool({ maxWorkers: 1 });
  const ocr = await createOcrPool({ size: 2, pageTimeoutMs: 300_000 });
  const readCache = cache ? fileReadCache() : undefined;
  return {
    async read(receipt, seed) {
      const file = join(outDir, `${receipt.id}-s${seed}.jpg`);
      if (!existsSync(file)) {
        const lines = boxLines(receiptDocument(receipt.boxes));
        const size = receipt.size ?? {
          width: Math.ceil(Math.max(...lines.map((l) => l.x + l.width)) + 20),
          height: Math.ceil(Math.max(...lines.map((l) => l.y + l.height)) + 40),
        };
        writeFileSync(file, await scannedReceipt(lines, size, seed, pdfRunner));
      }
      const options = { einvoice: false, images: false, pdfRunner, ocr };
      return (await readForBench(file, options, readCache)).document;
    },
    async close() {
      await ocr.close();
      await pdfRunner.close();
    },
  };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const valued = ['--noise', '--seed', '--ocr', '--limit', '--offset'];
  const option = (name: string): string | null => {
    const i = argv.indexOf(name);
    return i >= 0 ? (argv[i + 1] ?? null) : null;
  };
  const noise = Number(option('--noise') ?? 0);
  const seed = Number(option('--seed') ?? 1);
  const ocrDir = option('--ocr');
  const source = argv.find((a, i) => !a.startsWith('--') && !valued.includes(argv[i - 1] ?? ''));
  if (!source)
    throw new Error(
      'usage: sroie.ts DIR|metadata.jsonl [--misses] [--noise RATE] [--seed N] [--ocr OUT_DIR [--cache]] [--offset N] [--limit N]',
    );
  const offset = Number(option('--offset') ?? 0);
  const all = loadReceipts(source);
  const receipts = all.slice(offset, offset + Number(option('--limit') ?? all.length));
  const reader = ocrDir ? await ocrReader(ocrDir, argv.includes('--cache')) : null;
  let ms = 0;
  let done = 0;
  // Two at a time with OCR: the pool reads two pages at once.
  const perReceipt = await mapLimit(receipts, reader ? 2 : 1, async (receipt, index) => {
    const doc = reader
      ? await reader.read(receipt, seed + offset + index)
      : receiptDocument(receipt.boxes, noise, seed + offset + index);
    const started = performance.now();
    const summary = extractInvoice(doc, { requireLineItems: true, documentType: 'invoice' }).summary_data;
    ms += performance.now() - started;
    const found: Outcome[] = [];
    const push = (field: string, expected: string | null, actual: string | null) => {
      if (expected !== null) found.push({ id: receipt.id, field, expected, actual });
    };
    const key = receipt.key;
    push('vendor_name', normalizeValue(key.company, 'name'), normalizeValue(summary.vendor_name, 'name'));
    push('invoice_date', key.date ? labelDate(key.date) : null, normalizeValue(summary.invoice_date, 'date'));
    // Keys sometimes keep the printed currency ("RM 57.40", "$8.20").
    const total = key.total?.replace(/[^\d.-]/g, '');
    push('total', normalizeValue(total, 'amount'), normalizeValue(summary.total, 'amount'));
    done++;
    if (reader && done % 10 === 0) progress(`${done} of ${receipts.length} read`);
    return found;
  });
  await reader?.close();
  const outcomes = perReceipt.flat();
  const reading = reader
    ? `rendered, scanned and read by docex's OCR, seed ${seed}`
    : noise > 0
      ? `transcription misread at ${noise} per character, seed ${seed}, no OCR`
      : 'ground-truth text, no OCR';
  console.log(`SROIE-format receipts: ${receipts.length} from ${source} (${reading})\n`);
  console.log('| field | correct |');
  console.log('|---|---|');
  for (const field of ['vendor_name', 'invoice_date', 'total']) {
    const mine = outcomes.filter((o) => o.field === field);
    const right = mine.filter((o) => o.actual === o.expected).length;
    console.log(
      `| ${field} | ${((100 * right) / Math.max(1, mine.length)).toFixed(1)}% (${right} of ${mine.length}) |`,
    );
  }
  console.log(`\nextraction ${(ms / Math.max(1, receipts.length)).toFixed(1)} ms per receipt`);
  if (argv.includes('--misses')) {
    console.log('\n### Misses');
    for (const o of outcomes.filter((x) => x.actual !== x.expected))
      console.log(`${o.id} ${o.field}: want ${JSON.stringify(o.expected)} got ${JSON.stringify(o.actual)}`);
  }
}

if (process.argv[1]?.endsWith('sroie.ts')) await main();
