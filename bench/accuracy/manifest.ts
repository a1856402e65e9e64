// Reading a dataset laid out as ../shared/datasets/README.md describes: manifest.csv with doc_path, label_fields,
// score and content_id columns, and one canonical label JSON per document.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DatasetRow {
  dataset: string;
  docPath: string;
  /** Absolute path of the document. */
  file: string;
  contentId: string;
  label: CanonicalLabel;
  /** Label keys the manifest says not to score for this document (from its note column). */
  skip: Set<string>;
  /** Generator or source family (one layout or one producer): the unit left out by --lofo. */
  family: string;
  /** How the document was made: born-digital, scan, photo or image-digital. */
  kind: DocumentKind;
  /** invoice, receipt, credit_note, purchase_order (label `document_type`, else the note's third item). */
  documentType: string;
}

export type DocumentKind = 'born-digital' | 'scan' | 'photo' | 'image-digital';
const KINDS: ReadonlySet<string> = new Set(['born-digital', 'scan', 'photo', 'image-digital']);
const IMAGE_PATH = /\.(png|jpe?g|tiff?|webp)$/i;

export interface LabelLine {
  description?: string | null;
  quantity?: number | string | null;
  unit_price?: number | string | null;
  amount?: number | string | null;
}

export type CanonicalLabel = Record<string, unknown> & { line_items?: LabelLine[] };

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * Caveats some manifests write in a note column, turned into label keys not to score: "do not score line items",
 * "invoice number not printed".
 */
function skippedKeys(note: string): Set<string> {
  const skip = new Set<string>();
  if (/do not score line items/i.test(note)) skip.add('line_items');
  if (/invoice number not printed/i.test(note)) skip.add('invoice_number');
  return skip;
}

/**
 * The document's family: the manifest's `family` column (zugferd-corpus, harvest), else the issuer template
 * (invoice2data: one vendor, one layout), else the document itself.
 */
function familyOf(get: (column: string) => string): string {
  return get('family') || get('issuer(template name)') || get('content_id') || get('doc_path');
}

/** The note's second item when it names a kind (harvest: "en; photo; receipt; ..."), else from the file type. */
function kindOf(note: string, docPath: string): DocumentKind {
  const stated = note.split(';')[1]?.trim() ?? '';
  if (KINDS.has(stated)) return stated as DocumentKind;
  return IMAGE_PATH.test(docPath) ? 'image-digital' : 'born-digital';
}

function documentTypeOf(label: CanonicalLabel, note: string): string {
  if (typeof label.document_type === 'string' && label.document_type !== '') return label.document_type;
  const stated = note.split(';')[2]?.trim() ?? '';
  return /^(invoice|receipt|credit_note|purchase_order)$/.test(stated) ? stated : 'invoice';
}

export async function readDataset(dir: string): Promise<DatasetRow[]> {
  const [header, ...records] = parseCsv(await readFile(join(dir, 'manifest.csv'), 'utf8'));
  if (!header) throw new Error(`${dir}/manifest.csv is empty`);
  const col = (name: string) => header.indexOf(name);
  for (const required of ['doc_path', 'label_fields', 'content_id']) {
    if (col(required) < 0) throw new Error(`${dir}/manifest.csv has no ${required} column`);
  }
  const name = dir.replace(/\/+$/, '').split('/').pop() ?? dir;
  const rows: DatasetRow[] = [];
  for (const record of records) {
    const get = (c: string) => (col(c) >= 0 ? (record[col(c)] ?? '').trim() : '');
    if (col('score') >= 0 && get('score') !== 'yes') continue;
    const labelPath = get('label_fields');
    if (labelPath === '') continue;
    const label = JSON.parse(await readFile(join(dir, labelPath), 'utf8')) as CanonicalLabel;
    rows.push({
      dataset: name,
      docPath: get('doc_path'),
      file: join(dir, get('doc_path')),
      contentId: get('content_id') || get('doc_path'),
      label,
      skip: skippedKeys(get('note')),
      family: familyOf(get),
      kind: kindOf(get('note'), get('doc_path')),
      documentType: documentTypeOf(label, get('note')),
    });
  }
  return rows;
}
