// Party blocks: where the seller and the buyer are named. Found from headings ("Bill to", "Verkäufer",
// "Facturé à"), from the sender line printed above an address window ("Muster GmbH · Hauptstr. 1 · 10115 Berlin"),
// and from address-shaped blocks at the top of the first page.
import type { BBox } from '../../../model.js';
import { findDates, matchLabel } from '../../parse/index.js';
import { bottom, right, unionBoxes } from '../layout/geometry.js';
import type { LabelHit, LabelIndex } from '../layout/label-hits.js';
import type { Layout, LayoutPage, Segment } from '../layout/layout.js';
import { runOf, type TextRun } from '../layout/runs.js';
import {
  cleanName,
  columnRight,
  HEADING_FIRST_ROW_PITCH,
  isAttributeRow,
  looksLikeAddressLine,
  looksLikeName,
  nameAttribute,
  POSTCODE,
  rowsBelow,
} from './column.js';
import { companyName, hasLegalForm } from './company.js';

export type PartyRole = 'vendor' | 'buyer' | 'ship_to';

export interface PartyBlock {
  role: PartyRole;
  /** The row holding the name, or null when the block names nobody (only codes). */
  name: TextRun | null;
  nameText: string | null;
  /** Rows after the name: street, postcode and city, country. */
  addressRows: TextRun[];
  /** Area of the whole block, to tell whose tax id or address a word is. */
  box: BBox;
  page: number;
  confidence: number;
  rule: string;
}

const MAX_ADDRESS_ROWS = 4;
/** "Anschrift: Hauptstr. 1": an address given as a labelled attribute. */
const ADDRESS_ATTRIBUTE = /^(?:anschrift|adresse|address|indirizzo|direcci[oó]n|adres)\s?:\s*/iu;

function boxOfRuns(runs: readonly TextRun[], fallback: BBox): BBox {
  const boxes = runs.flatMap((r) => r.words.map((w) => w.bbox));
  return boxes.length > 0 ? unionBoxes([fallback, ...boxes]) : fallback;
}

/** Address rows after the name: until an attribute row, a heading or more than four rows. */
function addressAfter(rows: readonly TextRun[], from: number): TextRun[] {
  const address: TextRun[] = [];
  for (const row of rows.slice(from)) {
    const labelled = ADDRESS_ATTRIBUTE.exec(row.text);
    if (labelled) {
      const words = row.words.filter((_, i) => (row.starts[i] as number) >= labelled[0].length);
      address.push(runOf(words, row.page, row.source));
      continue;
    }
    if (isAttributeRow(row.text) || startsWithHeading(row.text)) break;
    if (!/\p{L}/u.test(row.text)) break;
    address.push(row);
    if (address.length >= MAX_ADDRESS_ROWS) break;
  }
  return address;
}

function startsWithHeading(text: string): boolean {
  return /^(?:bill|ship|sold|deliver|invoice)\s+to\b/i.test(text);
}

