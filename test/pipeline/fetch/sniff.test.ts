import { describe, expect, it } from 'vitest';
import { firstBytesHex, sniffFormat } from '../../../src/pipeline/fetch/sniff.js';
import type { SourceFormat } from '../../../src/pipeline/model.js';
import { datasetFile } from './support/server.js';

const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('sniffFormat on real files', () => {
  it.each([
    ['invoice2data/documents/SammyMaystoneLinesTest.pdf', 'pdf'],
    ['zugferd-corpus/documents/unstructured/RE-E-974-Hetzner_2016-01-19_R0005532486.pdf', 'pdf'],
    ['invoice2data/documents/SammyMaystoneLinesTest.png', 'png'],
    ['zugferd-corpus/labels/xml/ZUGFeRDv1/correct/Konik/acme_invoice-42_ZUGFeRD.xml', 'xml'],
  ])('%s -> %s', (file, format) => {
    expect(sniffFormat(datasetFile(file))).toBe(format);
  });
});

const CASES: Array<[string, Buffer, SourceFormat | null]> = [
  // binary formats
  ['PDF header', bytes('%PDF-1.7\n%\u00e2\u00e3'), 'pdf'],
  ['PDF header after junk', bytes('x'.repeat(500), '%PDF-1.4\n'), 'pdf'],
  ['PDF header too late', bytes('x'.repeat(1100), '%PDF-1.4\n'), null],
  ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpeg'],
  ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'],
  ['PNG signature cut short', bytes([0x89, 0x50, 0x4e, 0x47]), null],
  ['TIFF little-endian', bytes('II*\0', [8, 0, 0, 0]), 'tiff'],
  ['TIFF big-endian', bytes('MM\0*', [0, 0, 0, 8]), 'tiff'],
  ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
  ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
  // XML
  ['XML declaration', bytes('<?xml version="1.0" encoding="UTF-8"?><Invoice/>'), 'xml'],
  ['BOM + whitespace + declaration', bytes([0xef, 0xbb, 0xbf], '\n  <?xml version="1.0"?>\n<a/>'), 'xml'],
  ['root element without declaration', bytes('\r\n<Invoice xmlns="urn:oasis:names:ubl:Invoice-2">'), 'xml'],
  ['prefixed root', bytes('<rsm:CrossIndustryInvoice xmlns:rsm="urn:x">'), 'xml'],
  ['comment and PI before the root', bytes('<!-- generated --><?xml-stylesheet href="a.xsl"?><Invoice/>'), 'xml'],
  // The XML reader refuses DTDs with its own, more precise code.
  ['non-HTML DOCTYPE', bytes('<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x "y">]>'), 'xml'],
  ['XML that mentions %PDF- early', bytes('<?xml version="1.0"?><Note>%PDF-1.4 attached</Note>'), 'xml'],
  ['declaration only', bytes('<?xml version="1.0"?>'), 'xml'],
  // HTML and other text must not pass as XML
  ['HTML5 doctype', bytes('<!DOCTYPE html>\n<html lang="en">'), null],
  ['lower-case doctype', bytes('  <!doctype html><title>x</title>'), null],
  ['html root', bytes('<html><body>Error 500</body></html>'), null],
  ['upper-case HTML root with attributes', bytes('<HTML LANG=en>'), null],
  ['body fragment', bytes('<body>Forbidden</body>'), null],
  [
    'XHTML with declaration and doctype',
    bytes('<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN">'),
    null,
  ],
  ['XHTML without doctype', bytes('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">'), null],
  ['comment then html', bytes('<!-- cached --><html>'), null],
  ['JSON', bytes('{"error":"not found"}'), null],
  ['plain text', bytes('Hello, world'), null],
  ['lone angle bracket', bytes('<'), null],
  ['not a name after <', bytes('< a>'), null],
  ['digit after <', bytes('<1a/>'), null],
  ['unterminated comment without declaration', bytes('<!-- never ends'), null],
  ['empty', Buffer.alloc(0), null],
];

describe('sniffFormat on crafted bytes', () => {
  it.each(CASES)('%s', (_name, input, format) => {
    expect(sniffFormat(input)).toBe(format);
  });

  it('works on a Uint8Array view into a larger buffer', () => {
    const backing = bytes('garbage!', '%PDF-1.5');
    expect(sniffFormat(new Uint8Array(backing.buffer, backing.byteOffset + 8, 8))).toBe('pdf');
  });
});

describe('firstBytesHex', () => {
  it('gives at most 16 bytes as hex', () => {
    expect(firstBytesHex(bytes('<!DOCTYPE html><html>'))).toBe('3c21444f43545950452068746d6c3e3c');
    expect(firstBytesHex(bytes([1, 2]))).toBe('0102');
  });
});
