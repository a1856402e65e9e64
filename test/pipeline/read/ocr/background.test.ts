// Local background flattening before OCR: grey table rows turn white with their text still dark, and light text on a
// dark band is inverted to dark on light. Synthetic pixels, no OCR: runs in milliseconds.
import { describe, expect, it } from 'vitest';
import { flattenBackground } from '../../../../src/pipeline/read/image/background.js';

const WIDTH = 400;
const HEIGHT = 300;

/** A white page with a band of `background` rows (y 100-179) holding a 4-pixel-wide vertical stroke of `ink`. */
function pageWithBand(background: number, ink: number): Uint8Array {
  const grey = new Uint8Array(WIDTH * HEIGHT).fill(255);
  for (let y = 100; y < 180; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) grey[y * WIDTH + x] = x % 16 < 4 ? ink : background;
  }
  return grey;
}

const at = (grey: Uint8Array, x: number, y: number): number => grey[y * WIDTH + x]!;

describe('flattenBackground', () => {
  it('turns a grey row white and keeps its text dark', () => {
    const input = pageWithBand(170, 40);
    const output = flattenBackground(input, WIDTH, HEIGHT);
    expect(at(output, 192 + 8, 140)).toBeGreaterThan(240); // background between strokes
    expect(at(output, 192 + 1, 140)).toBeLessThan(80); // a stroke
    expect(at(output, 10, 20)).toBe(255); // paper stays paper
    expect(at(input, 200, 140)).toBe(170); // the input is not modified
  });

  it('inverts light text on a dark band into dark text on light', () => {
    const output = flattenBackground(pageWithBand(30, 240), WIDTH, HEIGHT);
    expect(at(output, 192 + 8, 140)).toBeGreaterThan(220);
    expect(at(output, 192 + 1, 140)).toBeLessThan(60);
  });

  it('leaves a plain black-on-white page as it is', () => {
    const grey = new Uint8Array(WIDTH * HEIGHT).fill(255);
    for (let x = 50; x < 60; x += 1) grey[150 * WIDTH + x] = 0;
    const output = flattenBackground(grey, WIDTH, HEIGHT);
    expect(Buffer.compare(output, Buffer.from(grey))).toBe(0);
  });
});
