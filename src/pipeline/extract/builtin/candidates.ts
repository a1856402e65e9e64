// A value found on the page with the evidence for it. Field rules propose candidates; the best one wins.
import type { FieldProvenance } from '../schemas/common.js';
import type { Evidence } from './layout/runs.js';

export interface Candidate<T> {
  value: T;
  /** 0..1 before the reading confidence of the words is applied. */
  confidence: number;
  evidence: Evidence;
  /** Reading-order position (page, then y, then x) for tie-breaks. */
  order: number;
  /** Short name of the rule that proposed it, for debugging and tests. */
  rule: string;
}

export function orderOf(evidence: Evidence): number {
  return evidence.page * 1e7 + Math.round(evidence.bbox.y) * 1e3 + Math.min(999, Math.round(evidence.bbox.x));
}

export function candidate<T>(value: T, confidence: number, evidence: Evidence, rule: string): Candidate<T> {
  return { value, confidence: clamp01(confidence * evidence.readConfidence), evidence, order: orderOf(evidence), rule };
}

export function clamp01(n: number): number {
  return Math.max(0, Math.min(1, Math.round(n * 1000) / 1000));
}

/** The most confident candidate; ties go to the first in reading order (or the last, when `preferLast`). */
export function best<T>(candidates: readonly Candidate<T>[], preferLast = false): Candidate<T> | null {
  let winner: Candidate<T> | null = null;
  for (const c of candidates) {
    if (
      winner === null ||
      c.confidence > winner.confidence + 1e-9 ||
      (Math.abs(c.confidence - winner.confidence) <= 1e-9 &&
        (preferLast ? c.order > winner.order : c.order < winner.order))
    ) {
      winner = c;
    }
  }
  return winner;
}

export function provenanceOf(c: Candidate<unknown>): FieldProvenance {
  return {
    confidence: c.confidence,
    source: c.evidence.source,
    page: c.evidence.page,
    bbox: c.evidence.bbox,
    raw: c.evidence.raw,
  };
}
