// Seller and buyer: names, addresses and tax ids. Headings win; then the sender line of an address window; then
// company names recognized by their legal form, scored by where they sit and what surrounds them (repeated in the
// footer, matching the web domain, next to the seller's VAT id or bank account); then address-shaped blocks.
import type { BBox } from '../../../model.js';
import { findVatIds, matchLabel } from '../../parse/index.js';
import { correctOcrLetters } from '../../parse/ocr-letters.js';
import { candidate, type Candidate } from '../candidates.js';
import type { DocumentHints } from '../hints.js';
import { bottom, right, unionBoxes } from '../layout/geometry.js';
import type { LabelIndex } from '../layout/label-hits.js';
import { topShareEnd, type Layout, type LayoutPage, type Segment } from '../layout/layout.js';
import { evidenceOf, runOf, type Evidence, type TextRun } from '../layout/runs.js';
import { readIdentifier } from '../values.js';
import { addressBlocks, headingBlocks, SALUTATION, senderLineBlocks, type PartyBlock } from './blocks.js';
import { columnRight, isAttributeRow, looksLikeName, rowsBelow } from './column.js';
import { companyName, domainKeys, hasLegalForm, letterKey, matchesDomain, wordsBeforeLegalForm } from './company.js';
import { closingPhraseVendor } from './closing-phrase.js';
import { headerNameBlock, headerNames, headerNameVendor, headTradeName } from './header-name.js';

export interface Parties {
  vendor_name: Candidate<string> | null;
  vendor_address: Candidate<string> | null;
  vendor_tax_id: Candidate<string> | null;
  buyer_name: Candidate<string> | null;
  buyer_address: Candidate<string> | null;
  buyer_tax_id: Candidate<string> | null;
}

function inside(box: BBox, area: BBox, slack = 2): boolean {
  return (
    box.x >= area.x - slack &&
    box.y >= area.y - slack &&
    right(box) <= right(area) + slack &&
    bottom(box) <= bottom(area) + slack
  );
}

function intersects(a: BBox, b: BBox): boolean {
  return a.x < right(b) && b.x < right(a) && a.y < bottom(b) && b.y < bottom(a);
}

/** A block that is (part of) the vendor's: its name, or rows inside the vendor's block (its street, its town). */
function isVendors(block: PartyBlock, vendor: PartyBlock | null): boolean {
  if (!vendor) return false;
  if (block.nameText && letterKey(block.nameText) === letterKey(vendor.nameText ?? '')) return true;
  return block.page === vendor.page && intersects(block.box, vendor.box);
}

function runEvidence(run: TextRun): Evidence | null {
  return evidenceOf({ run, from: 0, to: run.text.length });
}

function nameCandidate(block: PartyBlock): Candidate<string> | null {
  if (!block.name || !block.nameText) return null;
  const evidence = runEvidence(block.name);
  if (!evidence) return null;
  // OCR's digits for letters ("PERN1AGAAN") are read back; the evidence keeps the text as read.
  const name = evidence.source === 'ocr' ? correctOcrLetters(block.nameText) : block.nameText;
  return candidate(name, block.confidence, evidence, block.rule);
}

function addressCandidate(rows: readonly TextRun[], confidence: number): Candidate<string> | null {
  if (rows.length === 0) return null;
  const parts = rows.map((r) => r.text.trim()).filter((t) => t.length > 0);
  const evidences = rows.map(runEvidence).filter((e): e is Evidence => e !== null);
  const first = evidences[0];
  if (!first || parts.length === 0) return null;
  const evidence: Evidence = { ...first, bbox: unionBoxes(evidences.map((e) => e.bbox)), raw: parts.join('\n') };
  return candidate(parts.join(', '), confidence, evidence, 'address');
}

interface CompanyCandidate {
  name: string;
  segment: Segment;
  score: number;
  /** The rows above that the name was wrapped from ("PASARAYA BORONG PINTAR" over "SDN BHD"). */
  wrapped?: TextRun;
}

