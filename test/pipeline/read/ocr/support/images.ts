// Test images for the OCR suite: real invoice renders and real receipts copied into the repository (test/fixtures/
// datasets through the shared helper, test/fixtures/ocr-real: see their READMEs for origin and licence), turned into
// the formats and conditions uploads come in (EXIF-rotated JPEG, TIFF, WebP) with sharp at test time, plus the
// committed degraded fixtures (see test/fixtures/ocr/make-fixtures.ts).
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { datasetFile } from '../../../../support/datasets.js';

const fixtures = 'test/fixtures/ocr';
const realImages = 'test/fixtures/ocr-real';

export const read = (path: string): Buffer => readFileSync(path);

/** Amazon Web Services invoice, 2975 x 3850 PNG (350 dpi). Labels: invoice 42183017, total 4.11 USD. */
export const awsPng = (): Buffer => datasetFile('invoice2data/documents/AmazonWebServices.png');
/** Flipkart invoice, 789 x 557 RGBA PNG (96 dpi). Labels: invoice #BLR_WFLD20151000982590, total 319.00 INR. */
export const flipkartPng = (): Buffer => read(`${realImages}/FlipkartInvoice.png`);
/** OYO receipt, 2892 x 4093 PNG. Labels: invoice IBZY2087, total 1939 INR. */
export const oyoPng = (): Buffer => read(`${realImages}/oyo.png`);
/** Sammy Maystone invoice, 1700 x 2200 PNG. Labels: invoice invoice_number_1; the page shows $127.50. */
export const sammyPng = (): Buffer => datasetFile('invoice2data/documents/SammyMaystoneLinesTest.png');
/** US retail receipt image (textractor). Labels: total 1810.46 (printed $1810.46), date 12/07/2019. */
export const textractorReceiptJpeg = (): Buffer => read(`${realImages}/textractor-receipt.jpg`);
/** Phone photo of an Indonesian receipt on a wooden table. Labels: total 44,900, date 17-01-2024. */
export const alfamartPhotoJpeg = (): Buffer => read(`${realImages}/alfamart-receipt-photo.jpg`);
/** German dm receipt, flatbed scan stored turned 90 degrees. Labels: total 5,85, date 11.12.2014. */
export const dmScanRotatedJpeg = (): Buffer => read(`${realImages}/dm-receipt-scan-rotated.jpg`);
/** ZUGFeRD COMFORT sample (German), photographed on its side. Labels: invoice 471102, total 529.87 EUR. */
export const rotatedPhotoJpeg = (): Buffer => read(`${fixtures}/comfort-photo-rotated-90.jpg`);
/** Mustang sample, poor scan. Labels: invoice RE-20201121/508, total 571.04 EUR. */
export const degradedScanJpeg = (): Buffer => read(`${fixtures}/mustang-degraded-scan.jpg`);

/** Pixels stored turned a quarter to the left, with EXIF orientation 6 telling viewers to turn them back. */
export async function exifRotatedJpeg(source: Buffer): Promise<Buffer> {
  return sharp(source).rotate(270).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).toBuffer();
}

export async function toTiff(source: Buffer): Promise<Buffer> {
  return sharp(source).tiff({ compression: 'lzw' }).toBuffer();
}

/** A multi-page TIFF, one page per source image (all resized to the first one's size, as a scanner would). */
export async function multiPageTiff(sources: Buffer[], width: number, height: number): Promise<Buffer> {
  const pages = await Promise.all(
    sources.map((source) =>
      sharp(source).resize(width, height, { fit: 'contain', background: '#ffffff' }).flatten().toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

export async function toWebp(source: Buffer): Promise<Buffer> {
  return sharp(source).webp({ quality: 90 }).toBuffer();
}

/** "Invoice Number: 42183017 / Invoice Date: August 3, 2014" cut from the AWS invoice: a fast page for pool tests. */
export async function smallTextImage(): Promise<Buffer> {
  return sharp(awsPng()).extract({ left: 1230, top: 560, width: 1560, height: 120 }).greyscale().png().toBuffer();
}

/** Just "42183017" cut from the AWS invoice: tens of milliseconds of OCR. */
export async function tinyTextImage(): Promise<Buffer> {
  return sharp(awsPng()).extract({ left: 2600, top: 560, width: 190, height: 60 }).greyscale().png().toBuffer();
}

/**
 * A PNG that declares width x height but carries one tiny row of data: the kind of file that makes a decoder
 * allocate gigabytes before noticing the data is missing.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** All recognized text of some pages, one line per line. */
export const pageText = (pages: { lines: { text: string }[] }[]): string =>
  pages.flatMap((page) => page.lines.map((line) => line.text)).join('\n');
