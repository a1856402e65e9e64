// Greyscale for OCR. Plain luminance turns coloured text light: orange on white (255,153,0) becomes grey 166, which
// tesseract's global threshold drops (measured: the orange item names of an AWS invoice vanished). The darkest
// channel keeps any saturated ink dark; averaging it with luminance keeps light tinted backgrounds (table rows,
// yellowish paper) light enough not to merge with the text.

/** One grey byte per pixel from 8-bit interleaved pixels with 1-4 channels (grey, grey+alpha, RGB, RGBA). */
export function toOcrGrey(pixels: Uint8Array, channels: number): Buffer {
  const count = Math.floor(pixels.length / channels);
  const grey = Buffer.allocUnsafe(count);
  if (channels < 3) {
    for (let pixel = 0, offset = 0; pixel < count; pixel += 1, offset += channels) grey[pixel] = pixels[offset]!;
    return grey;
  }
  for (let pixel = 0, offset = 0; pixel < count; pixel += 1, offset += channels) {
    const red = pixels[offset]!;
    const green = pixels[offset + 1]!;
    const blue = pixels[offset + 2]!;
    const luminance = (77 * red + 150 * green + 29 * blue) >> 8;
    const darkest = Math.min(red, green, blue);
    grey[pixel] = (luminance + darkest) >> 1;
  }
  return grey;
}
