// VAT identification numbers in running text: the EU member states' formats (with the country prefix VIES uses:
// EL for Greece, XI for Northern Ireland), the United Kingdom, Switzerland (CHE UID) and Norway. The prefix is
// required: a bare nine-digit number could be anything.
import { findIbans } from './iban.js';
import { VAT_CHECKSUMS } from './vat-checksums.js';

/** National part of each country's VAT number, compact (no spaces, dots or hyphens). */
const FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^(?=.*[A-Z])[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  GB: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  XI: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  CHE: /^\d{9}$/,
  NO: /^\d{9}$/,
};

export interface FoundVatId {
  /** Compact, with the country prefix: "DE123456789", "FRXX123456789", "CHE123456789". Greek GR is given as EL. */
  vatId: string;
  /** The prefix: an ISO 3166 code, except EL (Greece), XI (Northern Ireland) and CHE (Switzerland). */
  country: string;
  /**
   * true / false when the country has a published check-digit rule (AT BE CHE DE DK FI FR GB IT LU NL NO PL PT SE XI)
   * and the number passes or fails it; null for countries without one here. Well-formed is not registered.
   */
  checksumValid: boolean | null;
  /** As printed, with its separators ("DE 123 456 789", "CHE-123.456.789 MWST"). */
  raw: string;
  index: number;
  length: number;
}

const MAX_SCAN_CHARS = 100_000;
const MAX_BODY_CHARS = 14;
const PREFIX =
  /(?<![A-Za-z0-9])(CHE|ATU|AT|BE|BG|CY|CZ|DE|DK|EE|EL|GR|ES|FI|FR|GB|XI|HR|HU|IE|IT|LT|LU|LV|MT|NL|NO|PL|PT|RO|SE|SI|SK)(?=[ .-]?[0-9A-Z])/g;
const SEPARATOR = /[ .\-\u00A0]/;
/** Suffixes printed after Swiss and Norwegian numbers ("CHE-123.456.789 MWST", "NO 123 456 789 MVA"). */
const SUFFIX = /^[ ]?(MWST|TVA|IVA|MVA)(?![A-Za-z])/;

/** Characters of the national part after a prefix, with the text offset just after each one. */
function readBody(text: string, from: number): Array<{ ch: string; end: number }> {
  const chars: Array<{ ch: string; end: number }> = [];
  let at = from;
  while (chars.length < MAX_BODY_CHARS && at < text.length) {
    const ch = text[at] as string;
    if (/[0-9A-Z+*]/.test(ch)) {
      chars.push({ ch, end: at + 1 });
      at++;
    } else if (SEPARATOR.test(ch) && /[0-9A-Z]/.test(text[at + 1] ?? '') && chars.length < MAX_BODY_CHARS) {
      at++;
    } else {
      break;
    }
  }
  return chars;
}

/**
 * Every VAT identification number in `text` with a country prefix, in reading order: `DE123456789`,
 * `DE 123 456 789`, `ATU12345678`, `FR40303265045`, `ESB12345678`, `IT01234567890`, `NL123456789B01`,
 * `BE0123.456.789` (and the old nine-digit `BE123456789`, given with its leading 0), `GB123456789`,
 * `CHE-123.456.789 MWST`, ... Numbers inside IBANs are ignored. When the characters after the prefix run on, the
 * longest prefix of them in the country's format is taken, provided it ends at a separator or the end of a word.
 * Only the first 100,000 characters are read.
 */
export function findVatIds(text: string): FoundVatId[] {
  let scanned = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  // An IBAN starts like a VAT id (DE89 3704 ...); blank IBANs out with same-length filler to keep offsets.
  for (const iban of findIbans(scanned)) {
    scanned = scanned.slice(0, iban.index) + '\u0000'.repeat(iban.length) + scanned.slice(iban.index + iban.length);
  }
  const found: FoundVatId[] = [];
  let resumeAt = 0;
  for (const m of scanned.matchAll(PREFIX)) {
    if (m.index < resumeAt) continue;
    const printedPrefix = m[1] as string;
    const country = printedPrefix === 'GR' ? 'EL' : printedPrefix === 'ATU' ? 'AT' : printedPrefix;
    const format = FORMATS[country] as RegExp;
    const body = readBody(scanned, m.index + printedPrefix.length);
    const lead = printedPrefix === 'ATU' ? 'U' : '';
    for (let take = body.length; take > 0; take--) {
      const last = body[take - 1] as { end: number };
      if (/[A-Za-z0-9]/.test(scanned[last.end] ?? '')) continue;
      let national =
        lead +
        body
          .slice(0, take)
          .map((c) => c.ch)
          .join('');
      if (country === 'BE' && /^\d{9}$/.test(national)) national = `0${national}`;
      if (!format.test(national)) continue;
      let end = last.end;
      const suffix = SUFFIX.exec(scanned.slice(end, end + 6));
      if (suffix && (country === 'CHE' || country === 'NO')) end += suffix[0].length;
      const check = VAT_CHECKSUMS[country];
      found.push({
        vatId: country + national,
        country,
        checksumValid: check ? check(national) : null,
        raw: scanned.slice(m.index, end),
        index: m.index,
        length: end - m.index,
      });
      resumeAt = end;
      break;
    }
  }
  return found;
}
