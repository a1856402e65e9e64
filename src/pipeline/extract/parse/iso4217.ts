// ISO 4217 Table A.1, "current currency and funds code list", as maintained by SIX Group for ISO
// (https://www.six-group.com/en/products-services/financial-information/data-standards.html), taken from the list
// in force during 2025 (it includes XCG, which replaced ANG in 2025, and ZWG, and no longer HRK, CUC, SLL, ZWL or
// ANG). BGN is kept: invoices dated before Bulgaria's euro changeover (2026-01-01) still carry it.
// Update this list when ISO publishes an amendment that adds or withdraws a code.

/** Active currency codes (no funds, precious metals or testing codes). */
const CURRENCY_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD',
  'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP',
  'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
  'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD',
  'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD',
  'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN',
  'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB',
  'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL',
  'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VED', 'VES',
  'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;

/** Fund, precious-metal, settlement and testing codes of Table A.1: valid ISO codes, never an invoice currency. */
const NON_CURRENCY_CODES = [
  'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW', 'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR',
  'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

const ACTIVE = new Set<string>(CURRENCY_CODES);
const NON_CURRENCY = new Set<string>(NON_CURRENCY_CODES);

/** Minor units (digits after the decimal point) where they differ from the usual 2 (ISO 4217 column "E"). */
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, VND: 0, VUV: 0,
  XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** True when `code` (exact, upper case) is an active ISO 4217 currency a document can be priced in. */
export function isActiveCurrencyCode(code: string): code is CurrencyCode {
  return ACTIVE.has(code);
}

/** True for ISO 4217 codes that exist but are funds, metals or testing codes (e.g. XAU, XTS, XXX). */
export function isNonCurrencyIsoCode(code: string): boolean {
  return NON_CURRENCY.has(code);
}

/** Digits after the decimal point in the currency's minor unit (JPY 0, EUR 2, KWD 3); 2 for unknown codes. */
export function currencyMinorUnits(code: string): number {
  return MINOR_UNITS[code] ?? 2;
}

/** All active codes, for tests and documentation. */
export const ACTIVE_CURRENCY_CODES: readonly CurrencyCode[] = CURRENCY_CODES;
