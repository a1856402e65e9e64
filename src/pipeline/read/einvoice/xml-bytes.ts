// Bytes -> text for XML files (PDF attachments, standalone uploads): byte-order mark first, then the encoding named
// in the XML declaration, UTF-8 otherwise (XML 1.0 appendix F).

import { PipelineError } from '../../errors.js';
import { MAX_XML_CHARS } from './xml-tree.js';

// Single-byte encodings seen in the wild for invoices; anything else that is declared is read as UTF-8 when valid.
const SINGLE_BYTE_ENCODINGS = new Set([
  'iso-8859-1',
  'latin1',
  'iso-8859-15',
  'windows-1252',
  'cp1252',
  'us-ascii',
  'ascii',
]);

function declaredEncoding(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 200).toString('latin1');
  const match = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._\-/]+)["']/.exec(head);
  return match?.[1]?.toLowerCase() ?? null;
}

function decode(bytes: Buffer, encoding: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (error) {
    throw new PipelineError('parsing', 'xml_invalid', `The XML is not valid ${encoding} text.`, { encoding }, false, {
      cause: error,
    });
  }
}

/** Decodes XML bytes to a string without BOM. Throws 'resource_limit' over the size cap, 'xml_invalid' on bad bytes. */
export function decodeXmlBytes(bytes: Buffer): string {
  // Two bytes per character at most matter here (UTF-16); the exact character cap is checked again when parsing.
  if (bytes.length > MAX_XML_CHARS * 2) {
    throw new PipelineError('parsing', 'resource_limit', 'The XML document is larger than the accepted maximum.', {
      bytes: bytes.length,
      maxChars: MAX_XML_CHARS,
    });
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode(bytes.subarray(3), 'utf-8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode(bytes.subarray(2), 'utf-16be');
  if (bytes[0] === 0x3c && bytes[1] === 0x00) return decode(bytes, 'utf-16le');
  if (bytes[0] === 0x00 && bytes[1] === 0x3c) return decode(bytes, 'utf-16be');
  const declared = declaredEncoding(bytes);
  if (declared !== null && SINGLE_BYTE_ENCODINGS.has(declared)) {
    // TextDecoder maps ISO-8859-1 and US-ASCII to windows-1252, a superset for printable text.
    return decode(bytes, declared === 'iso-8859-15' ? 'iso-8859-15' : 'windows-1252');
  }
  // UTF-8 declared, nothing declared, or an unknown label (e.g. "UTF-8-W/O-BOM" in the corpus): strict UTF-8.
  return decode(bytes, 'utf-8');
}
