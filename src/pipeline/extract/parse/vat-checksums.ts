// Check-digit rules of VAT identification numbers, per country, for the countries whose rule is public and
// stable. They turn "looks like a VAT id" into "is a well-formed VAT id"; they do not say the number is registered
// (only VIES can). Each takes the national part without the country prefix.

type Check = (body: string) => boolean;

const digits = (s: string): number[] => [...s].map(Number);

/** Luhn over all digits (the last one is the check digit). */
function luhn(s: string): boolean {
  let sum = 0;
  const ds = digits(s).reverse();
  ds.forEach((d, i) => {
    if (i % 2 === 1) {
      const doubled = d * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += d;
    }
  });
  return sum % 10 === 0;
}

function weightedSum(s: string, weights: readonly number[]): number {
  return digits(s).reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
}

const CHECKS: Record<string, Check> = {
  // U + 8 digits: Luhn-like over digits 1-7 with an offset of 4.
  AT: (body) => {
    const ds = digits(body.slice(1));
    let sum = 0;
    for (let i = 0; i < 7; i++) {
      const d = ds[i] as number;
      sum += i % 2 === 0 ? d : Math.floor((d * 2) / 10) + ((d * 2) % 10);
    }
    return (10 - ((sum + 4) % 10)) % 10 === ds[7];
  },
  BE: (body) => 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8)),
  // ISO 7064 MOD 11,10.
  DE: (body) => {
    let product = 10;
    for (const d of digits(body.slice(0, 8))) {
      let sum = (d + product) % 10;
      if (sum === 0) sum = 10;
      product = (2 * sum) % 11;
    }
    const check = 11 - product === 10 ? 0 : 11 - product;
    return check === Number(body[8]);
  },
  DK: (body) => weightedSum(body, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  FI: (body) => {
    const r = weightedSum(body.slice(0, 7), [7, 9, 10, 5, 8, 4, 2]) % 11;
    return r !== 1 && (r === 0 ? 0 : 11 - r) === Number(body[7]);
  },
  // Numeric key = (12 + 3 × (SIREN mod 97)) mod 97; alphanumeric keys (newer scheme) are not checked.
  FR: (body) => {
    const key = body.slice(0, 2);
    if (!/^\d{2}$/.test(key)) return true;
    return (12 + 3 * (Number(body.slice(2)) % 97)) % 97 === Number(key);
  },
  IT: (body) => luhn(body),
  LU: (body) => Number(body.slice(0, 6)) % 89 === Number(body.slice(6)),
  // Before 2020: 11-test; since 2020 (sole traders): mod 97 over "NL" + number, letters as 10..35.
  NL: (body) => {
    const eleven = (weightedSum(body.slice(0, 8), [9, 8, 7, 6, 5, 4, 3, 2]) - Number(body[8])) % 11 === 0;
    const numeric = `2321${body.slice(0, 9)}11${body.slice(10)}`;
    let remainder = 0;
    for (const ch of numeric) remainder = (remainder * 10 + Number(ch)) % 97;
    return eleven || remainder === 1;
  },
  PL: (body) => {
    const r = weightedSum(body, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
    return r !== 10 && r === Number(body[9]);
  },
  PT: (body) => {
    const r = 11 - (weightedSum(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return (r >= 10 ? 0 : r) === Number(body[8]);
  },
  SE: (body) => luhn(body.slice(0, 10)),
  // 9 digits (or 12 with a branch suffix): weights 8..2 plus the two check digits, mod 97 (old or new series).
  GB: (body) => {
    if (!/^\d{9}(\d{3})?$/.test(body)) return true;
    const total = weightedSum(body.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) + Number(body.slice(7, 9));
    return total % 97 === 0 || (total + 55) % 97 === 0;
  },
  // Swiss UID (CHE-123.456.789): weights 5,4,3,2,7,6,5,4, check 11 - sum mod 11 (10 never occurs).
  CHE: (body) => {
    const r = 11 - (weightedSum(body, [5, 4, 3, 2, 7, 6, 5, 4]) % 11);
    return r !== 10 && (r === 11 ? 0 : r) === Number(body[8]);
  },
  // Norwegian organization number: weights 3,2,7,6,5,4,3,2, mod 11.
  NO: (body) => {
    const r = 11 - (weightedSum(body, [3, 2, 7, 6, 5, 4, 3, 2]) % 11);
    return r !== 10 && (r === 11 ? 0 : r) === Number(body[8]);
  },
};
// Northern Ireland (XI) numbers are UK numbers.
CHECKS.XI = CHECKS.GB as Check;

export const VAT_CHECKSUMS: Readonly<Record<string, Check>> = CHECKS;
