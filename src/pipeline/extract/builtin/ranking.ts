// The one place a learned ranker (src/pipeline/extract/rank, `npm run train`) joins the rule engine: the rules
// propose every candidate of a field with its evidence, and the ranker, when one is given, picks among them.
// Without a ranker (or when it abstains) the rules' own best candidate wins, so the engine works on rules alone.
import { best, type Candidate } from './candidates.js';
import type { DocumentHints } from './hints.js';
import type { LabelIndex } from './layout/label-hits.js';
import type { Layout } from './layout/layout.js';

/** What the engine already built for the document, so a ranker does not build it again. */
export interface RankingContext {
  labels: LabelIndex;
  hints: DocumentHints;
}

/** Header fields whose candidates a ranker may choose among. */
export type RankedField = 'invoice_number' | 'invoice_date' | 'due_date' | 'po_number';

export interface FieldRanker {
  /**
   * One of `candidates` (the same object), a candidate of its own (a value the rules did not propose, with its
   * evidence; also when they proposed none), or undefined to leave the choice to the rules. Must be deterministic
   * and fast (it runs for every field of every document).
   */
  choose<T>(
    field: RankedField,
    candidates: readonly Candidate<T>[],
    layout: Layout,
    context?: RankingContext,
  ): Candidate<T> | undefined;
}

/** The ranker's pick when it makes one, else the rules' best. */
export function chooseCandidate<T>(
  field: RankedField,
  candidates: readonly Candidate<T>[],
  layout: Layout,
  ranker: FieldRanker | undefined,
  context?: RankingContext,
): Candidate<T> | null {
  if (ranker) {
    const picked = ranker.choose(field, candidates, layout, context);
    if (picked !== undefined) return picked;
  }
  return best(candidates);
}
