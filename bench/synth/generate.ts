// One synthetic document from (run seed, index): a layout, a locale, a font family, the drawn content, the PDF
// and its label. Everything comes from the seeded PRNG, so the same arguments give the same bytes.
import type { CanonicalLabel } from '../accuracy/manifest.js';
import { INVOICE_TEMPLATES } from './layout/invoices.js';
import { RECEIPT_TEMPLATES } from './layout/receipts.js';
import type { Template } from './layout/template.js';
import { LOCALE_IDS, LOCALES } from './locales.js';
import { drawModel } from './model.js';
import { FONT_FAMILIES, type FontFamily } from './pdf/fonts.js';
import { writePdf } from './pdf/writer.js';
import { createRng, documentSeed } from './random.js';

export const TEMPLATES: readonly Template[] = [...INVOICE_TEMPLATES, ...RECEIPT_TEMPLATES];

export interface GeneratedDocument {
  /** File stem: index, layout and locale ("0007-receipt-till-de-DE"). */
  name: string;
  template: string;
  locale: string;
  fonts: FontFamily;
  pdf: Uint8Array;
  pages: number;
  label: CanonicalLabel;
  /** Every labelled value as printed on the page. */
  printed: string[];
  seed: number;
}

export function generateDocument(runSeed: number, index: number): GeneratedDocument {
  const seed = documentSeed(runSeed, index);
  const rng = createRng(seed);
  const template = rng.pick(TEMPLATES);
  const locale = LOCALES[rng.pick(LOCALE_IDS)];
  // Tills mostly print in a monospaced face.
  const fonts =
    template.type === 'receipt' && rng.chance(0.6) ? (FONT_FAMILIES[2] as FontFamily) : rng.pick(FONT_FAMILIES);
  const model = drawModel(rng, template.type, locale, {
    discounts: template.discounts,
    singleQuantityUnprinted: template.singleQuantityUnprinted === true,
  });
  const pages = template.draw(model, rng, fonts);
  const name = `${String(index).padStart(4, '0')}-${template.id}-${locale.id}`;
  return {
    name,
    template: template.id,
    locale: locale.id,
    fonts,
    pdf: writePdf(pages, `${template.type} ${model.number}`),
    pages: pages.length,
    label: model.label,
    printed: model.printed,
    seed,
  };
}
