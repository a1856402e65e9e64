// The standard-14 fonts the generator draws with, their WinAnsi encoding and text widths. Standard-14 fonts need no
// embedded font program, so a PDF stays a few kilobytes and every reader (pdfjs included) can show its text.
import { FONT_WIDTHS } from './font-widths.js';

export const FONT_NAMES = [
  'Helvetica',
  'Helvetica-Bold',
  'Times-Roman',
  'Times-Bold',
  'Courier',
  'Courier-Bold',
] as const;
export type FontName = (typeof FONT_NAMES)[number];

/** A regular and a bold face of one family: templates pick a family, then bold or not per element. */
export interface FontFamily {
  regular: FontName;
  bold: FontName;
}

export const FONT_FAMILIES: readonly FontFamily[] = [
  { regular: 'Helvetica', bold: 'Helvetica-Bold' },
  { regular: 'Times-Roman', bold: 'Times-Bold' },
  { regular: 'Courier', bold: 'Courier-Bold' },
];

/** WinAnsi (cp1252) codes 0x80-0x9F that are not Latin-1; the rest of 0x20-0xFF maps code = code point. */
const CP1252_HIGH: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** The WinAnsi byte of each character; a character outside it is a bug in the generator's vocabularies. */
export function winAnsiBytes(text: string): number[] {
  return [...text].map((ch) => {
    const mapped = CP1252_HIGH[ch];
    if (mapped !== undefined) return mapped;
    // U+202F/U+00A0 (narrow/no-break space, French thousands) print as the no-break space 0xA0.
    if (ch === '\u202f') return 0xa0;
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
    throw new Error(`character ${JSON.stringify(ch)} is not in WinAnsi`);
  });
}

/** Width of `text` in points at `size`. */
export function textWidth(font: FontName, size: number, text: string): number {
  const widths = font.startsWith('Courier') ? null : FONT_WIDTHS[font as keyof typeof FONT_WIDTHS];
  let units = 0;
  for (const code of winAnsiBytes(text)) units += widths ? (widths[code - 32] ?? 500) : 600;
  return (units * size) / 1000;
}
