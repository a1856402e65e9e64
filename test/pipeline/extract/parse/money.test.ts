import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../../src/pipeline/extract/parse/amount.js';
import {
  compareMoney,
  isDecimalString,
  moneyEquals,
  multiplyMoney,
  percentOf,
  roundMoney,
  subtractMoney,
  sumMoney,
  toJsonNumber,
} from '../../../../src/pipeline/extract/parse/money.js';

/** Deterministic xorshift, so a failing case can be reproduced from its index. */
function* pseudoRandom(count: number, seed = 88172645): Generator<number> {
  let x = seed;
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    yield x >>> 0;
  }
}

describe('money arithmetic is exact', () => {
  it('sums 0.1 ten times to exactly 1.00 (binary floats give 0.9999999999999999)', () => {
    const tenths = Array.from({ length: 10 }, () => '0.1');
    expect(tenths.map(Number).reduce((a, b) => a + b, 0)).not.toBe(1);
    expect(sumMoney(tenths)).toBe('1');
    expect(roundMoney(sumMoney(tenths))).toBe('1.00');
    expect(moneyEquals(sumMoney(tenths), '1.00', '0')).toBe(true);
  });

  it('adds parsed amounts like integer cents do (1,000 random invoices of 1-20 lines)', () => {
    const generator = pseudoRandom(20_000);
    for (let invoice = 0; invoice < 1000; invoice++) {
      const lines = ((generator.next().value as number) % 20) + 1;
      let cents = 0n;
      const printed: string[] = [];
      for (let i = 0; i < lines; i++) {
        const value = BigInt((generator.next().value as number) % 10_000_000) - 2_000_000n;
        cents += value;
        const abs = value < 0n ? -value : value;
        const text = `${value < 0n ? '-' : ''}${(abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${(
          abs % 100n
        )
          .toString()
          .padStart(2, '0')}`;
        printed.push(parseAmount(text)?.value as string);
      }
      const sign = cents < 0n ? '-' : '';
      const abs = cents < 0n ? -cents : cents;
      const expected = `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
      expect(roundMoney(sumMoney(printed)), `invoice ${invoice}`).toBe(expected === '-0.00' ? '0.00' : expected);
    }
  });

  it('multiplies and applies rates exactly', () => {
    expect(multiplyMoney('0.1', '3')).toBe('0.3');
    expect(multiplyMoney('15.00', '10.00')).toBe('150');
    expect(multiplyMoney('800', '0.025')).toBe('20');
    expect(multiplyMoney('12345678901234.123456', '123456.123456')).toBe('1524149658578894376.143881383936');
    expect(percentOf('112.90', '15')).toBe('16.935');
    expect(roundMoney(percentOf('112.90', '15'))).toBe('16.94');
    expect(subtractMoney('0.3', '0.1')).toBe('0.2');
    expect(sumMoney([])).toBe('0');
  });

  it('rounds half-up, halves away from zero, and prints the requested places', () => {
    expect(roundMoney('1.005')).toBe('1.01');
    expect(roundMoney('1.004999')).toBe('1.00');
    expect(roundMoney('-1.005')).toBe('-1.01');
    expect(roundMoney('2.5', 0)).toBe('3');
    expect(roundMoney('2.5')).toBe('2.50');
    expect(roundMoney('-0.001')).toBe('0.00');
    expect(roundMoney('16.935')).toBe('16.94');
    expect(roundMoney('0.125', 3)).toBe('0.125');
  });

  it('compares within a tolerance of one cent by default', () => {
    expect(moneyEquals('279.84', '279.85')).toBe(true);
    expect(moneyEquals('279.84', '279.86')).toBe(false);
    expect(moneyEquals('-8.79', '-8.78')).toBe(true);
    expect(moneyEquals('100', '100.00', '0')).toBe(true);
    expect(moneyEquals('100', '100.001', '0')).toBe(false);
    expect(compareMoney('10', '9.99')).toBe(1);
    expect(compareMoney('-1', '1')).toBe(-1);
    expect(compareMoney('1.0', '1')).toBe(0);
  });

  it('refuses malformed input instead of guessing', () => {
    for (const bad of ['1,00', '1e3', '', ' 1', 'NaN', '1.', '.5', '+1']) {
      expect(isDecimalString(bad), bad).toBe(false);
      expect(() => sumMoney([bad]), bad).toThrow(TypeError);
    }
  });
});

describe('toJsonNumber', () => {
  it('returns a number only when it is exact to the cent', () => {
    expect(toJsonNumber('1.23')).toBe(1.23);
    expect(toJsonNumber('1.50')).toBe(1.5);
    expect(toJsonNumber('-8.79')).toBe(-8.79);
    expect(toJsonNumber('0')).toBe(0);
    expect(toJsonNumber('1.005')).toBeNull();
    expect(toJsonNumber('1.0050')).toBeNull();
    expect(toJsonNumber('1.2300')).toBe(1.23);
  });

  it('returns null beyond the range where doubles keep cents apart', () => {
    expect(toJsonNumber('90071992547409.91')).toBeNull();
    expect(toJsonNumber('1234567890123.45')).toBe(1234567890123.45);
  });

  it('accepts more decimals for quantities when asked', () => {
    expect(toJsonNumber('0.125', 3)).toBe(0.125);
    expect(toJsonNumber('0.125')).toBeNull();
  });

  it('round-trips every cent value of a sample through JSON unchanged', () => {
    for (const n of pseudoRandom(2000, 7)) {
      const cents = n % 100_000_000;
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      const number = toJsonNumber(text);
      expect(number).not.toBeNull();
      expect(roundMoney(String(JSON.parse(JSON.stringify(number))))).toBe(text);
    }
  });

  it('returns null for malformed strings', () => {
    expect(toJsonNumber('12,50')).toBeNull();
    expect(toJsonNumber('abc')).toBeNull();
  });
});
