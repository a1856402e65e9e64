// Where a text page paints images: a logo holding the company name, a scanned signature block, an address printed
// as a picture. Found by walking the page's operator list with the current transformation matrix (the unit square
// of every painted image, mapped to page coordinates). Runs inside the PDF sandbox.
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';
import type { BBox } from '../../model.js';

type Matrix = [number, number, number, number, number, number];

/** The operator codes this walk needs (pdfjs OPS, stable across pdfjs 2-5). */
export interface ImageOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
}

export interface ImageRegionLimits {
  /** Smaller images (bullets, rules, icons) hold no readable text. In points. */
  minWidth: number;
  minHeight: number;
  /** A larger share of the page is a background or a scan, not a logo. */
  maxPageShare: number;
  /** Regions kept per page, largest first. */
  maxPerPage: number;
}

export const DEFAULT_IMAGE_REGION_LIMITS: Readonly<ImageRegionLimits> = {
  minWidth: 40,
  minHeight: 10,
  maxPageShare: 0.5,
  maxPerPage: 4,
};

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function isMatrix(value: unknown): value is Matrix {
  return Array.isArray(value) && value.length === 6 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
}

/** The axis-aligned box of the unit square under `m`, then under the viewport transform (top-left origin). */
function unitSquareBox(m: Matrix, viewport: Matrix): BBox {
  const corners = [apply(m, 0, 0), apply(m, 1, 0), apply(m, 0, 1), apply(m, 1, 1)].map(([x, y]) =>
    apply(viewport, x, y),
  );
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * Boxes (in the page's top-left point coordinates) of the images painted on a page that are big enough to hold
 * text and small enough not to be the page itself, clipped to the page, largest first.
 */
export async function imageRegions(
  page: PDFPageProxy,
  ops: ImageOps,
  limits: ImageRegionLimits = DEFAULT_IMAGE_REGION_LIMITS,
): Promise<BBox[]> {
  const viewport = page.getViewport({ scale: 1 });
  const viewportMatrix = viewport.transform as Matrix;
  const list = await page.getOperatorList();
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  const found: BBox[] = [];
  for (let i = 0; i < list.fnArray.length; i += 1) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === ops.transform && isMatrix(args)) ctm = multiply(ctm, args);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      if (isMatrix(args?.[0])) ctm = multiply(ctm, args[0]);
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (fn === ops.paintImageXObject || fn === ops.paintInlineImageXObject || fn === ops.paintImageMaskXObject) {
      found.push(unitSquareBox(ctm, viewportMatrix));
    }
  }
  const pageArea = viewport.width * viewport.height;
  return found
    .map((box) => clip(box, viewport.width, viewport.height))
    .filter(
      (box) =>
        box.width >= limits.minWidth &&
        box.height >= limits.minHeight &&
        box.width * box.height <= limits.maxPageShare * pageArea,
    )
    .sort((a, b) => b.width * b.height - a.width * a.height)
    .slice(0, limits.maxPerPage);
}

function clip(box: BBox, width: number, height: number): BBox {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  return {
    x,
    y,
    width: Math.max(0, Math.min(width, box.x + box.width) - x),
    height: Math.max(0, Math.min(height, box.y + box.height) - y),
  };
}
