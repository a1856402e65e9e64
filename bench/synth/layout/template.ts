import type { ItemKind } from '../items.js';
import type { LocaleId } from '../locales.js';
import type { FontFamily } from '../pdf/fonts.js';
import type { PdfPage } from '../pdf/writer.js';
import type { DocumentModel, DocumentType } from '../model.js';
import type { Rng } from '../random.js';
import type { Language } from '../words.js';

/** One structurally different layout. Its id is the document's family: --lofo leaves a whole layout out. */
export interface Template {
  id: string;
  type: DocumentType;
  /** The layout prints a discount column, so lines may carry discounts. */
  discounts: boolean;
  /** A line of one piece prints only its description and amount (till rolls): its label then has no quantity or unit price either. */
  singleQuantityUnprinted?: boolean;
  /** The locales where the family is met (repeats weigh a locale more); every locale when absent. */
  locales?: readonly LocaleId[];
  /** What the lines bill when not the type's usual goods (hourly services). */
  items?: Record<Language, readonly ItemKind[]>;
  /** Changes the family makes to the drawn content before it is laid out (two tax rates, a credit note). */
  prepare?(model: DocumentModel, rng: Rng): void;
  draw(model: DocumentModel, rng: Rng, fonts: FontFamily): PdfPage[];
}