/** A row that is nothing but a label ("Rechnungsnummer", "Kunde:"): never a name. */
function isBareLabel(text: string): boolean {
  const core = text.trim().replace(/[\s:.#]+$/u, '');
  return matchLabel(core).some((m) => m.start === 0 && m.end >= core.length && m.confidence >= 0.5);
}

export const SALUTATION =
  /^(?:herrn?|frau|firma|mr\.?|mrs\.?|ms\.?|dr\.?|monsieur|madame|m\.|mme|sr\.?|sra\.?|sig\.?|sig\.ra|dhr\.?|mevr\.?)$/iu;

const CONTACT_ROW =
  /^(?:contact|kontakt|ansprechpartner(?:in)?|contacto|contactpersoon|referente|persona de contacto)(?![\p{L}])/iu;

interface FoundName {
  /** Index of the last row the name uses. */
  index: number;
  text: string;
  run: TextRun;
}

function readConfidence(run: TextRun): number {
  if (run.source !== 'ocr' || run.words.length === 0) return 1;
  return run.words.reduce((sum, w) => sum + (w.confidence ?? 0.5), 0) / run.words.length;
}

function joinRuns(runs: readonly TextRun[]): TextRun {
  const first = runs[0] as TextRun;
  return runOf(
    runs.flatMap((r) => r.words),
    first.page,
    first.source,
  );
}

/** The words of a "Name: value" row after its colon. */
function afterColon(row: TextRun): TextRun {
  const colon = row.words.findIndex((w) => w.text.endsWith(':'));
  return runOf(row.words.slice(colon + 1), row.page, row.source);
}

/**
 * The name among the rows of a block: a "Name:" attribute, else the first row that is neither code nor label.
 * A name wraps onto the next row when it is a salutation ("Herrn" / "Max Mustermann") or when only the next row
 * carries the legal form ("MVM Musterhafter" / "Versicherungsverein a.G."); a value wrapped above its "Name:"
 * label joins it too.
 */
function nameIn(rows: readonly TextRun[], proper = false): FoundName | null {
  for (const [index, row] of rows.entries()) {
    const attribute = nameAttribute(row.text);
    if (attribute) return { index, text: attribute, run: afterColon(row) };
    if (isAttributeRow(row.text) || startsWithHeading(row.text) || isBareLabel(row.text)) continue;
    // OCR of a logo or a stamp gives letters nobody printed as text.
    if (readConfidence(row) < 0.6) continue;
    // "(Not to be used for payment remittance)": a remark under the heading, not the name.
    if (/^\(.*\)$/u.test(row.text.trim())) continue;
    // "Contact Acheteur", "Ansprechpartner: Frau Muster": the contact person's row, not the party's name.
    if (CONTACT_ROW.test(row.text.trim())) continue;
    const cleaned = cleanName(row.text);
    // "RETURN VALUE 1.49": a receipt row with a price, not a name.
    if (/\d[.,]\d{2}(?!\d)/u.test(cleaned)) return null;
    if (!looksLikeName(cleaned) || POSTCODE.test(` ${cleaned} `.replace(/[\p{L}]{4,}/gu, ''))) return null;
    // A block whose first readable row is its street or town has no name in it ("Bill To" over "58 rue de la mer").
    if (looksLikeAddressLine(cleaned)) return null;
    // Without a heading, a name must look like one: capitalized ("ozure" is a logo read by OCR).
    if (proper && !/^[\p{Lu}\p{N}]/u.test(cleaned) && !hasLegalForm(cleaned)) continue;
    const next = rows[index + 1];
    const nextAttribute = next ? nameAttribute(next.text) : null;
    const nextValue = next && nextAttribute ? afterColon(next) : null;
    if (
      nextValue &&
      nextAttribute &&
      Math.abs((row.words[0]?.bbox.x ?? 0) - (nextValue.words[0]?.bbox.x ?? -1e9)) < 12
    ) {
      return { index: index + 1, text: `${cleaned} ${nextAttribute}`, run: joinRuns([row, nextValue]) };
    }
    const nextName = next && !isAttributeRow(next.text) ? cleanName(next.text) : null;
    const wraps =
      nextName !== null &&
      looksLikeName(nextName) &&
      !/\d/.test(nextName) &&
      (SALUTATION.test(cleaned) || (!hasLegalForm(cleaned) && hasLegalForm(nextName)));
    if (wraps && next) {
      return { index: index + 1, text: `${cleaned} ${nextName}`, run: joinRuns([row, next]) };
    }
    return { index, text: cleaned, run: row };
  }
  return null;
}

const ROLE_OF_FIELD: Record<string, PartyRole> = {
  vendor_block: 'vendor',
  buyer_block: 'buyer',
  ship_to_block: 'ship_to',
};

const BLOCK_FIELDS = ['vendor_block', 'buyer_block', 'ship_to_block'] as const;

/**
 * What follows a heading label in its segment: 'alone' (nothing, punctuation or another heading:
 * "Käufer/Leistungsempfänger"), 'colon' (a value after ':' - "Sold by: X"), or 'text' (the label is just a word of a
 * longer text, as "Lieferant" in "Lieferant GmbH").
 */
function headingShape(hit: LabelHit, labels: LabelIndex): { shape: 'alone' | 'colon' | 'text'; valueFrom: number } {
  const segment = hit.segment;
  let rest = segment.text.slice(hit.end);
  for (const other of labels.inSegment(segment)) {
    if (other.start >= hit.end && (BLOCK_FIELDS as readonly string[]).includes(other.field)) {
      const from = other.start - hit.end;
      const to = other.end - hit.end;
      rest = rest.slice(0, from) + ' '.repeat(to - from) + rest.slice(to);
    }
  }
  if (/^[\s/:.,&\-–]*$/.test(rest)) return { shape: 'alone', valueFrom: segment.text.length };
  const colon = /^\s*[:：]\s*/.exec(rest);
  if (colon) return { shape: 'colon', valueFrom: hit.end + colon[0].length };
  return { shape: 'text', valueFrom: hit.end };
}

/** A block introduced by a heading label: its name inline ("Sold by: X") or in the rows under it. */
function headingBlock(hit: LabelHit, labels: LabelIndex): PartyBlock | null {
  const role = ROLE_OF_FIELD[hit.field] as PartyRole;
  const page = labels.page(hit);
  const segment = hit.segment;
  const { shape, valueFrom } = headingShape(hit, labels);
  const inlineText = segment.text.slice(valueFrom, labels.nextLabelStart(segment, hit.end + 1));
  const inlineRun = (): TextRun =>
    runOf(
      segment.words.filter((w, i) => (segment.starts[i] as number) + w.text.length > valueFrom),
      page.number,
      page.source,
    );
  if (!hit.atStart) {
    // "All services are sold by Amazon Web Services, Inc.": a vendor named in a sentence, legal form required.
    const name = companyName(segment.text.slice(hit.end).replace(/^[\s:]+/, ''));
    if (role !== 'vendor' || !name) return null;
    return {
      role,
      name: inlineRun(),
      nameText: name,
      addressRows: [],
      box: segment.bbox,
      page: page.number,
      confidence: 0.7 * hit.confidence,
      rule: 'sentence',
    };
  }
  if (shape === 'text') return null;
  if (shape === 'colon' && inlineText.trim() !== '') {
    const name = cleanName(companyName(inlineText) ?? inlineText);
    if (!looksLikeName(name) || isAttributeRow(name)) return null;
    return {
      role,
      name: inlineRun(),
      nameText: name,
      addressRows: [],
      box: segment.bbox,
      page: page.number,
      confidence: 0.85 * hit.confidence,
      rule: 'heading-inline',
    };
  }
  const rows = rowsBelow(
    page,
    hit.box,
    columnRight(page, hit.box, labels),
    undefined,
    undefined,
    HEADING_FIRST_ROW_PITCH,
  );
  const found = nameIn(rows);
  const box = boxOfRuns(rows, hit.box);
  if (!found)
    return {
      role,
      name: null,
      nameText: null,
      addressRows: [],
      box,
      page: page.number,
      confidence: 0,
      rule: 'heading',
    };
  return {
    role,
    name: found.run,
    nameText: found.text,
    addressRows: addressAfter(rows, found.index + 1),
    box,
    page: page.number,
    confidence: 0.9 * hit.confidence,
    rule: 'heading',
  };
}

export function headingBlocks(layout: Layout, labels: LabelIndex): PartyBlock[] {
  const first = layout.pages[0];
  const blocks: PartyBlock[] = [];
  for (const hit of labels.of(['vendor_block', 'buyer_block', 'ship_to_block'])) {
    if (!first || hit.segment.page !== first.number || hit.confidence < 0.55) continue;
    // Short generic headings ("To", "Von", "De") count only where address blocks are: the upper part of the page.
    if (hit.confidence < 0.8 && hit.box.y > first.height * 0.6) continue;
    const block = headingBlock(hit, labels);
    if (block) blocks.push(block);
  }
  return blocks;
}

/** Bullets between the parts of a sender line; OCR reads small bullets as "o", "e", "°" or "*". */
const SENDER_SEPARATOR = /\s[●•·|∙◦▪°*»«©®+]\s|\s[-–]\s|\s[oe]\s/u;

/**
 * The sender line over an address window ("Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen") names the vendor; the
 * block right under it is the buyer's address.
 */
export function senderLineBlocks(layout: Layout): PartyBlock[] {
  const page = layout.pages[0];
  if (!page) return [];
  for (const line of page.lines) {
    if (line.bbox.y > page.height * 0.45) break;
    for (const cluster of clusters(line.segments, page.lineHeight * 2.5)) {
      const text = cluster.map((s) => s.text).join(' ');
      const parts = text
        .split(SENDER_SEPARATOR)
        .map((p) => p.trim())
        .filter((p) => p.length > 0);
      if (parts.length < 3 || !parts.slice(1).some((p) => POSTCODE.test(` ${p} `))) continue;
      // A separator OCR dropped joins the name to the street ("Bei Spiel GmbH Ecke12"): a legal form ends the name.
      const vendorName = companyName(cleanName(parts[0] as string)) ?? cleanName(parts[0] as string);
      if (!looksLikeName(vendorName) || isAttributeRow(vendorName) || /^\d/.test(vendorName)) continue;
      const words = cluster.flatMap((s) => s.words);
      const vendorRun = runOf(words.slice(0, vendorName.split(/\s+/).length), page.number, page.source);
      const box = unionBoxes(cluster.map((s) => s.bbox));
      const blocks: PartyBlock[] = [
        {
          role: 'vendor',
          name: vendorRun,
          nameText: vendorName,
          addressRows: [],
          box,
          page: page.number,
          confidence: 0.75,
          rule: 'sender-line',
        },
      ];
      const buyer = windowBelow(page, box);
      if (buyer) blocks.push(buyer);
      return blocks;
    }
  }
  return [];
}

/** Runs of neighbouring segments of a line (gaps below `maxGap`): the parts of one column. */
function clusters(segments: readonly Segment[], maxGap: number): Segment[][] {
  const result: Segment[][] = [];
  for (const segment of segments) {
    const last = result[result.length - 1];
    const previous = last?.[last.length - 1];
    if (last && previous && segment.bbox.x - right(previous.bbox) < maxGap) last.push(segment);
    else result.push([segment]);
  }
  return result;
}

function windowBelow(page: LayoutPage, sender: BBox): PartyBlock | null {
  const lh = page.lineHeight;
  const rows = rowsBelow(page, sender, right(sender) + lh, sender.x - 4 * lh);
  const found = nameIn(rows.slice(0, 3));
  if (!found) return null;
  return {
    role: 'buyer',
    name: found.run,
    nameText: found.text,
    addressRows: addressAfter(rows, found.index + 1),
    box: boxOfRuns(rows, sender),
    page: page.number,
    confidence: 0.7,
    rule: 'address-window',
  };
}

/** Address-shaped blocks at the top of the first page: a name row, then rows down to a postcode line. */
/** A year is not a postcode: "(c) AWV e.V. 2020" and "Version 2.1 vom 24.03.2020" close no address. */
function isPostcodeRow(text: string): boolean {
  if (!POSTCODE.test(` ${text} `)) return false;
  return !/©|\(c\)|copyright/iu.test(text) && findDates(text).length === 0;
}

export function addressBlocks(layout: Layout, labels: LabelIndex): PartyBlock[] {
  const page = layout.pages[0];
  if (!page) return [];
  const lh = page.lineHeight;
  const blocks: PartyBlock[] = [];
  const taken: BBox[] = [];
  for (const line of page.lines) {
    if (line.bbox.y > page.height * 0.5) break;
    for (const segment of line.segments) {
      if (
        taken.some(
          (b) =>
            segment.bbox.y >= b.y - 1 &&
            bottom(segment.bbox) <= bottom(b) + 1 &&
            segment.bbox.x >= b.x - lh &&
            segment.bbox.x <= right(b),
        )
      )
        continue;
      if (isAttributeRow(segment.text) || labels.startsWithLabel(segment, 0.5)) continue;
      // "Nummer  : GE2020211": a label whose colon OCR or the layout put in the next segment.
      if (
        line.text
          .slice(line.text.indexOf(segment.text) + segment.text.length)
          .trimStart()
          .startsWith(':')
      )
        continue;
      // Rows of one address sit closer than a blank line; a tighter pitch keeps two stacked blocks apart.
      const below = rowsBelow(
        page,
        segment.bbox,
        columnRight(page, segment.bbox, labels),
        segment.bbox.x - lh * 0.5,
        1.7,
      );
      const rows = [runOf(segment.words, segment.page, segment.source), ...below];
      const postcodeRow = rows.slice(0, 6).findIndex((r) => isPostcodeRow(r.text));
      if (postcodeRow < 1) continue;
      const found = nameIn(rows.slice(0, postcodeRow), true);
      if (!found) continue;
      const box = boxOfRuns(rows.slice(0, postcodeRow + 1), segment.bbox);
      taken.push(box);
      blocks.push({
        role: 'buyer',
        name: found.run,
        nameText: companyName(found.text) ?? found.text,
        addressRows: rows
          .slice(found.index + 1, postcodeRow + 2)
          .filter((r) => !isAttributeRow(r.text))
          .slice(0, MAX_ADDRESS_ROWS),
        box,
        page: page.number,
        confidence: 0.5,
        rule: 'address-block',
      });
    }
  }
  return blocks;
}
