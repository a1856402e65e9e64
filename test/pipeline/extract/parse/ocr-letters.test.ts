// OCR's digits for letters inside names ("LOS GAT0S", "Dusseldorf-Bi1k", "Lione1": PaddleOCR's misreads on the
// real captures of bench:ocr) read back as letters, while names and codes with real digits keep them.
import { describe, expect, it } from 'vitest';
import { correctOcrLetters } from '../../../../src/pipeline/extract/parse/ocr-letters.js';

describe('correctOcrLetters', () => {
  it.each([
    ['LOS GAT0S', 'LOS GATOS'],
    ['AUTH C0DE 076243', 'AUTH CODE 076243'],
    ['Orto Mio 01iven', 'Orto Mio Oliven'],
    ['Dusseldorf-Bi1k', 'Dusseldorf-Bilk'],
    ['PENNY H-Mi1ch', 'PENNY H-Milch'],
    ['96202 - Lione1', '96202 - Lionel'],
    ['PERN1AGAAN ZHENG HUI', 'PERNIAGAAN ZHENG HUI'],
    ['0rder 113533', 'Order 113533'],
  ])('reads %j as %j', (read, meant) => {
    const corrected = correctOcrLetters(read);
    expect(corrected).toBe(meant);
    expect(corrected).toHaveLength(read.length);
  });

  it.each([
    'Web2Print',
    'B2B Solutions',
    '1Password',
    '3M',
    'A0000000031010',
    'PFANDGUTSCH2025650',
    '12X1',
    'Room 101',
    'Mart01',
    'Studio 54',
  ])('keeps the real digits of %j', (text) => expect(correctOcrLetters(text)).toBe(text));
});
