// Header fields on receipts in the ICDAR 2019 SROIE format (scanned Malaysian shop receipts): each receipt is a box
// file (one text line per row, `x1,y1,x2,y2,x3,y3,x4,y4,TEXT`, the competition's transcription) and a key file
// (`{"company", "date", "address", "total"}`). The boxes are read as an OCR page with perfect text, so the figures
// isolate extraction from OCR: what the layout path makes of a receipt it reads without a single misread character.
// The set is not shipped (its licence is the competition's); point the script at a folder holding `<id>.csv` and
// `<id>.json` pairs:
//   npx tsx bench/accuracy/sroie.ts DIR [--misses] [--noise 0.02] [--seed 1]
// `--noise R` misreads characters at rate R the way OCR does (O/0, I/1, S/5, B/8, a dropped character, a split word),
// seeded: how much of the figure survives a reader with that character error rate.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Line, ReadDocument, Word } from '../../src/pipeline/model.js';
import { extractInvoice } from '../../src/pipeline/extract/builtin/index.js';
import { parseDate } from '../../src/pipeline/extract/parse/index.js';
import { random } from './degrade.js';
import { misread } from './misread.js';
import { normalizeValue } from './normalize.js';

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

function main(): void {
  const argv = process.argv.slice(2);
  const option = (name: string): number | null => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : null;
  };
  const noise = option('--noise') ?? 0;
  const seed = option('--seed') ?? 1;
  const dir = argv.find((a, i) => !a.startsWith('--') && !['--noise', '--seed'].includes(argv[i - 1] ?? ''));
  if (!dir) throw new Error('usage: sroie.ts DIR [--misses] [--noise RATE] [--seed N]');
  const ids = readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => f.slice(0, -4))
    .sort();
  const outcomes: Outcome[] = [];
  let ms = 0;
  for (const id of ids) {
    const key = JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as Key;
    const doc = receiptDocument(readFileSync(join(dir, `${id}.csv`), 'utf8'), noise, seed + ids.indexOf(id));
    const started = performance.now();
    const summary = extractInvoice(doc, { requireLineItems: true, documentType: 'invoice' }).summary_data;
    ms += performance.now() - started;
    const push = (field: string, expected: string | null, actual: string | null) => {
      if (expected !== null) outcomes.push({ id, field, expected, actual });
    };
    push('vendor_name', normalizeValue(key.company, 'name'), normalizeValue(summary.vendor_name, 'name'));
    push('invoice_date', key.date ? labelDate(key.date) : null, normalizeValue(summary.invoice_date, 'date'));
    // Keys sometimes keep the printed currency ("RM 57.40", "$8.20").
    const total = key.total?.replace(/[^\d.-]/g, '');
    push('total', normalizeValue(total, 'amount'), normalizeValue(summary.total, 'amount'));
  }
  const reading = noise > 0 ? `transcription misread at ${noise} per character, seed ${seed}` : 'ground-truth text';
  console.log(`SROIE-format receipts: ${ids.length} from ${dir} (${reading}, no OCR)\n`);
  console.log('| field | correct |');
  console.log('|---|---|');
  for (const field of ['vendor_name', 'invoice_date', 'total']) {
    const mine = outcomes.filter((o) => o.field === field);
    const right = mine.filter((o) => o.actual === o.expected).length;
    console.log(
      `| ${field} | ${((100 * right) / Math.max(1, mine.length)).toFixed(1)}% (${right} of ${mine.length}) |`,
    );
  }
  console.log(`\nextraction ${(ms / Math.max(1, ids.length)).toFixed(1)} ms per receipt`);
  if (argv.includes('--misses')) {
    console.log('\n### Misses');
    for (const o of outcomes.filter((x) => x.actual !== x.expected))
      console.log(`${o.id} ${o.field}: want ${JSON.stringify(o.expected)} got ${JSON.stringify(o.actual)}`);
  }
}

if (process.argv[1]?.endsWith('sroie.ts')) main();
