// Reading an address block: the rows under a heading, in the heading's column, until a blank line. And telling a
// name row from an attribute row ("GLN 4000001123452", "Nummer : GE2020211", "VAT: DE123...").
import type { BBox, Word } from '../../../model.js';
import { findIbans, findVatIds } from '../../parse/index.js';
import { bottom, right, sameRow } from '../layout/geometry.js';
import type { LabelIndex } from '../layout/label-hits.js';
import type { LayoutPage } from '../layout/layout.js';
import { runOf, type TextRun } from '../layout/runs.js';

/** Rows of a block end at a gap of more than this many line heights (a blank line). */
const MAX_ROW_PITCH = 2.6;
const MAX_BLOCK_ROWS = 10;
/** Headings often stand a little apart from the block they head: the first row may be one line further away. */
export const HEADING_FIRST_ROW_PITCH = MAX_ROW_PITCH + 1;

/** The right edge of a heading's column: the next segment to its right on the same row, or the page edge. */
export function columnRight(page: LayoutPage, box: BBox, labels: LabelIndex): number {
  const next = labels
    .rowSegments(page.number, box)
    .filter((s) => s.bbox.x > right(box) + page.lineHeight * 0.5)
    .sort((a, b) => a.bbox.x - b.bbox.x)[0];
  return next ? next.bbox.x - page.lineHeight * 0.3 : page.width + 1;
}

/**
 * The rows under `box` whose words start between `left` and `columnEnd`, top to bottom, until a blank line.
 * `left` defaults to one line height left of the box.
 */
export function rowsBelow(
  page: LayoutPage,
  box: BBox,
  columnEnd: number,
  left = box.x - page.lineHeight,
  maxPitch = MAX_ROW_PITCH,
  firstPitch = maxPitch,
): TextRun[] {
  const rows: TextRun[] = [];
  let lastTop = box.y;
  for (const line of page.lines) {
    if (line.bbox.y <= bottom(box) - box.height * 0.3) continue;
    const pitch = rows.length === 0 ? firstPitch : maxPitch;
    if (line.bbox.y - lastTop > pitch * page.lineHeight) break;
    const words: Word[] = [];
    for (const segment of line.segments) {
      for (const word of segment.words) {
        if (word.bbox.x >= left && word.bbox.x + word.bbox.width / 2 < columnEnd) words.push(word);
      }
    }
    if (words.length === 0) continue;
    // Words of two lines that the text layer merged at nearly the same height: keep the row of the first word.
    const first = words[0] as Word;
    const row = beforeColumnGap(
      words.filter((w) => sameRow(w.bbox, first.bbox)),
      page.lineHeight,
    );
    rows.push(runOf(row, page.number, page.source));
    lastTop = line.bbox.y;
    if (rows.length >= MAX_BLOCK_ROWS) break;
  }
  return rows;
}

/** A gap this many line heights wide between two words of a row separates two columns, not two words of a name. */
const COLUMN_GAP = 4;

/**
 * The words of a row up to the first gap as wide as a column gutter ("Jane Smith," ... "Due Date:" when the column
 * of a block is wider than the block itself), except after a label's colon.
 */
function beforeColumnGap(words: readonly Word[], lineHeight: number): Word[] {
  const sorted = [...words].sort((a, b) => a.bbox.x - b.bbox.x);
  const kept: Word[] = [];
  for (const word of sorted) {
    const previous = kept[kept.length - 1];
    // "Name:          Muster GmbH", "Nummer   : GE2020211": a label and its value across a wide gap are one row.
    const gutter = previous && word.bbox.x - right(previous.bbox) > COLUMN_GAP * lineHeight;
    if (previous && gutter && !previous.text.endsWith(':') && !word.text.startsWith(':')) break;
    kept.push(word);
  }
  return kept;
}

