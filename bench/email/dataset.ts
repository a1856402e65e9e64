// The labelled email set of test/fixtures/emails: a tuning part (cues may be fitted to it) and a held-back part
// (written before the cues it measures, never tuned on). One JSON file per language in each part's folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Label = 'invoice' | 'not_invoice';
export const PARTS = ['tuning', 'held-back'] as const;
export type Part = (typeof PARTS)[number];

export interface LabelledEmail {
  id: string;
  /** ISO 639-1 code of the author's own text. */
  language: string;
  label: Label;
  /** What kind of mail it is (payment_confirmation, payment_reminder, ...): for reading results only. */
  category: string;
  subject: string;
  body: string;
  part: Part;
  /** The file it came from, e.g. 'de-former-held-back-3.json': batches are the groups of cross-validation. */
  file: string;
}

export const EMAILS_DIR = fileURLToPath(new URL('../../test/fixtures/emails/', import.meta.url));

/** Every email of one part, in file order (files sorted by name). */
export function loadPart(part: Part, dir = EMAILS_DIR): LabelledEmail[] {
  const folder = join(dir, part);
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.flatMap((file) => {
    const data = JSON.parse(readFileSync(join(folder, file), 'utf8')) as {
      emails: Omit<LabelledEmail, 'part' | 'file'>[];
    };
    return data.emails.map((e) => ({ ...e, part, file }));
  });
}

/**
 * The cross-validation group of an email: held-back batch N (every language of it: each batch was written blind, as
 * one piece, after the previous one was measured), or 'base' for the sets written with the cues (always trained on).
 */
export function batchOf(email: LabelledEmail, heldBackBatch: number): string {
  if (email.part === 'held-back') return `batch ${heldBackBatch}`;
  const former = /former-held-back-(\d+)\.json$/.exec(email.file);
  return former ? `batch ${former[1]}` : 'base';
}
