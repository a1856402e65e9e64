// One synthetic document from (run seed, index): a layout, a locale, a font family, the drawn content, the PDF
// and its label. Everything comes from the seeded PRNG, so the same arguments give the same bytes.
import type { CanonicalLabel } from '../accuracy/manifest.js';
import { INVOICE_TEMPLATES } from './layout/invoices.js';
import { RECEIPT_TEMPLATES } from './layout/receipts.js';
import { SECOND_AUTHOR_TEMPLATES } from './layout/second/index.js';
import type { Template } from './layout/template.js';
import { LOCALE_IDS, LOCALES } from './locales.js';
import { drawModel } from './model.js';
import { FONT_FAMILIES, type FontFamily } from './pdf/fonts.js';
import { writePdf } from './pdf/writer.js';
import { createRng, documentSeed } from './random.js';

/** The first author's layouts: what a run generates unless --layouts says otherwise. */
export const TEMPLATES: readonly Template[] = [...INVOICE_TEMPLATES, ...RECEIPT_TEMPLATES];

/**
 * Every layout, the second author's after the first's. The second author's are kept out of the default run so a
 * seed keeps generating what it always did, and so they stay unseen by tuning until asked for by name
 * (docs/synthetic-data.md, "Blind run of the second author's layouts").
 */
export const ALL_TEMPLATES: readonly Template[] = [...TEMPLATES, ...SECOND_AUTHOR_TEMPLATES];

/** Names --layouts accepts besides single layout ids. */
export const LAYOUT_GROUPS: Readonly<Record<string, readonly Template[]>> = {
  first: TEMPLATES,
  second: SECOND_AUTHOR_TEMPLATES,
  all: ALL_TEMPLATES,
};

/** The layouts a comma-separated list names (ids or group names, in the order given, without repeats). */
export function selectTemplates(list: string): Template[] {
  const chosen: Template[] = [];
  for (const name of list.split(',').map((n) => n.trim())) {
    const found = LAYOUT_GROUPS[name] ?? ALL_TEMPLATES.filter((t) => t.id === name);
    if (found.length === 0) {
      const known = [...Object.keys(LAYOUT_GROUPS), ...ALL_TEMPLATES.map((t) => t.id)].join(', ');
      throw new Error(`unknown layout ${name || '(empty)'}: choose from ${known}`);
    }
    for (const t of found) if (!chosen.includes(t)) chosen.push(t);
  }
  return chosen;
}

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

/** Document `index` of a run: the same (seed, index, layouts) always gives the same bytes. */
export function generateDocument(
  runSeed: number,
  index: number,
  templates: readonly Template[] = TEMPLATES,
): GeneratedDocument {
  const seed = documentSeed(runSeed, index);
  const rng = createRng(seed);
  const template = rng.pick(templates);
  const locale = LOCALES[rng.pick(template.locales ?? LOCALE_IDS)];
  // Tills mostly print in a monospaced face.
  const fonts =
    template.type === 'receipt' && rng.chance(0.6) ? (FONT_FAMILIES[2] as FontFamily) : rng.pick(FONT_FAMILIES);
  const model = drawModel(rng, template.type, locale, {
    discounts: template.discounts,
    singleQuantityUnprinted: template.singleQuantityUnprinted === true,
    ...(template.items ? { items: template.items } : {}),
  });
  template.prepare?.(model, rng);
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
