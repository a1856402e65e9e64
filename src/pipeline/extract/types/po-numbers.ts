// typeId 9: every distinct purchase-order number of a document, in reading order, with the label that introduced
// it. Values come after a PO label in any of the six languages ("PO No.", "Bestellnummer", "N° de commande",
// "Pedido", "Ordine n.", "Inkoopordernummer"), glued to a "PO" prefix ("PO-12345"), or below a label that ends its
// segment (a box with the label on top).
import type { ReadDocument } from '../../model.js';
import { findPoNumbers, matchLabel } from '../parse/index.js';
import type { PoNumbersResult } from '../schemas/orders.js';
import { detectLanguage } from './context.js';
import {
  buildLayout,
  horizontalOverlap,
  segmentOf,
  unionBox,
  verticalGap,
  wordsInRange,
  type LayoutLine,
} from './layout.js';
import { clampConfidence, extractionInfo, FieldRecorder, validationOf, type Evidence } from './provenance.js';
import { readIdentifier } from './values.js';

interface Found {
  value: string;
  label: string | null;
  evidence: Evidence;
  order: number;
}

const GLUED_PREFIX_CONFIDENCE = 0.85;
const BELOW_FACTOR = 0.9;
const DEFAULT_LABEL_CONFIDENCE = 0.7;

function labelConfidence(label: string): number {
  if (/^P\.?O\.?\s?[-#:]?$/i.test(label)) return GLUED_PREFIX_CONFIDENCE;
  return matchLabel(label, { fields: ['po_number'] })[0]?.confidence ?? DEFAULT_LABEL_CONFIDENCE;
}

function inLine(line: LayoutLine): Found[] {
  const words = line.segments.flatMap((s) => s.words);
  const whole = segmentOf(words);
  return findPoNumbers(whole.text).map((po) => {
    const valueWords = wordsInRange(whole, po.index, po.index + po.length);
    // "PO-2026-0042", "PO77881": a prefix glued to the digits is part of the number as the buyer's system prints it.
    const glued = /^P\.?O\.?-?$/i.test(po.label) && whole.text.slice(po.index - po.label.length, po.index) === po.label;
    return {
      value: glued ? `${po.label}${po.value}` : po.value,
      label: po.label || null,
      evidence: { page: line.page, words: valueWords, raw: po.value, confidence: labelConfidence(po.label) },
      order: line.index * 10_000 + (valueWords[0]?.bbox.x ?? 0),
    };
  });
}

/** "Purchase order no." alone at the end of its segment, the number in the segment below it. */
function belowLabels(lines: readonly LayoutLine[], position: number): Found[] {
  const line = lines[position] as LayoutLine;
  const found: Found[] = [];
  for (const segment of line.segments) {
    const label = matchLabel(segment.text, { fields: ['po_number'] }).find((m) =>
      /^[\s:#.]*$/.test(segment.text.slice(m.end)),
    );
    if (!label) continue;
    const labelBox = unionBox(wordsInRange(segment, label.start, label.end).map((w) => w.bbox));
    for (let i = position + 1; i < Math.min(lines.length, position + 3); i++) {
      const below = lines[i] as LayoutLine;
      if (below.page !== line.page || verticalGap(line.bbox, below.bbox) > 1.6 * line.height) break;
      const target = below.segments.find((s) => horizontalOverlap(s.bbox, labelBox) > 0);
      if (!target) continue;
      const value = readIdentifier(target.text);
      if (value && target.text.slice(value.end).trim() === '') {
        const valueWords = wordsInRange(target, value.start, value.end);
        found.push({
          value: value.value,
          label: segment.text.slice(label.start, label.end),
          evidence: {
            page: below.page,
            words: valueWords,
            raw: value.value,
            confidence: label.confidence * BELOW_FACTOR,
          },
          order: below.index * 10_000 + (valueWords[0]?.bbox.x ?? 0),
        });
      }
      break;
    }
  }
  return found;
}

const normalizeValue = (value: string): string => value.toUpperCase().replace(/[\s]/g, '');

/** Every distinct PO number of the document, in reading order; summary_data.po_number is the first. */
export function extractPoNumbers(doc: ReadDocument): PoNumbersResult {
  const layout = buildLayout(doc);
  const all: Found[] = [];
  layout.lines.forEach((line, position) => {
    all.push(...inLine(line), ...belowLabels(layout.lines, position));
  });
  all.sort((a, b) => a.order - b.order);

  const distinct = new Map<string, Found>();
  for (const found of all) {
    const key = normalizeValue(found.value);
    const seen = distinct.get(key);
    if (!seen) distinct.set(key, found);
    else if (found.evidence.confidence > seen.evidence.confidence) {
      // The same number printed again with a clearer label: keep the first place, take the better confidence.
      seen.evidence = { ...seen.evidence, confidence: found.evidence.confidence };
      seen.label ??= found.label;
    }
  }

  const recorder = new FieldRecorder();
  const poNumbers: PoNumbersResult['po_numbers'] = [];
  for (const found of distinct.values()) {
    const i = poNumbers.length;
    recorder.record(`po_numbers[${i}].value`, found.evidence);
    const entry = recorder.fields[`po_numbers[${i}].value`];
    poNumbers.push({
      value: found.value,
      label: found.label,
      page: found.evidence.page.number,
      ...(entry?.bbox ? { bbox: entry.bbox } : {}),
      confidence: clampConfidence(entry?.confidence ?? found.evidence.confidence),
    });
  }
  const first = [...distinct.values()][0];
  if (first) recorder.record('summary_data.po_number', first.evidence);

  return {
    document_type: 'po_numbers',
    summary_data: { po_number: poNumbers[0]?.value ?? null },
    po_numbers: poNumbers,
    fields: recorder.fields,
    validation: validationOf([]),
    extraction: extractionInfo(doc, detectLanguage(layout)),
  };
}
