// IBANs in running text, printed compact or in groups of four, validated by length per country and the ISO 13616
// mod-97 check, so a random 22-character run is not taken for a bank account.

/** IBAN length per country (SWIFT IBAN registry). Countries not listed are not recognized. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

export interface FoundIban {
  /** Compact, upper case: "DE89370400440532013000". */
  iban: string;
  /** ISO 3166 country code of the account ("DE"). */
  country: string;
  /** The IBAN as printed, with its spaces. */
  raw: string;
  index: number;
  length: number;
}

const MAX_SCAN_CHARS = 100_000;
const START = /(?<![A-Za-z0-9])([A-Z]{2})(\d{2})/g;
const GROUP_SPACE = /[ \u00A0\u202F]/;

/** ISO 7064 mod 97-10 over the IBAN moved "country + check digits" to the end, letters as 10..35. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** True when `iban` (spaces allowed) has its country's length, only digits and capitals, and passes mod-97. */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/[ \u00A0\u202F]/g, '');
  const expected = IBAN_LENGTHS[compact.slice(0, 2)];
  return (
    expected !== undefined &&
    compact.length === expected &&
    /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact) &&
    mod97(compact) === 1
  );
}

/**
 * Every valid IBAN in `text` (compact "DE89370400440532013000" or grouped "DE89 3704 0044 0532 0130 00"), in
 * reading order. Single spaces (also NBSP) between characters are allowed; the IBAN must then end where the
 * country's length says and not run on into more letters or digits. Only the first 100,000 characters are read.
 */
export function findIbans(text: string): FoundIban[] {
  const scanned = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const found: FoundIban[] = [];
  let resumeAt = 0;
  for (const m of scanned.matchAll(START)) {
    if (m.index < resumeAt) continue;
    const country = m[1] as string;
    const expected = IBAN_LENGTHS[country];
    if (expected === undefined) continue;
    let compact = m[0];
    let at = m.index + m[0].length;
    while (compact.length < expected && at < scanned.length) {
      const ch = scanned[at] as string;
      if (/[A-Z0-9]/.test(ch)) {
        compact += ch;
        at++;
      } else if (GROUP_SPACE.test(ch) && /[A-Z0-9]/.test(scanned[at + 1] ?? '')) {
        at++;
      } else {
        break;
      }
    }
    if (compact.length !== expected || /[A-Za-z0-9]/.test(scanned[at] ?? '')) continue;
    if (mod97(compact) !== 1) continue;
    found.push({ iban: compact, country, raw: scanned.slice(m.index, at), index: m.index, length: at - m.index });
    resumeAt = at;
  }
  return found;
}
