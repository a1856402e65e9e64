// Image formats are decided by their magic bytes, never by a file name or a Content-Type header, and only these
// four are handed to the decoder: sharp/libvips can also parse SVG, GIF, HEIF, PDF and more, which would widen the
// attack surface (SVG in particular references external files).

export type RasterFormat = 'jpeg' | 'png' | 'tiff' | 'webp';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + prefix.length && prefix.every((value, index) => bytes[offset + index] === value);

/** The raster format of `bytes` by its signature, or null when it is none of JPEG, PNG, TIFF, WebP. */
export function sniffRasterFormat(bytes: Uint8Array): RasterFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // Classic TIFF (42) and BigTIFF (43), little- and big-endian.
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}
