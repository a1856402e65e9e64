import type { FontFamily } from '../pdf/fonts.js';
import type { PdfPage } from '../pdf/writer.js';
import type { DocumentModel, DocumentType } from '../model.js';
import type { Rng } from '../random.js';

/** One structurally different layout. Its id is the document's family: --lofo leaves a whole layout out. */
export interface Template {
  id: string;
  type: DocumentType;
  /** The layout prints a discount column, so lines may carry discounts. */
  discounts: boolean;
  /** A line of one piece prints only its description and amount (till rolls): its label then has no quantity or unit price either. */
  singleQuantityUnprinted?: boolean;
  draw(model: DocumentModel, rng: Rng, fonts: FontFamily): PdfPage[];
}
