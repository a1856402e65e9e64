// Pixels -> the float tensors PaddleOCR's models take (NCHW, 3 channels). Pages arrive as one grey byte per pixel,
// so the three channels are the same plane. Crops are resized here with bilinear sampling instead of one sharp call
// per line: a receipt has 30-80 lines and each sharp pipeline costs a millisecond or two of fixed overhead.
import type { Tilt } from './db-postprocess.js';

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** PaddleOCR's detector normalization (ImageNet mean and deviation, its BGR channel order). */
const DET_MEAN = [0.485, 0.456, 0.406] as const;
const DET_STD = [0.229, 0.224, 0.225] as const;

/** [1, 3, h, w] for the detector from an image already resized to the detector's input size. */
export function detectionTensor(image: GreyImage): Float32Array {
  const plane = image.width * image.height;
  const tensor = new Float32Array(3 * plane);
  for (let channel = 0; channel < 3; channel += 1) {
    const mean = DET_MEAN[channel]!;
    const std = DET_STD[channel]!;
    const base = channel * plane;
    for (let i = 0; i < plane; i += 1) tensor[base + i] = (image.data[i]! / 255 - mean) / std;
  }
  return tensor;
}

/**
 * Writes the rectangle of `image` resized to `width` x `height` into `tensor` (a batch of [3, height, batchWidth]
 * items) as item `item`, normalized to -1..1 as the recognizer expects; columns right of `width` keep 0 (padding).
 */
export function writeRecognitionItem(
  tensor: Float32Array,
  item: number,
  batchWidth: number,
  image: GreyImage,
  box: { x: number; y: number; width: number; height: number; tilt?: Tilt },
  width: number,
  height: number,
): void {
  const plane = height * batchWidth;
  const base = item * 3 * plane;
  if (box.tilt) return writeTiltedItem(tensor, base, plane, batchWidth, image, box.tilt, width, height);
  const scaleX = box.width / width;
  const scaleY = box.height / height;
  for (let row = 0; row < height; row += 1) {
    const sourceY = box.y + (row + 0.5) * scaleY - 0.5;
    for (let column = 0; column < width; column += 1) {
      const value = bilinear(image, box.x + (column + 0.5) * scaleX - 0.5, sourceY) / 127.5 - 1;
      const offset = base + row * batchWidth + column;
      tensor[offset] = value;
      tensor[offset + plane] = value;
      tensor[offset + 2 * plane] = value;
    }
  }
}

/** writeRecognitionItem for a rotated rectangle: the line sampled along its own axes (bilinear, clamped). */
function writeTiltedItem(
  tensor: Float32Array,
  base: number,
  plane: number,
  batchWidth: number,
  image: GreyImage,
  t: Tilt,
  width: number,
  height: number,
): void {
  for (let row = 0; row < height; row += 1) {
    const v = (2 * (row + 0.5)) / height - 1;
    for (let column = 0; column < width; column += 1) {
      const u = (2 * (column + 0.5)) / width - 1;
      const value = bilinear(image, t.cx + u * t.ux + v * t.vx - 0.5, t.cy + u * t.uy + v * t.vy - 0.5) / 127.5 - 1;
      const offset = base + row * batchWidth + column;
      tensor[offset] = value;
      tensor[offset + plane] = value;
      tensor[offset + 2 * plane] = value;
    }
  }
}

/** The grey level at (x, y) in pixel-centre coordinates, interpolated between the four nearest pixels, clamped. */
function bilinear(image: GreyImage, x: number, y: number): number {
  const sx = Math.min(image.width - 1, Math.max(0, x));
  const sy = Math.min(image.height - 1, Math.max(0, y));
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const x1 = Math.min(image.width - 1, x0 + 1);
  const y1 = Math.min(image.height - 1, y0 + 1);
  const fx = sx - x0;
  const fy = sy - y0;
  const top = image.data[y0 * image.width + x0]! * (1 - fx) + image.data[y0 * image.width + x1]! * fx;
  const bottom = image.data[y1 * image.width + x0]! * (1 - fx) + image.data[y1 * image.width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}
