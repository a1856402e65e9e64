// Clean-up before OCR on inputs with known answers: a page turned by a known small angle is measured and comes
// back straight; a faded page on uneven paper comes back black on white.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimateSkew, preprocessPage } from '../../../../src/pipeline/read/image/index.js';
import { SKEW_SEARCH } from '../../../../src/pipeline/read/image/preprocess.js';
import { awsPng } from './support/images.js';

let page: Buffer;

async function grey(png: Buffer) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** The page turned clockwise by `degrees` on white, as a scanner with a crooked feed gives it. */
const turned = (degrees: number) => sharp(page).rotate(degrees, { background: '#ffffff' }).greyscale().png().toBuffer();

beforeAll(async () => {
  // A real invoice page (AWS, upright), at the size of a 150-dpi scan.
  page = await sharp(awsPng()).resize({ width: 1240 }).greyscale().png().toBuffer();
});

describe('deskew', () => {
  it('measures small angles either way to a tenth of a degree or two', async () => {
    expect(await estimateSkew(await grey(page))).toBeCloseTo(0, 0);
    for (const degrees of [3, -3, 1.5, -6]) {
      const measured = await estimateSkew(await grey(await turned(degrees)));
      expect(Math.abs(measured - degrees)).toBeLessThanOrEqual(0.2);
    }
  });

  it('finds the angle of a search at full resolution in tenths, from its coarse pass on a small copy', async () => {
    // A 300-dpi-sized page: the default search looks at a 500-pixel copy, then a 1000-pixel one.
    const large = await sharp(awsPng()).resize({ width: 2480 }).greyscale().png().toBuffer();
    for (const degrees of [2.3, -4.1, 0.7, -1.2, 6.5]) {
      const image = await grey(await sharp(large).rotate(degrees, { background: '#ffffff' }).png().toBuffer());
      const full = { coarseWidth: image.width, coarseStep: 0.1, fineWidth: image.width };
      const [quick, exhaustive] = [await estimateSkew(image, SKEW_SEARCH), await estimateSkew(image, full)];
      expect(Math.abs(quick - exhaustive)).toBeLessThanOrEqual(0.2);
      expect(Math.abs(quick - degrees)).toBeLessThanOrEqual(0.2);
    }
  }, 60_000);

  it('lets the event loop run between the angles it tries', async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns += 1;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await estimateSkew(await grey(await turned(2)));
    running = false;
    // 33 coarse and 11 fine angles, each followed by a turn of the loop.
    expect(turns).toBeGreaterThanOrEqual(40);
  });

  it('measures the angle of a page that is mostly paper', async () => {
    // An invoice whose text covers a few percent of the page: its darkest 5 % of pixels are paper, not ink. The
    // page's footnotes (the lowest sixth: lines of small print) alone on a white sheet of the page's size.
    const { height } = await sharp(page).metadata();
    const top = Math.round((height! * 5) / 6);
    const sparse = await sharp(page)
      .extract({ left: 0, top, width: 1240, height: height! - top })
      .extend({ bottom: top, background: '#ffffff' })
      .png()
      .toBuffer();
    const dark = (await grey(sparse)).data.filter((v) => v < 128).length;
    expect(dark / (1240 * height!)).toBeLessThan(0.02);
    for (const degrees of [2, -2.5]) {
      const rotated = await sharp(sparse).rotate(degrees, { background: '#ffffff' }).png().toBuffer();
      // A few short lines of small print line up less sharply than a full page: within 0.3 degrees, not 0.2
      // (before the fix the page was measured straight: 0).
      expect(Math.abs((await estimateSkew(await grey(rotated))) - degrees)).toBeLessThanOrEqual(0.3 + 1e-9);
    }
  });

  it('turns a page rotated by 3 degrees back straight', async () => {
    const straightened = await preprocessPage(await turned(3), { deskew: true });
    expect(straightened.deskewedBy).toBeCloseTo(-3, 0);
    expect(Math.abs(await estimateSkew(await grey(straightened.png)))).toBeLessThanOrEqual(0.2);
  });

  it('leaves a straight page and a page without text rows untouched', async () => {
    expect((await preprocessPage(page, { deskew: true })).deskewedBy).toBe(0);
    const blank = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#f0f0f0' } })
      .png()
      .toBuffer();
    expect((await preprocessPage(blank, { deskew: true })).deskewedBy).toBe(0);
  });
});

describe('contrast and background', () => {
  it('makes faded grey print on uneven paper dark on white', async () => {
    // Faded thermal paper: ink at 60% of the paper's brightness, paper shaded from 230 (left) to 150 (right).
    const { data, width, height } = await grey(page);
    const faded = new Uint8Array(data.length);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const paper = 230 - (80 * x) / width;
        const ink = data[y * width + x]! < 128;
        faded[y * width + x] = Math.round(ink ? paper * 0.6 : paper);
      }
    }
    const input = await sharp(faded, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const output = (await grey((await preprocessPage(input, { contrast: true })).png)).data;
    const levels = (image: Uint8Array, inkPixels: boolean, fromX: number, toX: number) => {
      let sum = 0;
      let count = 0;
      for (let y = 0; y < height; y += 1) {
        for (let x = fromX; x < toX; x += 1) {
          if (data[y * width + x]! < 128 === inkPixels) {
            sum += image[y * width + x]!;
            count += 1;
          }
        }
      }
      return sum / count;
    };
    const right = [Math.floor(width * 0.75), width] as const;
    // Before: on the shaded right side ink and paper differ by ~55 levels; after, by far more, paper near white.
    expect(levels(faded, false, ...right) - levels(faded, true, ...right)).toBeLessThan(65);
    expect(levels(output, false, ...right)).toBeGreaterThan(225);
    expect(levels(output, false, ...right) - levels(output, true, ...right)).toBeGreaterThan(100);
  });
});
