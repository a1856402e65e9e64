// Which EU member states a document names, for the one decision the EU as a whole cannot settle: whether a document
// that prints amounts without any currency sign or code is priced in euros. Receipts are the common case: their
// printer often shows no currency at all, and where it prints "€" the OCR engine may not have the sign in its
// dictionary (PaddleOCR's has none: docs/ocr.md), so a French café receipt read from a photo shows only "4,60".
// A state is named by what identifies it and nothing else: a VAT number's or an IBAN's country prefix, an
// international telephone code, the country's own or English name, a national register (SIRET), or France's
// national telephone format.
import { findIbans } from './iban.js';
import { findVatIds } from './vat-id.js';

/**
 * Member states whose currency is the euro. Croatia (2023) and Bulgaria (2026) are left out on purpose: documents
 * from before their changeover are common and priced in kuna or lev, and a wrong currency is worse than none.
 */
export const EURO_AREA: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
]);

/** International dialling codes of the member states (EL: Greece, as VIES writes it). */
const DIALLING_CODES: Readonly<Record<string, string>> = {
  '30': 'EL',
  '31': 'NL',
  '32': 'BE',
  '33': 'FR',
  '34': 'ES',
  '36': 'HU',
  '39': 'IT',
  '40': 'RO',
  '43': 'AT',
  '45': 'DK',
  '46': 'SE',
  '48': 'PL',
  '49': 'DE',
  '351': 'PT',
  '352': 'LU',
  '353': 'IE',
  '356': 'MT',
  '357': 'CY',
  '358': 'FI',
  '359': 'BG',
  '370': 'LT',
  '371': 'LV',
  '372': 'EE',
  '385': 'HR',
  '386': 'SI',
  '420': 'CZ',
  '421': 'SK',
};
// "+33 1 43 ...", "+33143262302", "0049 89 ...": after "00" a separator is required (a bare "0049..." is a number).
const DIALLING = /(?<![\p{L}\p{N}])(?:\+([34]\d{1,2})[\s(.-]*|00([34]\d{1,2})[\s(.-]+)\d/gu;

/**
 * The states' names in their own languages and in English, as addresses print them (upper or mixed case, with or
 * without the accents an OCR engine may drop). A name alone in a street ("Avenue de France") also counts; it is
 * only ever one state's evidence among the others, and a mix of euro and non-euro states decides nothing.
 */
const NAMES: ReadonlyArray<readonly [string, string]> = [
  ['AT', 'Österreich|Osterreich|Austria'],
  ['BE', 'Belgique|België|Belgie|Belgien|Belgium'],
  ['CY', 'Cyprus'],
  ['DE', 'Deutschland|Germany'],
  ['EE', 'Eesti|Estonia'],
  ['EL', 'Greece|Ελλάδα'],
  ['ES', 'España|Espana|Spain'],
  ['FI', 'Suomi|Finland'],
  ['FR', 'France'],
  ['IE', 'Ireland|Éire'],
  ['IT', 'Italia|Italy'],
  ['LT', 'Lietuva|Lithuania'],
  ['LU', 'Luxembourg|Luxemburg'],
  ['LV', 'Latvija|Latvia'],
  ['MT', 'Malta'],
  ['NL', 'Nederland|Netherlands'],
  ['PT', 'Portugal'],
  ['SI', 'Slovenija|Slovenia'],
  ['SK', 'Slovensko|Slovakia'],
  ['BG', 'България|Bulgaria'],
  ['CZ', 'Česko|Cesko|Czechia|Czech Republic'],
  ['DK', 'Danmark|Denmark'],
  ['HR', 'Hrvatska|Croatia'],
  ['HU', 'Magyarország|Magyarorszag|Hungary'],
  ['PL', 'Polska|Poland'],
  ['RO', 'România|Romania'],
  ['SE', 'Sverige|Sweden'],
];
const NAME_PATTERNS = NAMES.map(
  ([state, names]) => [state, new RegExp(`(?<![\\p{L}])(?:${names})(?![\\p{L}])`, 'iu')] as const,
);

/**
 * Registers and numbering only one state uses: France's SIRET/SIREN and its ten-digit "01 43 26 23 02"; the
 * Netherlands' postcode, four digits and two letters before the town ("7696 UC Rotterdam"; never SA, SD or SS),
 * with letter pairs that also abbreviate units left out ("1000 ST Schrauben", "2500 KG Mehl").
 */
const NATIONAL: ReadonlyArray<readonly [string, RegExp]> = [
  ['FR', /(?<![\p{L}])(?:SIRET|SIREN)(?![\p{L}])/u],
  ['FR', /(?<![\p{N}+])0[1-9](?:[ .]\d{2}){4}(?![\p{N}])/u],
  [
    'NL',
    /(?<![\p{L}\p{N}.,])[1-9]\d{3} ?(?!SA|SD|SS|ST|KG|PC|PK|CM|MM|KM|ML|CL|MG|GB|MB|KB|HP)[A-Z]{2}[ \t]+(?:'s[ -])?\p{Lu}\p{L}{2,}/u,
  ],
];

/** Addresses, telephone numbers and tax ids sit on the first page (as in country-cues.ts). */
const MAX_SCAN_CHARS = 20_000;

/** The member states `text` names (ISO 3166 codes, EL for Greece); only its first 20,000 characters are read. */
export function namedMemberStates(fullText: string): Set<string> {
  const text = fullText.length > MAX_SCAN_CHARS ? fullText.slice(0, MAX_SCAN_CHARS) : fullText;
  const states = new Set<string>();
  for (const vat of findVatIds(text)) states.add(vat.country);
  for (const iban of findIbans(text)) states.add(iban.country === 'GR' ? 'EL' : iban.country);
  for (const m of text.matchAll(DIALLING)) {
    const code = (m[1] ?? m[2]) as string;
    // "+351 ..." and "+35 1..." read alike: the three-digit code wins when it is one, else its first two digits.
    const state = DIALLING_CODES[code] ?? DIALLING_CODES[code.slice(0, 2)];
    if (state) states.add(state);
  }
  for (const [state, pattern] of NAME_PATTERNS) if (pattern.test(text)) states.add(state);
  for (const [state, pattern] of NATIONAL) if (pattern.test(text)) states.add(state);
  return states;
}

/** True when `text` names at least one euro-area state and no other country that has a currency of its own. */
export function namesOnlyEuroArea(text: string): boolean {
  const states = namedMemberStates(text);
  if (states.size === 0) return false;
  for (const state of states) if (!EURO_AREA.has(state)) return false;
  return true;
}

/** True when `text` names a member state outside the euro area (a Polish VAT id, a Czech IBAN, "+46 ..."). */
export function namesStateOutsideEuroArea(text: string): boolean {
  for (const state of namedMemberStates(text)) if (!EURO_AREA.has(state)) return true;
  return false;
}
