// Hostile documents built on the spot (nothing hostile is checked in): small files that decode into far more than
// they weigh, declare absurd sizes or nest without end. Shared by the decode-budget tests and `npm run test:poison`.
import { createDeflate, deflateSync } from 'node:zlib';
import { buildPdf, type PdfObject } from '../support/pdf-builder.js';

const MiB = 2 ** 20;

/** zlib data that inflates to `bytes` zero bytes (~1/1000 of that), built without holding the inflated bytes. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(Math.min(bytes, 16 * MiB));
  const deflate = createDeflate({ level: 9 });
  const output: Buffer[] = [];
  deflate.on('data', (data: Buffer) => output.push(data));
  const finished = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let written = 0; written < bytes; written += chunk.length) {
    const part = chunk.subarray(0, Math.min(chunk.length, bytes - written));
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return Buffer.concat(output);
}

const catalog = '<< /Type /Catalog /Pages 2 0 R >>';
const onePage = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';

/**
 * A one-page PDF whose content stream inflates to `decodedBytes` (NUL bytes are white space to a PDF parser).
 * `hexWrapped` adds an ASCIIHex layer over the Flate data: a filter chain that a scan for FlateDecode streams misses.
 */
export async function flateBombPdf(decodedBytes: number, options: { hexWrapped?: boolean } = {}): Promise<Buffer> {
  const deflated = await deflatedZeros(decodedBytes);
  const stream = options.hexWrapped ? Buffer.from(`${deflated.toString('hex')}>`, 'latin1') : deflated;
  const filter = options.hexWrapped ? '[/ASCIIHexDecode /FlateDecode]' : '/FlateDecode';
  return buildPdf([
    catalog,
    onePage,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    { dict: `<< /Filter ${filter} >>`, stream },
  ]);
}

/** A PDF of `pages` pages, each a content stream inflating to `perPage` bytes: each stream within a budget. */
export async function manyStreamsPdf(pages: number, perPage: number): Promise<Buffer> {
  const stream = await deflatedZeros(perPage);
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ');
  const objects: PdfObject[] = [catalog, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`];
  for (let i = 0; i < pages; i += 1) {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + i * 2} 0 R >>`);
    objects.push({ dict: '<< /Filter /FlateDecode >>', stream });
  }
  return buildPdf(objects);
}

/** A one-page PDF with readable text and an embedded "factur-x.xml" that inflates to `decodedBytes`. */
export async function attachmentBombPdf(decodedBytes: number): Promise<Buffer> {
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 6 0 R] >> >> >>',
    onePage,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    {
      dict: '<< >>',
      stream: Buffer.from('BT /F1 12 Tf 50 780 Td (Invoice 4711 with an embedded file) Tj ET', 'latin1'),
    },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 7 0 R >> >>',
    {
      dict: '<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode >>',
      stream: await deflatedZeros(decodedBytes),
    },
  ];
  return buildPdf(objects);
}

/**
 * A one-page PDF painting a greyscale image of width x height pixels whose Flate data inflates to exactly that many
 * bytes: within pdfjs's pixel cap, it is decoded when the page is rendered (pdfjs inflates images with the
 * platform's DecompressionStream, natively).
 */
export async function imageBombPdf(width: number, height: number): Promise<Buffer> {
  return buildPdf([
    catalog,
    onePage,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '<< >>', stream: Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q', 'latin1') },
    {
      dict: `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>`,
      stream: await deflatedZeros(width * height),
    },
  ]);
}

/**
 * A one-page PDF painting a 100 x 100 JPEG image whose own header (SOF) declares width x height: the decoder sizes
 * its buffers from the JPEG header, not from the image dictionary that pdfjs's pixel cap checks.
 */
export function lyingJpegPdf(width: number, height: number): Buffer {
  return buildPdf([
    catalog,
    onePage,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '<< >>', stream: Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q', 'latin1') },
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 100 /Height 100 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode >>',
      stream: hugeJpeg(width, height),
    },
  ]);
}

/** A one-page PDF whose page dictionary holds an array nested `depth` levels deep (a recursive parser's stack). */
export function nestedArraysPdf(depth: number): Buffer {
  return buildPdf([
    catalog,
    onePage,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Junk ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
  ]);
}

/** A PNG header declaring width x height pixels, with one tiny IDAT: decoding it would need width*height bytes. */
export function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOI, DQT, SOF0, DHT, SOS) declaring width x height, without image data. */
export function hugeJpeg(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]): number[] => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const quantisation = segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]);
  const frame = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const huffman = segment(0xc4, [
    0x00,
    0,
    1,
    ...new Array<number>(14).fill(0),
    0,
    0x10,
    0,
    1,
    ...new Array<number>(14).fill(0),
    0,
  ]);
  const scan = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  return Buffer.from([0xff, 0xd8, ...quantisation, ...frame, ...huffman, ...scan, 0x00, 0x00, 0xff, 0xd9]);
}

/** A PNG of width x height white pixels compressed to almost nothing: a legitimate-looking decompression bomb. */
export function flatPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(width + 1, 0xff);
  row[0] = 0; // filter type None
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y += 1) row.copy(rows, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** An e-invoice-looking XML nested `depth` elements deep. */
export function deepXml(depth: number): Buffer {
  return Buffer.from(
    `<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</rsm:CrossIndustryInvoice>`,
  );
}

/** The "billion laughs": nested entity definitions that expand exponentially. */
export function billionLaughsXml(): Buffer {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let level = 1; level <= 9; level += 1)
    entities.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  return Buffer.from(`<?xml version="1.0"?><!DOCTYPE lolz [${entities.join('')}]><lolz>&lol9;</lolz>`);
}
