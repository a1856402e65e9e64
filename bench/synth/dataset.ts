// Writes generated documents as a dataset in the layout of ../shared/datasets (README there): documents/,
// labels/fields/synth/<name>.json and manifest.csv with doc_path, label_fields, score, content_id, family and a
// note whose second item is the kind, so bench/accuracy/manifest.ts reads it like any other dataset.
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CanonicalLabel } from '../accuracy/manifest.js';

export const SOURCE = 'synth';
/** Marks a folder as the generator's: only such a folder is emptied before a new run writes into it. */
const MARKER = '.synthetic-dataset';

export interface ManifestRow {
  docPath: string;
  labelPath: string;
  contentId: string;
  family: string;
  /** "<language>; <kind>; <document type>; <free text>". */
  note: string;
}

const csvField = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function manifestCsv(rows: readonly ManifestRow[]): string {
  const lines = [['doc_path', 'label_fields', 'score', 'content_id', 'family', 'note']];
  for (const r of rows) lines.push([r.docPath, r.labelPath, 'yes', r.contentId, r.family, r.note]);
  return `${lines.map((l) => l.map(csvField).join(',')).join('\n')}\n`;
}

/** Creates (or empties, when it is a previous run's) the output folder; refuses a folder holding anything else. */
export async function prepareFolder(dir: string): Promise<void> {
  const exists = await stat(dir).then(
    () => true,
    () => false,
  );
  if (exists) {
    const entries = await readdir(dir);
    if (entries.length > 0 && !entries.includes(MARKER)) {
      throw new Error(`${dir} is not empty and was not written by the generator: choose another --out`);
    }
    await rm(join(dir, 'documents', SOURCE), { recursive: true, force: true });
    await rm(join(dir, 'labels', 'fields', SOURCE), { recursive: true, force: true });
  }
  await mkdir(join(dir, 'documents', SOURCE), { recursive: true });
  await mkdir(join(dir, 'labels', 'fields', SOURCE), { recursive: true });
  await writeFile(join(dir, MARKER), 'Synthetic documents from bench/synth.ts: regenerate, never commit.\n');
}

export async function writeLabel(dir: string, name: string, label: CanonicalLabel): Promise<string> {
  const labelPath = join('labels', 'fields', SOURCE, `${name}.json`);
  await writeFile(join(dir, labelPath), `${JSON.stringify(label, null, 2)}\n`);
  return labelPath;
}

export async function writeDocument(dir: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const docPath = join('documents', SOURCE, fileName);
  await writeFile(join(dir, docPath), bytes);
  return docPath;
}
