// Corpus-wide (npm run test:corpus; needs ../shared/datasets). Every embedded XML of the ZUGFeRD/Factur-X corpus is detected and mapped, and every labelled field must equal
// labels/fields exactly ("with e-invoice XML, every labelled field right"). Per-field accuracy is printed.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeXmlBytes,
  detectEInvoice,
  mapEInvoice,
  type EInvoiceData,
} from '../../../../src/pipeline/read/einvoice/index.js';
import { parseXmlDocument } from '../../../../src/pipeline/read/einvoice/xml-tree.js';
import { sharedDatasetsRoot } from '../../../support/datasets.js';
import { isProvenance, resolvePath } from './support.js';

const CORPUS = join(sharedDatasetsRoot(), 'zugferd-corpus');
const XML_DIR = join(CORPUS, 'labels/xml');
const FIELDS_DIR = join(CORPUS, 'labels/fields');

/** Label key -> our summary key. */
const SUMMARY_FIELDS: Record<string, keyof EInvoiceData> = {
  source_xml_profile: 'profile',
  document_type_code: 'document_type_code',
  invoice_number: 'invoice_number',
  invoice_date: 'invoice_date',
  due_date: 'due_date',
  vendor_name: 'vendor_name',
  buyer_name: 'buyer_name',
  currency: 'currency',
  po_number: 'po_number',
  buyer_reference: 'buyer_reference',
  line_total: 'line_total',
  subtotal: 'subtotal',
  tax: 'tax',
  total: 'total',
  amount_due: 'amount_due',
};
const LINE_FIELDS: Record<string, string> = {
  line_id: 'line_id',
  description: 'description',
  quantity: 'quantity',
  unit_code: 'unit',
  unit_price: 'unit_price',
  price_basis_quantity: 'price_basis_quantity',
  gross_unit_price: 'gross_unit_price',
  amount: 'amount',
  parent_line_id: 'parent_line_id',
  line_status_reason_code: 'line_status_reason_code',
};

