// Company names recognized by their legal form ("Lieferant GmbH", "Coolblue B.V.", "Amazon Web Services, Inc.",
// "Free SAS au capital de ..." -> "Free SAS"), in the forms used across Europe, the UK, the US, India and South-East
// Asia.

/** Legal forms written in capitals only: case matters, or "ag" in a broken word would count. */
const UPPER_FORMS = [
  'AG',
  'KG',
  'OHG',
  'UG',
  'GbR',
  'SE',
  'SA',
  'SAS',
  'SARL',
  'EURL',
  'SNC',
  'BV',
  'NV',
  'AB',
  'ASA',
  'ApS',
  'Oy',
  'Oyj',
  'PLC',
  'LLC',
  'LLP',
  'CV',
  'VOF',
  'BVBA',
  'SRL',
  'SPA',
  'SL',
  'SLU',
  'KGaA',
  'eG',
  'gGmbH',
];
/** Legal forms in any case, dots optional. */
const ANY_CASE_FORMS = [
  // "GmbH"; OCR reads its G as C or 6 ("PENNY-MARKT CmbH") and its H as t, I or l ("Warenhaus Gmbt": the H's
  // strokes); no word of any language is spelt so.
  '[gc6]mb[hitl1]',
  'mbh',
  'a\\.\\s?g\\.',
  'ag & co\\.? kg',
  'gmbh & co\\.? kg',
  'e\\.\\s?k\\.',
  'e\\.\\s?v\\.',
  'b\\.\\s?v\\.',
  'n\\.\\s?v\\.',
  // Dutch partnerships written with dots ("Jansen Bouw V.O.F.", "Smit C.V.").
  'v\\.\\s?o\\.\\s?f\\.',
  'c\\.\\s?v\\.',
  'inc\\.?',
  'incorporated',
  'ltd\\.?',
  // British public companies write it in lower case ("Tesco plc").
  'plc',
  'limited',
  'l\\.l\\.c\\.',
  'corp\\.?',
  'corporation',
  'co\\.',
  'company',
  's\\.\\s?a\\.(?:\\s?s\\.)?',
  's\\.\\s?a\\.\\s?r\\.\\s?l\\.',
  's\\.à\\s?r\\.l\\.',
  's\\.\\s?l\\.(?:\\s?u\\.)?',
  's\\.\\s?r\\.\\s?l\\.',
  's\\.\\s?p\\.\\s?a\\.',
  's\\.\\s?n\\.\\s?c\\.',
  'pvt\\.?',
  'pty\\.?',
  'private limited',
  'a/s',
  'sp\\. z o\\.o\\.',
  's\\.r\\.o\\.',
  'kft\\.?',
  // Malaysia, Singapore and Indonesia, as shop receipts print them ("SEGI CASH & CARRY SDN.BHD", "S/B", "PTE LTD").
  'sdn\\.?\\s?bhd\\.?',
  'bhd\\.?',
  'berhad',
  's/b',
  'pte\\.?',
  'plt',
  'tbk\\.?',
];

const BOUNDED = (body: string, flags: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, flags);
const UPPER_FORM = BOUNDED(UPPER_FORMS.join('|'), 'gu');
const ANY_CASE_FORM = BOUNDED(ANY_CASE_FORMS.join('|'), 'giu');

/** Legal forms in the text, in order. */
function legalForms(text: string): Array<{ index: number; end: number }> {
  return [...text.matchAll(UPPER_FORM), ...text.matchAll(ANY_CASE_FORM)]
    .map((m) => ({ index: m.index, end: m.index + m[0].length }))
    .sort((a, b) => a.index - b.index || b.end - a.end);
}

export function hasLegalForm(text: string): boolean {
  return legalForms(text).length > 0;
}

/** Words of a company name before its legal form: 1 for "RESTAURANT SDN BHD", 2 for "Muster Bau GmbH". */
export function wordsBeforeLegalForm(name: string): number {
  const first = legalForms(name)[0];
  return first ? (name.slice(0, first.index).match(/[\p{L}\p{N}][^\s]*/gu) ?? []).length : 0;
}

/**
 * "Company No. 56976585", "Co. Reg. No.": a companies register's label, whose "Company" or "Co." is no legal form.
 * "Co." before "No." stays a legal form: "SAM SAM TRADING CO. NO.1 JALAN ..." is a name, then its address.
 */
const REGISTER_LABEL = /^(?:company\s*(?:no\b|nr\b|number\b|reg(?:istration)?\b)|co\.?\s*reg(?:istration)?\b)/iu;

