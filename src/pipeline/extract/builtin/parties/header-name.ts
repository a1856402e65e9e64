// The vendor of a document that names it without any label: the letterhead of an invoice, the header of a receipt
// ("SAFEWAY", "***PENNY-MARKT GmbH***", "Gyro Gearloose"). It is the most prominent name-like text at the top of
// the first page: the largest type where the reader gives sizes, the first rows otherwise; never a document title
// ("INVOICE", "Kassenbon"), a label, a date, an amount, a street or town line, a telephone number or a slogan-long
// sentence.
import type { Word } from '../../../model.js';
import { findAmounts, findDates, matchLabel } from '../../parse/index.js';
import type { LabelIndex } from '../layout/label-hits.js';
import { topShareEnd, type Layout, type LayoutLine, type LayoutPage, type Segment } from '../layout/layout.js';
import { runOf } from '../layout/runs.js';
import type { PartyBlock } from './blocks.js';
import { cleanName, isAttributeRow, looksLikeAddressLine, looksLikeName, POSTCODE } from './column.js';
import { companyName, withOcrGmbh } from './company.js';

/** The header is the first rows of the page: letterheads and receipt headers sit above everything else. */
const HEADER_ROWS = 6;
const HEADER_SHARE_OF_PAGE = 0.25;
/** A name printed this much larger than the page's body text is a letterhead. */
const PROMINENT_HEIGHT = 1.3;
const MAX_NAME_WORDS = 5;
const MIN_OCR_CONFIDENCE = 0.9;
/** Below this mean word confidence an OCR row is noise (a logo, a stamp), not a row of the header. */
const MIN_ROW_CONFIDENCE = 0.6;
/** Lower-case words names do contain ("Bank of America", "Maison du Café", "Müller und Söhne"). */
const PARTICLE = /^(?:of|and|the|for|de|du|des|la|le|les|et|y|del|di|da|van|von|der|den|und|&)$/u;

/** Document titles and receipt captions in the supported languages: the kind of document, not who issued it. */
const DOCUMENT_WORD =
  /(?<![\p{L}])(?:invoice|receipt|bill|statement|quote|quotation|order|delivery note|credit note|tax invoice|sales receipt|cash receipt|\p{L}*rechnung|kassenbon|quittung|beleg|kassenbeleg|bon|facture|reçu|ticket|avoir|factura|recibo|fattura|ricevuta|scontrino|factuur|bon|kwitantie|faktura|doklad|nota|struk|kwitansi|chitanta|bon fiscal)(?![\p{L}])/iu;

/** A title set letter-spaced, which OCR splits into pieces ("FAT TURA", "R E C H N U N G"): the same word, squeezed. */
const SPACED_DOCUMENT_WORD = new RegExp(`^${DOCUMENT_WORD.source}$`, 'iu');

/** Greetings, slogans and opening hours printed at the top of receipts. */
const NOT_A_NAME =
  /(?<![\p{L}])(?:welcome|willkommen|bienvenue|bienvenido|thank|danke|merci|gracias|open|geöffnet|mo\.?-|www\.|http|@|tel|phone|fax)(?![\p{L}])/iu;

/** A stamp or a copy mark alone on its row ("POSTED", "PAID", "DUPLICATE", "Kopie", "Copie client"): not a name. */
const STAMP =
  /^(?:posted|paid|copy|duplicate|reprint|re-?printed|received|void|cancel+ed|original|customer copy|merchant copy|bezahlt|kopie|duplikat|storniert|pay[ée]e?|copie(?: client)?|duplicata|pagad[oa]|copia|duplicado|pagato|betaald|kopie klant)$/iu;

function characterConfidence(words: readonly Word[]): number {
  const chars = words.reduce((n, w) => n + w.text.length, 0);
  return chars === 0 ? 1 : words.reduce((sum, w) => sum + (w.confidence ?? 1) * w.text.length, 0) / chars;
}

