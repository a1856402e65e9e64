// Child process of offline.test.ts, run with support/block-network.cjs preloaded. Prints one RESULT line of JSON.
import { Worker } from 'node:worker_threads';
import Tesseract from 'tesseract.js';
import { createOcrPool, ocrPage } from '../../../../../src/pipeline/read/ocr/index.js';
import { tinyTextImage } from './images.js';

const mode = process.argv[2];

if (mode === 'tesseract-without-langpath') {
  // What docex must never do: start tesseract.js without a local langPath. It tries to download its model from a
  // CDN inside its worker thread; the blocker records that. (The errorHandler keeps the process alive; the worker
  // never finishes starting, so the process exits explicitly.)
  const failed = new Promise<string>((resolve) => {
    void Tesseract.createWorker(['eng'], Tesseract.OEM.LSTM_ONLY, {
      errorHandler: (error: unknown) => resolve(String(error)),
    });
  });
  const error = await Promise.race([
    failed,
    new Promise<string>((resolve) => setTimeout(() => resolve('no error within 20 s'), 20_000)),
  ]);
  process.stdout.write(`\nRESULT ${JSON.stringify({ error })}\n`);
  process.exit(0);
}

// The blocker is active in this thread and in worker threads.
const mainBlocked = await fetch('http://docex-test.invalid/').then(
  () => false,
  () => true,
);
const threadBlocked = await new Promise<boolean>((resolve) => {
  const code = "fetch('http://docex-test.invalid/').then(() => process.exit(1), () => process.exit(0))";
  new Worker(code, { eval: true }).on('exit', (exitCode) => resolve(exitCode === 0));
});

// 'paddle' or 'tesseract' (the tesseract pool reads with the default languages: eng, deu, fra).
const engine = mode === 'paddle' ? 'paddle' : 'tesseract';
const pool = await createOcrPool({ engine, size: 1 });
const page = await ocrPage(pool, await tinyTextImage(), 1);
await pool.close();
const text = page.lines.map((line) => line.text);
process.stdout.write(
  `\nRESULT ${JSON.stringify({ mainBlocked, threadBlocked, engine: pool.engine, languages: pool.languages, text })}\n`,
);
