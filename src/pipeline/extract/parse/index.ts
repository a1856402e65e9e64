// Locale-aware value parsers and the label dictionary of the builtin extraction engine: pure functions over
// strings (no I/O, no model), safe to call for every word of a document.
export { parseAmount, parsePercent, type AmountHint, type ParsedAmount } from './amount.js';
export { detectDecimalSeparator, findAmounts, type FindAmountsHint, type FoundAmount } from './amount-scan.js';
export { detectCurrency, resolveCurrencySymbol } from './currency.js';
export { expandTwoDigitYear, isoDate, parseDate, type DateHint, type ParsedDate } from './date.js';
export { detectDateOrder, findDates, type FindDatesOptions, type FoundDate } from './date-scan.js';
export { findIbans, isValidIban, type FoundIban } from './iban.js';
export {
  ACTIVE_CURRENCY_CODES,
  currencyMinorUnits,
  isActiveCurrencyCode,
  isNonCurrencyIsoCode,
  type CurrencyCode,
} from './iso4217.js';
export {
  LABEL_FIELDS,
  LABEL_LANGUAGES,
  isLabelField,
  isMisreadShortLabel,
  labelVariants,
  matchLabel,
  normalizeLabel,
  type LabelField,
  type LabelLanguage,
  type LabelMatch,
  type LabelMatchKind,
  type MatchLabelOptions,
} from './labels.js';
export {
  dateOrderForLocale,
  decimalSeparatorForLocale,
  localeGroupsWithSpace,
  type DateOrder,
  type DecimalSeparator,
} from './locale.js';
export {
  CENT,
  compareMoney,
  isDecimalString,
  moneyEquals,
  multiplyMoney,
  percentOf,
  roundMoney,
  subtractMoney,
  sumMoney,
  toJsonNumber,
  type DecimalString,
} from './money.js';
export { findPoNumbers, type FoundPoNumber } from './po-number.js';
export { findVatIds, type FoundVatId } from './vat-id.js';