/** Company names with a legal form anywhere in the document, scored. */
function companyCandidates(layout: Layout, labels: LabelIndex, excluded: readonly PartyBlock[]): CompanyCandidate[] {
  const domains = domainKeys(layout.segments.map((s) => s.text));
  const counts = new Map<string, number>();
  const found: CompanyCandidate[] = [];
  for (const segment of layout.segments) {
    // "Lieferant: Muster GmbH" names it after the colon; "DION REALTIES SDN BHD (CO. NO:20154-T)" before it.
    const text =
      segment.text.includes(':') && !namedBeforeColon(segment.text)
        ? segment.text.slice(segment.text.lastIndexOf(':') + 1).trim()
        : segment.text;
    // "(c) AWV e.V. 2020", "© Example GmbH": the copyright holder of a form or a stylesheet, not a party.
    if (/©|\(c\)|copyright/iu.test(text)) continue;
    const page = layout.pages.find((p) => p.number === segment.page);
    // A legal form alone on its row ends a name wrapped from the rows above ("PASARAYA BORONG PINTAR" / "SDN BHD"),
    // or one OCR cut from its name at a wide space ("SUBANG HEALTHCARE SDN" | "BHD").
    const wrapped =
      page && isLegalFormOnly(text)
        ? (cutOnRow(layout, segment, labels) ?? rowAbove(page, segment, labels, true))
        : null;
    const name = wrapped ? companyName(`${wrapped.text} ${text}`) : companyName(text);
    if (!name) continue;
    const key = letterKey(name);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (
      excluded.some(
        (b) =>
          (b.page === segment.page && inside(segment.bbox, b.box)) || (b.nameText && letterKey(b.nameText) === key),
      )
    )
      continue;
    // "Abstractors and Design Co." over "Attn: Ronald Davis": a block to someone's attention is the addressee's.
    if (page && addressedTo(page, segment, labels)) continue;
    let score = 0.45;
    if (matchesDomain(name, domains)) score += 0.15;
    if (page && segment.page === layout.pages[0]?.number && segment.bbox.y < topShareEnd(page, 0.3)) score += 0.1;
    if (page) {
      const around = rowsBelow(page, segment.bbox, columnRight(page, segment.bbox, labels)).slice(0, 6);
      if (
        around.some(
          (r) => findVatIds(r.text).length > 0 || /\b(?:IBAN|KvK|BTW|USt|VAT|SIRET|HRB|Tel|Phone)\b/i.test(r.text),
        )
      )
        score += 0.1;
    }
    found.push(wrapped ? { name, segment, score, wrapped } : { name, segment, score });
  }
  for (const c of found) if ((counts.get(letterKey(c.name)) ?? 0) > 1) c.score += 0.15;
  return found;
}

/** A company name (not prose: "The issuer encapsulated their company data ...:") before the segment's first colon. */
function namedBeforeColon(text: string): boolean {
  const name = companyName(text.slice(0, text.indexOf(':')));
  return (
    name !== null && !/\s\p{Ll}{3,}\s/u.test(` ${name} `.replace(/\s(?:and|und|of|et|de|du|des|van|von)\s/gu, ' '))
  );
}

