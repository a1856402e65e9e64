// The hook between the benchmark and whatever is learned from labelled documents (E2's candidate ranker in
// src/pipeline/extract/rank). `--lofo` calls fit() once per left-out family with the documents of every other
// family, and extracts the left-out family with what it returned.
//
// Contract for the ranker module (src/pipeline/extract/rank/index.ts):
//   export function fit(documents: readonly TrainingDocument[]): FieldRanker
// deterministic (same documents in, same ranker out). Until that module exists the hook is the identity: no ranker,
// the rules alone decide, and the leave-one-family-out figure equals the in-sample one by construction.
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import type { FieldRanker } from '../../src/pipeline/extract/builtin/ranking.js';
import type { ReadDocument } from '../../src/pipeline/model.js';
import type { CanonicalLabel, DocumentKind } from './manifest.js';

export interface TrainingDocument {
  /** The document as read (e-invoice XML removed on the text path), the extractor's input. */
  document: ReadDocument;
  /** Its canonical label (ISO dates, numbers; a missing key is "not labelled"). */
  label: CanonicalLabel;
  dataset: string;
  family: string;
  kind: DocumentKind;
  contentId: string;
}

export interface Learner {
  /** What it is, for the report: "rules only (no ranker module yet)" or the module's name. */
  description: string;
  fit(documents: readonly TrainingDocument[]): FieldRanker | undefined;
}

type RankModule = { fit?: (documents: readonly TrainingDocument[]) => FieldRanker };

const RANK_MODULE = fileURLToPath(new URL('../../src/pipeline/extract/rank/index.ts', import.meta.url));

/** The ranker module's fit when it exists, else the identity learner (rules only). */
export async function loadLearner(useRanker: boolean): Promise<Learner> {
  if (!useRanker) return { description: 'rules only (--no-ranker)', fit: () => undefined };
  if (!existsSync(RANK_MODULE))
    return { description: 'rules only (no ranker module yet: the LOFO figure equals in-sample)', fit: () => undefined };
  const module = (await import(pathToFileURL(RANK_MODULE).href)) as RankModule;
  const fit = module.fit;
  if (typeof fit !== 'function')
    return { description: 'rules only (src/pipeline/extract/rank exports no fit())', fit: () => undefined };
  return { description: 'learned ranker (src/pipeline/extract/rank fit())', fit: (documents) => fit(documents) };
}