const ATTRIBUTE_PREFIX = /^[\p{L}][\p{L}\p{N}.\-/()&' ]{0,40}?\s?:(?:\s|$)/u;
const CODE_PREFIX =
  /^(?:GLN|GTIN|EAN|ILN|UID|VAT|TVA|BTW|IVA|USt|MwSt|ID|Tel|Fax|Phone|Email|E-Mail|Web|IBAN|BIC|SWIFT|KvK|SIRET|SIREN|RCS|HRB|CIN|GSTIN|PAN)(?![\p{L}])\.?/iu;
const CONTACT = /@|https?:|www\.|\+\d{2}[\s\d]{6,}|\(\d{3}\)/iu;
/** A contact person with a department after a comma: "Jean Dupont, Service Achats", "M. Weber, Abt. Einkauf". */
const PERSON_WITH_DEPARTMENT =
  /,\s*(?:\p{L}+\s)?(?:dep|dept|department|d[ée]partement|service|abteilung|abt|afdeling|reparto|ufficio|departamento|dpto)\.?(?:\s|$)/iu;

/** "Name: Kunden AG" gives "Kunden AG"; other "Something: value" rows and codes are attributes, not names. */
export function nameAttribute(text: string): string | null {
  const m =
    /^(?:name|firma|company|raison sociale|nom|nombre|ragione sociale|naam|bedrijf|razón social)\s?:\s*(.+)$/iu.exec(
      text,
    );
  return m ? (m[1] as string).trim() : null;
}

/** True for a row that holds a labelled attribute, a code, contact data or an account: not a name. */
export function isAttributeRow(text: string): boolean {
  if (ATTRIBUTE_PREFIX.test(text) || CODE_PREFIX.test(text) || CONTACT.test(text)) return true;
  if (PERSON_WITH_DEPARTMENT.test(text)) return true;
  return findVatIds(text).length > 0 || findIbans(text).length > 0;
}

/** A name: mostly letters, a few words, not a lone number or postcode line. */
export function looksLikeName(text: string): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 80) return false;
  if (!/^[\p{L}\p{N}"'(]/u.test(t)) return false;
  const letters = (t.match(/\p{L}/gu) ?? []).length;
  if (letters < 2 || letters < t.replace(/\s/g, '').length * 0.5) return false;
  return t.split(/\s+/).length <= 8;
}

/**
 * Street words of the supported languages (and Indonesian "Jalan"), as printed in address lines; "straße" also as
 * OCR engines without "ß" read it ("LorettostraBe 26": PaddleOCR's dictionary has no ß).
 */
const STREET_WORD =
  /(?:^|[\s,])(?:street|st\.|avenue|ave\.?|road|rd\.|boulevard|blvd\.?|lane|drive|suite|ste\.|highway|hwy|p\.?\s?o\.?\s?box|rue|avenue|chemin|allée|impasse|place|quai|calle|c\/|avda\.?|avenida|paseo|plaza|via|viale|piazza|corso|straße|strasse|strabe|str\.|weg|gasse|platz|allee|ring|damm|straat|laan|plein|gracht|kade|jalan|jl\.)(?=[\s,.]|$)/iu;
/** German and Dutch street names are compounds ("Hauptstraße 5", "Musterstr. 12", "Kalverstraat 1"). */
const COMPOUND_STREET =
  /\p{L}(?:straße|strasse|strabe|str\.|weg|gasse|platz|allee|damm|straat|laan|gracht|kade)\s*\d/iu;
/** Country names closing a town line ("Anytown, USA", "75018 PARIS, FR"). */
const COUNTRY_TAIL =
  /,\s*(?:usa|u\.s\.a\.|us|united states(?: of america)?|uk|united kingdom|england|germany|deutschland|france|españa|spain|italia|italy|nederland|netherlands|belgi(?:um|ë|que)|österreich|austria|schweiz|suisse|switzerland|canada|australia|india|indonesia)\.?$/iu;
const COUNTRY_CODE_TAIL = /,\s*[A-Z]{2}\.?$/u;

/**
 * A street or town line of an address: a house number before a word ("58 rue de la mer", "123 Main Street"), a
 * street word with a number ("Hauptstraße 5", "Suite 200"), or a town followed by its country ("Anytown, USA").
 * Never a party's name, whatever block it opens.
 */
export function looksLikeAddressLine(text: string): boolean {
  const t = text.trim();
  if (/^\d{1,5}[a-z]?(?:[-/]\d{1,4})?,?\s+\p{L}{2,}/u.test(t) && !/^\d+\s*(?:x|pcs?|stk|st\.)\b/iu.test(t)) return true;
  if (/\d/.test(t) && (STREET_WORD.test(t) || COMPOUND_STREET.test(t))) return true;
  return (
    (COUNTRY_TAIL.test(t) || COUNTRY_CODE_TAIL.test(t)) &&
    t.split(/\s+/).length <= 4 &&
    !/\b(?:gmbh|ltd|inc|llc|sarl|sas|s\.a\.|b\.v\.|ag)\b/iu.test(t)
  );
}

/**
 * Letter-spaced print read letter by letter ("P E N N Y- M A RK T GmbH", as OCR now keeps narrow gaps): a run of at
 * least four one- or two-letter pieces, mostly single letters, is one word.
 */
function joinLetterSpacing(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])\p{L}{1,2}-?(?:\s\p{L}{1,2}-?){3,}(?![\p{L}\p{N}])/gu, (run) => {
    const pieces = run.split(/\s/);
    const single = pieces.filter((p) => p.replace('-', '').length === 1).length;
    return single >= 0.75 * pieces.length ? pieces.join('') : run;
  });
}

export function cleanName(text: string): string {
  return joinLetterSpacing(
    text
      // Table rules and box edges that OCR reads as characters: "| Lieferant GmbH", "[ACME Ltd ]".
      .replace(/^[\s|¦[\]{}=~_•·*»«]+|[\s|¦[\]{}=~_•·*»«]+$/gu, '')
      .replace(/^(?:attn|att|z\.\s?hd\.?|c\/o|à l'attention de|t\.a\.v\.)\s*[:.]?\s*/iu, '')
      .replace(/^[\s,;:.\-–]+|[\s,;:\-–]+$/gu, '')
      .trim(),
  );
}

/** Postal code lines: "80333 München", "D-63571 Gelnhausen", "Fremont CA 94538", "London SW1A 1AA", "1025 RX Amsterdam". */
export const POSTCODE =
  /(?:^|\s|-)(?:\d{4,5}|\d{3}\s?\d{2}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{4}\s?[A-Z]{2})(?=\s|,|$)/u;
