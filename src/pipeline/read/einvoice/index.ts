// E-invoice XML reading: detection (standalone or embedded in a PDF) and exact mapping to the canonical fields.

import type { EInvoiceSource } from '../../model.js';
import { PipelineError } from '../../errors.js';
import { mapCii } from './cii.js';
import { syntaxOfRoot } from './detect.js';
import type { EInvoiceData } from './types.js';
import { mapUbl } from './ubl.js';
import { parseXmlDocument } from './xml-tree.js';

export { detectEInvoice, findEmbeddedEInvoice, EINVOICE_ATTACHMENT_NAMES } from './detect.js';
export { decodeXmlBytes } from './xml-bytes.js';
export { MAX_XML_CHARS, MAX_XML_DEPTH } from './xml-tree.js';
export type {
  EInvoiceAmountField,
  EInvoiceData,
  EInvoiceFieldProvenance,
  EInvoiceLineItem,
  EInvoiceLineNumberField,
  EInvoiceProvenanceMap,
} from './types.js';

/**
 * Maps a detected e-invoice to the canonical fields. Values are taken verbatim from the XML (amounts exactly,
 * dates as yyyy-mm-dd); a field the XML lacks is null. Throws PipelineError (stage 'parsing') when the XML is
 * unsafe or malformed, or 'xml_invalid' when its root is neither CII nor UBL.
 */
export function mapEInvoice(source: EInvoiceSource): EInvoiceData {
  const root = parseXmlDocument(source.xml);
  const syntax = syntaxOfRoot(root);
  if (syntax === null) {
    throw new PipelineError('parsing', 'xml_invalid', 'The XML is neither a CII nor a UBL invoice.', {
      root: root.name,
      namespace: root.ns,
    });
  }
  return syntax === 'CII' ? mapCii(root) : mapUbl(root);
}