/** "Attn:", "z. Hd.", "c/o", "À l'attention de", "T.a.v.": the row that makes a block an addressee's. */
const ATTENTION =
  /^(?:attn|att|attention|z\.\s?hd|zu händen|c\/o|à l['’]attention|a l['’]attention|t\.a\.v|all['’]attenzione|a la atención)\b/iu;

function addressedTo(page: LayoutPage, segment: Segment, labels: LabelIndex): boolean {
  const rows = rowsBelow(page, segment.bbox, columnRight(page, segment.bbox, labels)).slice(0, 2);
  return rows.some((r) => ATTENTION.test(r.text.trim()));
}

/**
 * A second cue for a vendor read without a label: the name matching the page's web or mail domain. When the rules'
 * vendor does not match a domain but a name at the top of the page or in the receipt's thanks does, that name is
 * the seller's ("SCE&G" with www.sceg.com over the tagline "A SCANA COMPANY"; "WALGREENS" in "Thank you for
 * shopping at Walgreens" with mywalgreens.com, where OCR read the logo as "areen").
 */
function domainConfirmedVendor(
  layout: Layout,
  labels: LabelIndex,
  vendor: PartyBlock | null,
  buyer: PartyBlock | null,
): PartyBlock | null {
  if (vendor && !WEAK_VENDOR_RULES.has(vendor.rule)) return vendor;
  const buyerKey = letterKey(buyer?.nameText ?? '');
  const domains = domainKeys(layout.segments.map((s) => s.text));
  if (domains.size === 0 || (vendor?.nameText && matchesDomain(vendor.nameText, domains))) return vendor;
  const header = headerNames(layout, labels).find(
    (h) => matchesDomain(h.text, domains) && letterKey(h.text) !== buyerKey,
  );
  if (header) return headerNameBlock(header.segment, header.text, 'header-name:domain', 0.45);
  const closing = closingPhraseVendor(layout);
  if (closing?.nameText && matchesDomain(closing.nameText, domains))
    return { ...closing, rule: 'closing-phrase:domain' };
  return vendor;
}

/** Vendors read from position or legal form alone, which a matching domain may overrule. */
const WEAK_VENDOR_RULES = new Set(['legal-form', 'letterhead', 'header-name']);

function companyVendor(layout: Layout, labels: LabelIndex, excluded: readonly PartyBlock[]): PartyBlock | null {
  const ranked = companyCandidates(layout, labels, excluded).sort(
    (a, b) => b.score - a.score || a.segment.index - b.segment.index,
  );
  const top = ranked[0];
  if (!top) return null;
  const page = layout.pages.find((p) => p.number === top.segment.page);
  const rows = page ? rowsBelow(page, top.segment.bbox, columnRight(page, top.segment.bbox, labels)) : [];
  const address = [];
  for (const row of rows.slice(0, 4)) {
    // "Herrn" / "Max Mustermann": a salutation opens the addressee's block (a window envelope under the letterhead).
    if (isAttributeRow(row.text) || !/\p{L}/u.test(row.text) || SALUTATION.test(row.text.trim().split(/\s+/)[0] ?? ''))
      break;
    address.push(row);
  }
  if (top.wrapped) {
    const words = [...top.wrapped.words, ...top.segment.words];
    return companyBlock(top, runOf(words, top.segment.page, top.segment.source), top.name, address);
  }
  const words = top.segment.words.slice(0, top.name.split(/\s+/).length);
  let name = runOf(words, top.segment.page, top.segment.source);
  let nameText = top.name;
  // A centred receipt header wraps a long name as it does any line: "LIAN CHI PU TIAN VEGETARIAN" over
  // "RESTAURANT SDN BHD", whose one word before the legal form is no name by itself.
  // ("A SCANA COMPANY" under a logo is a tagline: "company" is a word there, not a legal form.)
  const centred = wordsBeforeLegalForm(top.name) === 1 && !/company$/iu.test(top.name);
  const above = page ? rowAbove(page, top.segment, labels, centred) : null;
  if (above) {
    // "MVM Musterhafter" over "Versicherungsverein Musterstadt a.G.": a name wrapped before its legal form.
    name = runOf([...above.words, ...words], top.segment.page, top.segment.source);
    nameText = `${above.text} ${top.name}`;
  }
  return companyBlock(top, name, nameText, address);
}

function companyBlock(top: CompanyCandidate, name: TextRun, nameText: string, address: TextRun[]): PartyBlock {
  return {
    role: 'vendor',
    name,
    nameText,
    addressRows: address,
    box: top.segment.bbox,
    page: top.segment.page,
    confidence: Math.min(0.85, top.score),
    // A company printed with its registration number is the legal issuer: a brand that matches the web domain does
    // not replace it ("GOLDEN SCOOP SDN BHD (169609-A)" under the "BASKIN ROBBINS" logo).
    rule: REGISTRATION.test(top.segment.text) ? 'legal-form:registered' : 'legal-form',
  };
}

/** A row that is only a legal form ("SDN BHD", "GmbH"): the end of a name wrapped from above. */
function isLegalFormOnly(text: string): boolean {
  return hasLegalForm(text) && wordsBeforeLegalForm(text) === 0 && text.trim().split(/\s+/).length <= 3;
}

/** A company registration number after the name: "(169609-A)", "(383322-D)", "HRB 12345", "Co. Reg. No", "KvK". */
const REGISTRATION =
  /\(\s*\d{4,}[-\s]?[A-Z]\s*\)|\(\s*(?:co\.?\s*)?(?:no|reg)|(?<![\p{L}])(?:HRB|HRA|RCS|KvK|CIN|ABN|ACN|UEN|co\.?\s*reg)(?![\p{L}])/iu;

/** The row right above a segment in its column, when it continues the same name (no digits, no label, no legal form). */
function rowAbove(page: LayoutPage, segment: Segment, labels: LabelIndex, centred = false): TextRun | null {
  const lh = page.lineHeight;
  if (!(segment.text.split(/\s+/).length <= 7 && segment.starts[0] === 0)) return null;
  const middle = (box: BBox) => box.x + box.width / 2;
  // Centred, a wrapped name's first line is the fuller one ("SCE&G." over "SCANA COMPANY" is a logo over a tagline).
  const aligned = (a: BBox, b: BBox) =>
    Math.abs(a.x - b.x) < lh * 0.5 || (centred && Math.abs(middle(a) - middle(b)) < lh && a.width >= b.width);
  // Segments of the same column above, nearest first (boxes, not lines: a logo on the right makes lines tall).
  const above = (box: BBox) =>
    page.lines
      .flatMap((l) => l.segments)
      .filter((s) => s.bbox.y < box.y - lh * 0.5 && aligned(s.bbox, box))
      .sort((a, b) => b.bbox.y - a.bbox.y)[0];
  const candidate = above(segment.bbox);
  if (!candidate || segment.bbox.y - candidate.bbox.y > lh * 1.5) return null;
  if (!continuesName(candidate, labels) || candidate.words.length > (centred ? 5 : 4)) return null;
  // The block must start there: nothing right above it in the column; centred, a name may wrap over three rows
  // ("AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD").
  const before = above(candidate.bbox);
  if (before && candidate.bbox.y - before.bbox.y < lh * 1.5) {
    const top = above(before.bbox);
    const fits = centred && continuesName(before, labels) && before.words.length <= 5;
    if (!fits || (top && before.bbox.y - top.bbox.y < lh * 1.5)) return null;
    return runOf([...before.words, ...candidate.words], candidate.page, candidate.source);
  }
  return runOf(candidate.words, candidate.page, candidate.source);
}

/**
 * The segment just left of a legal form on its own line, when it reads as the name the form ends: OCR engines cut a
 * line into boxes at a wide space, and a receipt's centred header spaces its words out.
 */
function cutOnRow(layout: Layout, segment: Segment, labels: LabelIndex): TextRun | null {
  const line = layout.lines[segment.line];
  const at = line?.segments.indexOf(segment) ?? -1;
  const left = at > 0 ? line?.segments[at - 1] : undefined;
  if (!left || left.words.length > 5) return null;
  // Same type: a name and its legal form are set in one size (a value column beside a label is not).
  if (Math.abs(left.bbox.height - segment.bbox.height) > Math.min(left.bbox.height, segment.bbox.height) * 0.4)
    return null;
  return continuesName(left, labels) ? runOf(left.words, left.page, left.source) : null;
}

/** A row that may be part of a wrapped name: no digits, no legal form, no label, name-like. */
function continuesName(segment: Segment, labels: LabelIndex): boolean {
  if (/\d/.test(segment.text) || hasLegalForm(segment.text) || labels.startsWithLabel(segment, 0.5)) return false;
  return looksLikeName(segment.text) && !isAttributeRow(segment.text);
}

/** VAT ids: labelled as the buyer's, or inside the buyer block -> buyer; otherwise the vendor's (first one). */
function taxIds(
  layout: Layout,
  labels: LabelIndex,
  hints: DocumentHints,
  buyer: PartyBlock | null,
): { vendor: Candidate<string> | null; buyer: Candidate<string> | null } {
  let vendor: Candidate<string> | null = null;
  let buyerId: Candidate<string> | null = null;
  for (const segment of layout.segments) {
    for (const vat of findVatIds(segment.text)) {
      const evidence = evidenceOf(
        { run: segment, from: 0, to: segment.text.length },
        vat.index,
        vat.index + vat.length,
      );
      if (!evidence) continue;
      const row = labels.rowSegments(segment.page, segment.bbox).filter((s) => s.bbox.x <= segment.bbox.x);
      const context = [...row.map((s) => s.text), segment.text.slice(0, vat.index)].join(' ');
      const fields = new Set(matchLabel(context).map((m) => m.field));
      const inBuyerBlock = buyer !== null && buyer.page === segment.page && inside(evidence.bbox, buyer.box);
      const confidence = vat.checksumValid === false ? 0.5 : 0.9;
      if (fields.has('buyer_tax_id') || (inBuyerBlock && !fields.has('vendor_tax_id'))) {
        buyerId ??= candidate(vat.vatId, confidence, evidence, 'vat-id');
      } else {
        vendor ??= candidate(
          vat.vatId,
          confidence * (fields.has('vendor_tax_id') || fields.has('tax_id') ? 1 : 0.85),
          evidence,
          'vat-id',
        );
      }
    }
  }
  if (!vendor) {
    // No VAT id: a national tax number after a plain tax-id label ("Steuernummer: 201/113/40209").
    for (const hit of labels.of(['tax_id', 'vendor_tax_id'])) {
      if (buyer && buyer.page === hit.segment.page && inside(hit.box, buyer.box)) continue;
      for (const span of labels.valueSpans(hit)) {
        const reading = readIdentifier(span.run.text.slice(span.from, span.to), hints);
        const evidence = reading ? evidenceOf(span, reading.start, reading.end) : null;
        if (reading && evidence) {
          vendor = candidate(reading.value, 0.6 * hit.confidence, evidence, 'tax-label');
          break;
        }
      }
      if (vendor) break;
    }
  }
  return { vendor, buyer: buyerId };
}

export function readParties(layout: Layout, labels: LabelIndex, hints: DocumentHints): Parties {
  const headings = headingBlocks(layout, labels);
  const sender = senderLineBlocks(layout);
  const pick = (role: 'vendor' | 'buyer', blocks: readonly PartyBlock[]): PartyBlock | null =>
    blocks.filter((b) => b.role === role && b.nameText).sort((a, b) => b.confidence - a.confidence)[0] ?? null;

  let buyer = pick('buyer', headings) ?? pick('buyer', sender);
  const shipTo = headings.filter((b) => b.role === 'ship_to');
  const excluded = [...(buyer ? [buyer] : []), ...shipTo];
  let vendor = pick('vendor', headings) ?? pick('vendor', sender) ?? companyVendor(layout, labels, excluded);
  // A company found by its legal form below a first row that names a shop's trade: the shop is who the page is from.
  if (vendor?.rule.startsWith('legal-form')) {
    const trade = headTradeName(layout, labels);
    // (Unless the company's name was wrapped from that very row: "AIK HUAT HARDWARE" / ... / "ALAM) SDN BHD".)
    const inName = trade?.nameText && letterKey(vendor.nameText ?? '').includes(letterKey(trade.nameText));
    if (trade && trade.box.y < vendor.box.y && !inName) vendor = trade;
  }

  if (!buyer || !vendor) {
    const blocks = addressBlocks(layout, labels).filter(
      (b) => !isVendors(b, vendor) && !shipTo.some((s) => inside(b.box, s.box)),
    );
    if (!vendor && blocks.length >= 2) {
      // Two address blocks and no other clue: the letterhead (upper one) is the seller's.
      const top = blocks.reduce((a, b) => (b.box.y < a.box.y ? b : a));
      // A name printed above the upper block, aligned with it (a letterhead set apart from its address by a blank
      // line, whose town row then looks like the first row of a block: "Ashworth & Holloway plc" ... "Bristol /
      // HM17 8GV"). A name elsewhere on the row (a tagline at the right) does not count.
      const header = headerNameVendor(layout, labels);
      const aligned = header !== null && Math.abs(header.box.x - top.box.x) <= (layout.pages[0]?.lineHeight ?? 10);
      vendor =
        header && aligned && bottom(header.box) < top.box.y && !blocks.some((b) => inside(header.box, b.box))
          ? { ...header, rule: 'letterhead:header-name' }
          : { ...top, role: 'vendor', confidence: 0.4, rule: 'letterhead' };
    }
    // No heading, no sender line, no legal form, not two address blocks: the letterhead or receipt header names
    // the vendor (the largest name at the top of the first page).
    vendor ??= headerNameVendor(layout, labels);
    vendor ??= closingPhraseVendor(layout);
    if (!buyer) {
      const rest = blocks.filter(
        (b) => !isVendors(b, vendor) && !(vendor && b.box.y === vendor.box.y && b.box.x === vendor.box.x),
      );
      const chosen = rest[0];
      if (chosen) buyer = chosen;
    }
  }

  vendor = domainConfirmedVendor(layout, labels, vendor, buyer);
  const ids = taxIds(layout, labels, hints, buyer);
  const vendorName = vendor ? nameCandidate(vendor) : null;
  const buyerName = buyer ? nameCandidate(buyer) : null;
  return {
    vendor_name: vendorName,
    vendor_address: vendor && vendorName ? addressCandidate(vendor.addressRows, vendor.confidence * 0.9) : null,
    vendor_tax_id: ids.vendor,
    buyer_name: buyerName,
    buyer_address: buyer && buyerName ? addressCandidate(buyer.addressRows, buyer.confidence * 0.9) : null,
    buyer_tax_id: ids.buyer,
  };
}
