// Decides a downloaded file's format from its first bytes only. URL extensions and Content-Type headers are chosen by
// whoever serves the file and are often wrong (application/octet-stream, or text/html for a PDF), so they are never
// trusted. Anything unrecognised is refused rather than guessed: an HTML error page must not reach the XML reader.
import type { SourceFormat } from '../model.js';

/** PDF readers accept a header anywhere in the first 1024 bytes (some generators prepend junk). */
const PDF_HEADER_WINDOW = 1024;
/** How far the XML prolog (declaration, comments, processing instructions) is followed before giving up. */
const XML_PROLOG_WINDOW = 4096;

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function startsWith(bytes: Uint8Array, magic: ArrayLike<number>, offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[offset + i] !== magic[i]) return false;
  return true;
}

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

export function sniffFormat(bytes: Uint8Array): SourceFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, PDF_MAGIC)) return 'pdf';
  // XML before the loose PDF search, so that an XML invoice mentioning "%PDF-" near its start stays XML.
  if (looksLikeXml(bytes)) return 'xml';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW));
  if (head.indexOf(PDF_MAGIC) !== -1) return 'pdf';
  return null;
}

/** Lower-case hex of the first bytes, for error details ("what did we actually get?"). */
export function firstBytesHex(bytes: Uint8Array, count = 16): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, count)).toString('hex');
}

const WHITESPACE = /[ \t\r\n]/;
// Latin-1 decoding maps every UTF-8 lead byte to >= \x80, so non-ASCII element names pass as name characters.
const ELEMENT_NAME = /^[A-Za-z_:\u0080-\u00ff][^\s/>]*/;
const HTML_ROOTS = new Set(['html', 'head', 'body']);
const HTML_DOCTYPE = /^<!doctype\s+html(?:[\s>[]|$)/i;
const ANY_DOCTYPE = /^<!doctype\s/i;

/**
 * An optional UTF-8 BOM and whitespace, then a prolog of XML declaration / processing instructions / comments, then a
 * root element that is not HTML. A DOCTYPE other than HTML counts as XML: the XML reader refuses DTDs with its own,
 * more precise error (xml_forbidden_construct).
 */
function looksLikeXml(bytes: Uint8Array): boolean {
  const window = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, XML_PROLOG_WINDOW));
  const text = window.toString('latin1');
  let i = text.startsWith('\u00ef\u00bb\u00bf') ? 3 : 0;
  let sawDeclaration = false;
  for (;;) {
    while (i < text.length && WHITESPACE.test(text[i]!)) i++;
    if (i >= text.length) return sawDeclaration;
    const rest = text.slice(i);
    if (rest.startsWith('<?')) {
      if (/^<\?xml[\s?]/.test(rest)) sawDeclaration = true;
      const end = text.indexOf('?>', i + 2);
      if (end === -1) return sawDeclaration;
      i = end + 2;
    } else if (rest.startsWith('<!--')) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) return sawDeclaration;
      i = end + 3;
    } else if (rest.startsWith('<!')) {
      if (HTML_DOCTYPE.test(rest)) return false;
      return ANY_DOCTYPE.test(rest);
    } else if (rest.startsWith('<')) {
      const name = ELEMENT_NAME.exec(rest.slice(1))?.[0];
      if (name === undefined) return false;
      const localName = name.slice(name.lastIndexOf(':') + 1).toLowerCase();
      return !HTML_ROOTS.has(localName);
    } else {
      return false;
    }
  }
}