/**
 * Where the last legal form of the first run of them ends ("WS Retail Services Pvt. Ltd.," -> after "Ltd."); a
 * register's label after a name ("ABC SDN BHD CO. REG. NO") ends the run before it.
 */
function legalFormEnd(text: string): number | null {
  let end: number | null = null;
  for (const m of legalForms(text)) {
    if (end !== null && m.index < end) continue;
    if (end !== null && !/^[\s,&.]*$/.test(text.slice(end, m.index))) break;
    if (REGISTER_LABEL.test(text.slice(m.index))) break;
    end = m.end;
  }
  return end;
}

/**
 * The company name in a text, cut after its legal form: "Free SAS au capital de 3.441.812 Euros" -> "Free SAS".
 * Null when there is no legal form, when the form opens the text, or when more than six words precede it (prose).
 */
export function companyName(text: string): string | null {
  const end = legalFormEnd(text);
  if (end === null) return null;
  // OCR reads table rules and box edges before a name as characters: "| Lieferant GmbH".
  const name = text
    .slice(0, end)
    .replace(/[\s,]+$/, '')
    .replace(/^[\s|¦[\]{}=~_•·*»«]+/u, '')
    .trim();
  const words = name.split(/\s+/);
  if (words.length < 2 || words.length > 7) return null;
  // A name starts with a capital, unless it is a lower-case brand set off by a hyphen ("real,- SB-Warenhaus GmbH",
  // "dm-drogerie markt GmbH"): prose before a legal form ("bei der Muster GmbH") starts lower-case too.
  if (!/^[\p{Lu}\p{N}"'(]/u.test(name) && !/^\p{Ll}{2,},?-/u.test(name)) return null;
  // "0,543 KG" (a weight on a receipt), "12 AG": a legal form needs a name before it, a word of two letters or more.
  if (!/\p{L}{2,}/u.test(name.replace(UPPER_FORM, ' ').replace(ANY_CASE_FORM, ' '))) return null;
  // "A SCANA COMPANY", "An Alphabet Company": a tagline under a logo naming the parent group, not the issuer.
  if (/^an?\s/iu.test(name)) return null;
  return withOcrGmbh(name);
}

/** "PENNY-MARKT CmbH", "Warenhaus Gmbt" -> "... GmbH": the legal form as printed, not as OCR read it. */
export function withOcrGmbh(text: string): string {
  return text.replace(/(?<![\p{L}])[GC6]mb[HhtIl1](?![\p{L}\p{N}])/u, 'GmbH');
}

/** Letters only, lower case: the key that compares "Azure Interior" with "azure-interior.com". */
export function letterKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** "MYWALGREENS.COM", "rewe.de": a domain printed without www or a scheme, recognized by a common top-level domain. */
const BARE_DOMAIN =
  /(?<![\p{L}\p{N}@./-])([a-z0-9-]{3,}(?:\.[a-z0-9-]+)*)\.(?:com|net|org|de|fr|nl|be|es|it|at|ch|co\.uk|uk|eu|io|ro|cz|pl|id|ca|us)(?![\p{L}\p{N}])/giu;

/** Web and mail domains printed on the page, reduced to their letter key ("www.azure-interior.com" -> "azureinterior"). */
export function domainKeys(texts: readonly string[]): Set<string> {
  const keys = new Set<string>();
  const pattern = /(?:www\.|https?:\/\/(?:www\.)?|@)([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.[a-z]{2,6}\b/giu;
  for (const text of texts) {
    for (const m of [...text.matchAll(pattern), ...text.matchAll(BARE_DOMAIN)]) {
      const host = (m[1] as string).split('.');
      const key = letterKey(host[host.length - 1] as string);
      if (key.length >= 3) keys.add(key);
    }
  }
  return keys;
}

/** True when a name's letters and a domain match: the whole name, or its first long word ("QualityHosting AG"). */
export function matchesDomain(name: string, domains: ReadonlySet<string>): boolean {
  const withoutForm = name.replace(UPPER_FORM, ' ').replace(ANY_CASE_FORM, ' ');
  const whole = letterKey(withoutForm);
  if (whole.length >= 3 && domains.has(whole)) return true;
  // "mywalgreens.com", "shop-rewe.de": a domain that holds the whole name with a prefix or suffix.
  if (whole.length >= 5 && [...domains].some((d) => d.includes(whole))) return true;
  const first = letterKey(withoutForm.split(/[\s-]+/).find((w) => w.length > 0) ?? '');
  return first.length >= 4 && [...domains].some((d) => d === first || (d.startsWith(first) && first.length >= 5));
}
