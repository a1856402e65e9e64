// The second author's layouts (2026-11-27): families written by someone who had not tuned the extractor, to
// measure it blind. Registered beside the first author's in bench/synth/generate.ts, outside the default run.
import type { Template } from '../template.js';
import { compactMetaRight } from './compact-meta-right.js';
import { creditNote } from './credit-note.js';
import { fromToColumns } from './from-to-columns.js';
import { logoManyDates } from './logo-many-dates.js';
import { multiRateVat } from './multi-rate-vat.js';
import { receiptCentered } from './receipt-centered.js';
import { serviceUs } from './service-us.js';

export const SECOND_AUTHOR_TEMPLATES: readonly Template[] = [
  serviceUs,
  fromToColumns,
  compactMetaRight,
  multiRateVat,
  receiptCentered,
  creditNote,
  logoManyDates,
];
