// Degraded image versions of a generated PDF: rendered by the service's own renderer (pdfjs + @napi-rs/canvas in
// the PDF sandbox) and degraded by bench/accuracy/degrade.ts, so synthetic scans go through the same code as the
// accuracy benchmark's --images path.
import { degradePage, pickDegradation, type Degradation } from '../accuracy/degrade.js';
import { renderPages } from '../../src/pipeline/read/pdf/index.js';
import type { SandboxRunner } from '../../src/pipeline/read/sandbox/run-in-sandbox.js';

export type ImageKind = 'scan' | 'photo';

/** Resolution of each capture: an office scanner at 200 dpi; a phone photo of the page holds fewer pixels. */
const DPI: Record<ImageKind, number> = { scan: 200, photo: 150 };

/** A scan lies straighter and cleaner than the benchmark's default; a photo tilts and blurs more. */
function degradationFor(kind: ImageKind, seed: number): Degradation {
  const d = pickDegradation(seed);
  if (kind === 'photo') return { ...d, rotation: d.rotation * 1.5, blur: d.blur * 1.3 };
  return {
    rotation: d.rotation * 0.4,
    // sharp's blur takes sigma >= 0.3.
    blur: Math.max(0.3, d.blur * 0.6),
    noise: d.noise * 0.6,
    jpegQuality: Math.min(95, d.jpegQuality + 15),
  };
}

/** JPEG bytes of the first page, as a scanner or phone would deliver it. */
export async function degradedImage(
  pdf: Uint8Array,
  kind: ImageKind,
  seed: number,
  runner: SandboxRunner,
): Promise<Buffer> {
  const [page] = await renderPages(pdf, [1], DPI[kind], { runner });
  if (!page) throw new Error('the generated PDF rendered no page');
  return degradePage(page.png, degradationFor(kind, seed), seed);
}