/** XML files without a label, each with the reason and what the reader must do instead. */
const UNLABELLED = {
  // Pre-release ZUGFeRD drafts (root Invoice in urn:un:unece:uncefact:data:standard:CBFBUY:5): not CII or UBL.
  draft: [
    'ZUGFeRDv1/correct/Mustangproject/MustangGnuaccountingBeispielRE-20140519_499.xml',
    'ZUGFeRDv1/correct/Mustangproject/MustangGnuaccountingBeispielRE-20140522_501.xml',
  ],
  // Declares encoding "UTF-8-W/O-BOM" (the label tool gave up); byte-identical otherwise to RE-20201121_508.
  invalidEncoding: 'ZUGFeRDv2/fail/Mustangproject/factur-x-invalid-xml-encoding-attribute.xml',
  invalidEncodingTwin: 'ZUGFeRDv2/correct/Mustangproject/MustangGnuaccountingBeispielRE-20201121_508.json',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

type Label = Record<string, unknown> & { line_items: Array<Record<string, unknown>> };

const tally = new Map<string, { right: number; labelled: number }>();
const mismatches: string[] = [];
const skippedLabels: string[] = [];

function compare(file: string, field: string, ours: unknown, label: unknown): void {
  if (label === null || label === undefined) return; // null or missing = not labelled
  if ((field === 'invoice_date' || field === 'due_date') && typeof label === 'string' && !ISO_DATE.test(label)) {
    // The label tool copied a non-ISO date verbatim from a deliberately broken XML; checked separately below.
    skippedLabels.push(`${file} ${field}=${label}`);
    return;
  }
  const entry = tally.get(field) ?? { right: 0, labelled: 0 };
  entry.labelled += 1;
  if (ours === label) entry.right += 1;
  else mismatches.push(`${file} ${field}: got ${JSON.stringify(ours)}, label ${JSON.stringify(label)}`);
  tally.set(field, entry);
}

function compareWithLabel(file: string, data: EInvoiceData, label: Label): void {
  for (const [labelKey, ourKey] of Object.entries(SUMMARY_FIELDS))
    compare(file, labelKey, data[ourKey], label[labelKey]);
  compare(file, 'line_items.count', data.line_items.length, label.line_items.length);
  label.line_items.forEach((labelLine, index) => {
    const ours = data.line_items[index] as unknown as Record<string, unknown> | undefined;
    for (const [labelKey, ourKey] of Object.entries(LINE_FIELDS)) {
      compare(file, `line_items.${labelKey}`, ours?.[ourKey], labelLine[labelKey]);
    }
  });
}

/** Every non-null field has provenance whose path resolves to a node holding that value. */
function checkProvenance(file: string, xml: string, data: EInvoiceData): void {
  const root = parseXmlDocument(xml);
  const check = (value: unknown, provenance: unknown, exact: string | undefined, name: string): void => {
    if (value === null) return;
    expect(isProvenance(provenance), `${file} ${name} provenance`).toBe(true);
    if (!isProvenance(provenance) || name.endsWith('address') || name.endsWith('unit_price')) return;
    const node = resolvePath(root, provenance.path);
    if (name.endsWith('_date'))
      expect(node?.replace(/-/g, ''), `${file} ${name}`).toBe(String(value).replace(/-/g, ''));
    else expect(node, `${file} ${name} at ${provenance.path}`).toBe(exact ?? value);
  };
  for (const [key, value] of Object.entries(data)) {
    if (['syntax', 'line_items', 'decimals', 'fields'].includes(key)) continue;
    const exact = (data.decimals as Record<string, string>)[key];
    check(value, data.fields[key], exact, key);
  }
  for (const line of data.line_items) {
    for (const [key, value] of Object.entries(line)) {
      if (key === 'decimals' || key === 'fields') continue;
      const exact = (line.decimals as Record<string, string>)[key];
      check(value, line.fields[key], exact, `line.${key}`);
    }
  }
}

describe('ZUGFeRD / Factur-X corpus (labels/xml vs labels/fields)', () => {
  const files = walk(XML_DIR).sort();

  it('has the expected corpus on disk', () => {
    expect(files.length).toBeGreaterThanOrEqual(90);
  });

  it('maps every labelled XML and matches every labelled field exactly', () => {
    let mapped = 0;
    for (const path of files) {
      const file = relative(XML_DIR, path);
      const labelPath = join(FIELDS_DIR, file.replace(/\.xml$/, '.json'));
      if (!existsSync(labelPath)) continue;
      const xml = decodeXmlBytes(readFileSync(path));
      const source = detectEInvoice(xml);
      expect(source, file).not.toBeNull();
      const data = mapEInvoice(source!);
      expect(data.syntax).toBe('CII');
      compareWithLabel(file, data, JSON.parse(readFileSync(labelPath, 'utf8')) as Label);
      checkProvenance(file, xml, data);
      mapped += 1;
    }
    expect(mapped).toBe(files.length - UNLABELLED.draft.length - 1);
    expect(mismatches).toEqual([]);
  });

  it('reads the two deliberately broken dates of the validator-fail samples without guessing', () => {
    expect(skippedLabels.sort()).toEqual([
      'ZUGFeRDv1/fail/Mustangproject/fail1.xml invoice_date=20141008',
      'ZUGFeRDv1/fail/Mustangproject/fail3.xml invoice_date=20170509',
    ]);
    const read = (file: string): EInvoiceData =>
      mapEInvoice(detectEInvoice(decodeXmlBytes(readFileSync(join(XML_DIR, file))))!);
    // format="1020" is no date format code: no date is better than a guessed one.
    expect(read('ZUGFeRDv1/fail/Mustangproject/fail1.xml').invoice_date).toBeNull();
    // No format attribute: the CCYYMMDD digits are unambiguous.
    expect(read('ZUGFeRDv1/fail/Mustangproject/fail3.xml').invoice_date).toBe('2017-05-09');
  });

  it('returns null for the pre-release CBFBUY:5 drafts, which are neither CII nor UBL', () => {
    for (const file of UNLABELLED.draft) {
      expect(detectEInvoice(decodeXmlBytes(readFileSync(join(XML_DIR, file)))), file).toBeNull();
    }
  });

  it('reads the XML with an invalid encoding declaration like its correctly declared twin', () => {
    const source = detectEInvoice(decodeXmlBytes(readFileSync(join(XML_DIR, UNLABELLED.invalidEncoding))));
    const label = JSON.parse(readFileSync(join(FIELDS_DIR, UNLABELLED.invalidEncodingTwin), 'utf8')) as Label;
    const before = mismatches.length;
    compareWithLabel(UNLABELLED.invalidEncoding, mapEInvoice(source!), label);
    expect(mismatches.slice(before)).toEqual([]);
  });

  afterAll(() => {
    const rows = [...tally.entries()].map(
      ([field, { right, labelled }]) =>
        `${field.padEnd(32)} ${String(right).padStart(4)}/${String(labelled).padEnd(4)} ${((100 * right) / labelled).toFixed(1)}%`,
    );
    const right = [...tally.values()].reduce((sum, entry) => sum + entry.right, 0);
    const labelled = [...tally.values()].reduce((sum, entry) => sum + entry.labelled, 0);
    console.info(
      `e-invoice corpus, per-field accuracy (labelled values only):\n${rows.join('\n')}\n` +
        `${'ALL'.padEnd(32)} ${right}/${labelled}`,
    );
  });
});
