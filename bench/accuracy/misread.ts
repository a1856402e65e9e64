// OCR-like misreading of text that was read without an error, seeded: how much of an accuracy figure survives a
// reader with a given character error rate (bench:sroie --noise, bench:accuracy --noise). Each character is
// misread with probability `rate`: as its look-alike (O/0, I/1, S/5, B/8, Z/2, G/6, ./,) where it has one, else
// dropped, or followed by a space that splits its word.
import type { Line, ReadDocument } from '../../src/pipeline/model.js';
import { random } from './degrade.js';

/** Characters OCR confuses, both ways. */
const LOOKALIKE: Record<string, string> = {
  O: '0',
  '0': 'O',
  I: '1',
  '1': 'I',
  l: '1',
  S: '5',
  '5': 'S',
  B: '8',
  '8': 'B',
  Z: '2',
  '2': 'Z',
  G: '6',
  '6': 'G',
  ',': '.',
  '.': ',',
};

/** The text misread at `rate` per character: a look-alike, a dropped character or a split word. */
export function misread(text: string, rate: number, next: () => number): string {
  let out = '';
  for (const ch of text) {
    if (next() >= rate) {
      out += ch;
      continue;
    }
    const kind = next();
    if (kind < 0.6 && LOOKALIKE[ch] !== undefined) out += LOOKALIKE[ch];
    else if (kind < 0.8) continue;
    else out += ch === ' ' ? '' : `${ch} `;
  }
  return out;
}

/** A stable seed per document, so a document is misread the same way in every run and fold. */
function seedOf(text: string, seed: number): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The document with every OCR page's words misread (text-layer pages and e-invoice data stay as they are: their
 * text is exact). A word misread to nothing is dropped; a line's text is its words' again.
 */
export function misreadDocument(doc: ReadDocument, rate: number, seed: number, name: string): ReadDocument {
  if (rate <= 0) return doc;
  const next = random(seedOf(name, seed));
  const misreadLine = (line: Line): Line => {
    const words = line.words
      .map((word) => ({ ...word, text: misread(word.text, rate, next).trim() }))
      .filter((word) => word.text !== '');
    return { ...line, words, text: words.map((word) => word.text).join(' ') };
  };
  return {
    ...doc,
    pages: doc.pages.map((page) =>
      page.source === 'ocr' ? { ...page, lines: page.lines.map(misreadLine).filter((l) => l.text !== '') } : page,
    ),
  };
}
