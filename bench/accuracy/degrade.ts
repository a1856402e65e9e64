// Makes a clean page render look like a phone photo or an office scan: a slight rotation, blur, sensor noise and
// JPEG compression. Seeded, so a run can be repeated exactly.
import sharp from 'sharp';

export interface Degradation {
  /** Degrees, small: a page never lies perfectly straight. */
  rotation: number;
  /** Gaussian blur sigma in pixels (0.3 = crisp scan, 1.2 = soft phone photo). */
  blur: number;
  /** Standard deviation of additive grey noise, in 0-255 levels. */
  noise: number;
  /** JPEG quality 1-100. */
  jpegQuality: number;
}

/** A small deterministic PRNG (mulberry32): the same seed gives the same degradation. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pickDegradation(seed: number): Degradation {
  const r = random(seed);
  const sign = r() < 0.5 ? -1 : 1;
  return {
    rotation: sign * (0.5 + r() * 1.5),
    blur: 0.4 + r() * 0.6,
    noise: 6 + r() * 8,
    jpegQuality: Math.round(55 + r() * 20),
  };
}

function gaussian(r: () => number): number {
  const u = Math.max(r(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

/** Returns JPEG bytes of the degraded page. */
export async function degradePage(png: Uint8Array, d: Degradation, seed: number): Promise<Buffer> {
  const rotated = await sharp(png)
    .greyscale()
    .rotate(d.rotation, { background: { r: 255, g: 255, b: 255 } })
    .blur(d.blur)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = rotated;
  const r = random(seed ^ 0x9e3779b9);
  const noisy = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) {
    noisy[i] = Math.max(0, Math.min(255, Math.round((data[i] as number) + gaussian(r) * d.noise)));
  }
  return sharp(noisy, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: d.jpegQuality })
    .toBuffer();
}
