// Is this XML an e-invoice, and in which syntax? Detection goes by the root element's namespace URI and local name,
// never by prefix, and also reads the profile (BT-24).

import type { EInvoiceSource, EInvoiceSyntax } from '../../model.js';
import { PipelineError } from '../../errors.js';
import { ciiProfileElement } from './cii.js';
import { decodeXmlBytes } from './xml-bytes.js';
import { child, parseXmlDocument, textOf, type XmlElement } from './xml-tree.js';

const CII_ROOTS: ReadonlyArray<readonly [ns: string, name: string]> = [
  ['urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100', 'CrossIndustryInvoice'],
  ['urn:ferd:CrossIndustryDocument:invoice:1p0', 'CrossIndustryDocument'],
];
const UBL_ROOTS: ReadonlyArray<readonly [ns: string, name: string]> = [
  ['urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', 'Invoice'],
  ['urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2', 'CreditNote'],
];

/** Attachment names that carry the invoice by convention, most specific first (Factur-X / ZUGFeRD 2 before 1.0). */
export const EINVOICE_ATTACHMENT_NAMES = [
  'factur-x.xml',
  'zugferd-invoice.xml',
  'ZUGFeRD-invoice.xml',
  'xrechnung.xml',
];
/** Content sniffing of unnamed attachments stops after this many, bounding the work a crafted PDF can cause. */
const MAX_SNIFFED_ATTACHMENTS = 20;

export function syntaxOfRoot(root: XmlElement): EInvoiceSyntax | null {
  const matches = ([ns, name]: readonly [string, string]): boolean => root.ns === ns && root.name === name;
  if (CII_ROOTS.some(matches)) return 'CII';
  if (UBL_ROOTS.some(matches)) return 'UBL';
  return null;
}

function profileOf(root: XmlElement, syntax: EInvoiceSyntax): string | null {
  return textOf(syntax === 'CII' ? ciiProfileElement(root) : child(root, 'CustomizationID'));
}

function sourceFromXml(xml: string, origin: EInvoiceSource['origin'], filename?: string): EInvoiceSource | null {
  const root = parseXmlDocument(xml);
  const syntax = syntaxOfRoot(root);
  if (syntax === null) return null;
  const source: EInvoiceSource = { syntax, origin, xml };
  if (filename !== undefined) source.filename = filename;
  const profile = profileOf(root, syntax);
  if (profile !== null) source.profile = profile;
  return source;
}

/**
 * Detects a standalone e-invoice: CII (Factur-X/ZUGFeRD 2.x/XRechnung CII, ZUGFeRD 1.0) or UBL 2.1 (Invoice,
 * CreditNote). Returns null for well-formed XML of any other kind. Throws PipelineError (stage 'parsing'):
 * 'xml_forbidden_construct', 'xml_invalid' or 'resource_limit' for input that must not or cannot be parsed.
 */
export function detectEInvoice(xml: string): EInvoiceSource | null {
  return sourceFromXml(xml, 'standalone');
}

function looksLikeXml(content: Buffer): boolean {
  const head = content
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^(\xef\xbb\xbf|\xff\xfe|\xfe\xff)/, '');
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return /^\s*<|^<\x00|^\x00</.test(head);
}

function tryAttachment(attachment: { filename: string; content: Buffer }): EInvoiceSource | null {
  try {
    return sourceFromXml(decodeXmlBytes(attachment.content), 'embedded', attachment.filename);
  } catch (error) {
    // A broken or hostile attachment is not an e-invoice; the PDF is still read from its pages.
    if (error instanceof PipelineError) return null;
    throw error;
  }
}

/**
 * Picks the e-invoice among a PDF's attachments: the conventional names first (exact, then case-insensitive),
 * then any other attachment whose content is a CII or UBL invoice. Attachments that are malformed, hostile
 * (DOCTYPE) or too large are skipped, never parsed with entities. Returns null when none qualifies.
 */
export function findEmbeddedEInvoice(attachments: { filename: string; content: Buffer }[]): EInvoiceSource | null {
  const tried = new Set<number>();
  const attempt = (index: number): EInvoiceSource | null => {
    if (tried.has(index)) return null;
    tried.add(index);
    const attachment = attachments[index];
    return attachment ? tryAttachment(attachment) : null;
  };
  const baseName = (filename: string): string => filename.split(/[\\/]/).pop() ?? filename;
  for (const caseSensitive of [true, false]) {
    for (const wanted of EINVOICE_ATTACHMENT_NAMES) {
      for (const [index, attachment] of attachments.entries()) {
        const name = baseName(attachment.filename);
        const same = caseSensitive ? name === wanted : name.toLowerCase() === wanted.toLowerCase();
        const found = same ? attempt(index) : null;
        if (found) return found;
      }
    }
  }
  let sniffed = 0;
  for (const [index, attachment] of attachments.entries()) {
    if (tried.has(index) || !looksLikeXml(attachment.content)) continue;
    if (++sniffed > MAX_SNIFFED_ATTACHMENTS) break;
    const found = attempt(index);
    if (found) return found;
  }
  return null;
}
