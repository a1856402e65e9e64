// typeId 9: the model lists PO numbers; docex checks each against the page text, where it also finds the page and
// the box. A number that appears nowhere in the text it was shown is dropped as invented; one on a page sent as an
// image (nothing to check against) is kept with a lower confidence.
import type { BBox, ReadDocument } from '../../model.js';
import type { Issues } from './normalize.js';

export interface PoNumberEntry {
  value: string;
  label: string | null;
  page: number;
  bbox?: BBox;
  confidence: number;
}

/** Found verbatim on the page: the model read it, its only doubt is whether it is a PO number. */
const CONFIDENCE_FOUND = 0.9;
/** Seen by the model on a page image; nothing to verify it against. */
const CONFIDENCE_IMAGE_ONLY = 0.6;
const MAX_VALUE_CHARS = 100;

/** Spacing and punctuation vary between what is printed and what a model writes ("PO 4711" for "PO-4711"). */
const compact = (text: string): string => text.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();

function locate(
  doc: ReadDocument,
  value: string,
  preferredPage: number | null,
): { page: number; bbox: BBox; printed: string | null } | null {
  const wanted = compact(value);
  const pages = [...doc.pages].sort((a, b) => Number(b.number === preferredPage) - Number(a.number === preferredPage));
  for (const page of pages) {
    for (const line of page.lines) {
      if (!compact(line.text).includes(wanted)) continue;
      const word = line.words.find((w) => compact(w.text).includes(wanted));
      // The printed spelling wins when one word is exactly the number.
      const printed =
        word && compact(word.text) === wanted ? word.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') : null;
      return { page: page.number, bbox: word?.bbox ?? line.bbox, printed };
    }
  }
  return null;
}

export function resolvePoNumbers(
  raw: unknown[],
  doc: ReadDocument,
  imagePages: ReadonlySet<number>,
  issues: Issues,
): PoNumberEntry[] {
  const out: PoNumberEntry[] = [];
  const seen = new Set<string>();
  raw.forEach((entry, index) => {
    const path = `po_numbers[${index}]`;
    const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const rawValue = record.value;
    const value = (typeof rawValue === 'number' ? String(rawValue) : typeof rawValue === 'string' ? rawValue : '')
      .replace(/\s+/g, ' ')
      .trim();
    if (value === '' || value.length > MAX_VALUE_CHARS) {
      issues.add(path, 'no usable value, dropped');
      return;
    }
    if (compact(value) === '' || seen.has(compact(value))) return;
    const label =
      typeof record.label === 'string' && record.label.trim() !== ''
        ? record.label.trim().slice(0, MAX_VALUE_CHARS)
        : null;
    const page = typeof record.page === 'number' && Number.isSafeInteger(record.page) ? record.page : null;
    const found = locate(doc, value, page);
    if (found) {
      out.push({
        value: found.printed ?? value,
        label,
        page: found.page,
        bbox: found.bbox,
        confidence: CONFIDENCE_FOUND,
      });
    } else if (page !== null && imagePages.has(page)) {
      out.push({ value, label, page, confidence: CONFIDENCE_IMAGE_ONLY });
    } else {
      issues.add(path, `${JSON.stringify(value)} does not appear in the document text, dropped`);
      return;
    }
    seen.add(compact(value));
  });
  return out;
}
