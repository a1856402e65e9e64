// Street and town lines are never a party's name, also as OCR reads them: PaddleOCR has no "ß" and reads
// "Lorettostraße 26" as "LorettostraBe 26" (a real capture of bench:ocr).
import { describe, expect, it } from 'vitest';
import { looksLikeAddressLine } from '../../../../src/pipeline/extract/builtin/parties/column.js';

describe('looksLikeAddressLine', () => {
  it('knows German streets as printed and as read without ß', () => {
    for (const line of ['Hauptstraße 5', 'Musterstr. 12', 'Hauptstrasse 49', 'LorettostraBe 26', 'Hauptstrabe 49'])
      expect(looksLikeAddressLine(line), line).toBe(true);
  });

  it('leaves names alone', () => {
    for (const line of ['Gebäudereinigung Schneider', 'Schäfer Sanitär und Heizung', 'Strabag AG'])
      expect(looksLikeAddressLine(line), line).toBe(false);
  });
});