function nameLike(segment: Segment, labels: LabelIndex): string | null {
  // "***PENNY-MARKTGmbH***": decoration around it, the legal form glued on; "SCE&G.": a one-word logo's full stop.
  const text = withOcrGmbh(
    cleanName(segment.text.replace(/^[*#=~\-–_.\s]+|[*#=~\-–_\s]+$/gu, '')).replace(/(?<=\p{L})(?=[GC6]mbH$)/u, ' '),
  ).replace(/^(\S+)\.$/u, '$1');
  if (!looksLikeName(text) || isAttributeRow(text) || looksLikeAddressLine(text)) return null;
  // "real- 40217 Dusseldorf-Bilk": OCR joined the logo to the town line.
  if (POSTCODE.test(` ${text} `.replace(/[\p{L}]{4,}/gu, ''))) return null;
  if (text.split(/\s+/).length > MAX_NAME_WORDS || (text.match(/\p{L}/gu) ?? []).length < 3) return null;
  if (
    DOCUMENT_WORD.test(text) ||
    SPACED_DOCUMENT_WORD.test(text.replace(/\s+/g, '')) ||
    NOT_A_NAME.test(text) ||
    STAMP.test(text) ||
    labels.startsWithLabel(segment, 0.5)
  )
    return null;
  if (matchLabel(text).some((m) => m.confidence >= 0.7)) return null;
  // "More saving.", "Fictitious example for illustration purposes": a slogan or a sentence, not a name.
  if (/[.!?]$/u.test(text) && !companyName(text)) return null;
  // Lower-case words make a sentence, unless the whole name is a lower-case wordmark ("dm-drogerie markt").
  const wordmark = !/\p{Lu}/u.test(text) && text.split(/\s+/).length <= 3;
  if (!wordmark && text.split(/\s+/).filter((w) => /^\p{Ll}/u.test(w) && !PARTICLE.test(w)).length > 1) return null;
  if (findDates(text).length > 0 || findAmounts(text).some((a) => /[.,]\d{2}$/.test(a.raw))) return null;
  // OCR of a logo or a stamp: letters nobody printed as text (a name guessed from position needs clean reading).
  // Weighed by characters, so a name read letter by letter ("P E N N Y") is judged as a whole, like one word.
  if (characterConfidence(segment.words) < MIN_OCR_CONFIDENCE) return null;
  return text;
}

/** The first readable rows of the page. Rows OCR made of a logo's strokes ("m" at 36 %) do not count. */
function headerRows(page: LayoutPage): LayoutLine[] {
  return page.lines
    .filter((l) => l.bbox.y < topShareEnd(page, HEADER_SHARE_OF_PAGE) && l.segments.some(readable))
    .slice(0, HEADER_ROWS);
}

/** Text a reader can vouch for: three letters or more, read with fair confidence. */
function readable(segment: Segment): boolean {
  const letters = (segment.text.match(/\p{L}/gu) ?? []).length;
  const confidence = segment.words.reduce((sum, w) => sum + (w.confidence ?? 1), 0) / Math.max(1, segment.words.length);
  return letters >= 3 && confidence >= MIN_ROW_CONFIDENCE;
}

/**
 * Name-like segments at the top of the first page, in reading order, whatever their size: the candidates a second
 * cue (a web or mail domain) may confirm when the first rows are not clear.
 */
export function headerNames(layout: Layout, labels: LabelIndex): Array<{ segment: Segment; text: string }> {
  const page = layout.pages[0];
  if (!page) return [];
  const found: Array<{ segment: Segment; text: string }> = [];
  for (const line of headerRows(page)) {
    for (const segment of line.segments) {
      const text = nameLike(segment, labels);
      if (text) found.push({ segment, text });
    }
  }
  return found;
}

/** A header name as the vendor's block. */
export function headerNameBlock(segment: Segment, text: string, rule: string, confidence: number): PartyBlock {
  return {
    role: 'vendor',
    name: runOf(segment.words, segment.page, segment.source),
    nameText: companyName(text) ?? text,
    addressRows: [],
    box: segment.bbox,
    page: segment.page,
    confidence,
    rule,
  };
}

/**
 * The most prominent name-like segment among the first rows of page 1, as a vendor block (confidence 0.4), or null.
 * With type sizes: the tallest, when it stands out from the body text or is the very first row; without a clear
 * size difference: the first name-like row when it is the first row of the page.
 */
export function headerNameVendor(layout: Layout, labels: LabelIndex): PartyBlock | null {
  const page = layout.pages[0];
  if (!page) return null;
  const rows = headerRows(page);
  let best: { segment: Segment; text: string; height: number; first: boolean } | null = null;
  let trade: { segment: Segment; text: string } | null = null;
  for (const [index, line] of rows.entries()) {
    for (const segment of line.segments) {
      const text = nameLike(segment, labels);
      if (!text) continue;
      if (index < TRADE_NAME_ROWS && !trade && TRADE_NAME.test(text)) trade = { segment, text };
      const height = segment.bbox.height / page.lineHeight;
      const first = index === 0;
      if (height < PROMINENT_HEIGHT && !first) continue;
      if (!best || height > best.height + 0.05) best = { segment, text, height, first };
    }
  }
  // Only the first row's position speaks for it: a name that says its trade just under it is the shop's ("TAN CHAY
  // YEE" over "ABC HO TRADING": the owner over the business; a "POSTED" stamp over "YONG CEN ENTERPRISE").
  if (trade && (!best || (best.height < PROMINENT_HEIGHT && !TRADE_NAME.test(best.text) && !companyName(best.text))))
    best = { ...trade, height: 1, first: false };
  return best ? headerNameBlock(best.segment, best.text, 'header-name', 0.4) : null;
}

/**
 * The shop's trade name when it heads the first page ("SANYU STATIONERY SHOP" in the first row), as a vendor block:
 * the name a receipt is known by, even when the company owning the shop is named further down ("OWNED BY : SANYU
 * SUPPLY SDN BHD").
 */
export function headTradeName(layout: Layout, labels: LabelIndex): PartyBlock | null {
  const page = layout.pages[0];
  const first = page ? headerRows(page)[0] : undefined;
  for (const segment of first?.segments ?? []) {
    const text = nameLike(segment, labels);
    if (text && TRADE_NAME.test(text)) return headerNameBlock(segment, text, 'header-name:trade', 0.45);
  }
  return null;
}

/** How far down the header a trade name may stand and still name the shop. */
const TRADE_NAME_ROWS = 3;
/**
 * A business name that ends in its trade ("ABC HO TRADING", "SANYU STATIONERY SHOP", "Corner Bakery"), as shops and
 * small firms without a legal form name themselves in English-speaking countries and in Malay.
 */
const TRADE_NAME =
  /(?<![\p{L}])(?:trading|traders|enterprises?|restaurants?|restoran|cafe|café|bakery|bakeries|hardware|stores?|shop|mart|minimart|market|supermarket|hypermarket|pharmacy|farmasi|clinic|klinik|motors?|electrical|electronics|marketing|services|agency|stationery|bookstore|florist|boutique|catering|foods?|industries|supplies|kedai|perniagaan)\.?$/iu;
