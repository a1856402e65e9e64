// Which EU member states a document names (VAT and IBAN prefixes, telephone codes, country names, national
// registers), and whether they are all in the euro area: the evidence for the euro on documents that print no
// currency (receipts whose "€" the OCR engine cannot read).
import { describe, expect, it } from 'vitest';
import { namedMemberStates, namesOnlyEuroArea } from '../../../../src/pipeline/extract/parse/euro-area.js';

const states = (text: string) => [...namedMemberStates(text)].sort();

describe('namedMemberStates', () => {
  it('reads VAT numbers, IBANs, telephone codes, names and national registers', () => {
    expect(states('USt-IdNr.: DE136695976')).toEqual(['DE']);
    expect(states('IBAN FR76 3000 6000 0112 3456 7890 189')).toEqual(['FR']);
    expect(states('Tel. +39 02 1234567')).toEqual(['IT']);
    expect(states('Tel +351 21 123 4567')).toEqual(['PT']);
    expect(states('Tel +35121 1234567')).toEqual(['PT']);
    expect(states('Tel 0049 89 123456')).toEqual(['DE']);
    expect(states('75005 Paris, FRANCE')).toEqual(['FR']);
    expect(states('1010 Wien, Osterreich')).toEqual(['AT']);
    expect(states('SIRET 123 456 789 00012')).toEqual(['FR']);
    expect(states('Tel : 01 43 26 23 02')).toEqual(['FR']);
    expect(states('Warszawa, Polska')).toEqual(['PL']);
    expect(states('7696 UC Rotterdam')).toEqual(['NL']);
    expect(states("Kerkstraat 174, 2514AB 's-Gravenhage")).toEqual(['NL']);
    expect(states('9671 LL HAARLEM')).toEqual(['NL']);
  });

  it('does not take amounts, article numbers or other words for states', () => {
    expect(states('Art. 0049123 12,50')).toEqual([]);
    expect(states('TOTAL 4,60 Especes 5,00')).toEqual([]);
    expect(states('Francesca Rossi, Frankfurt')).toEqual([]);
    expect(states('Order 0143262302')).toEqual([]);
    // Four digits and two capitals that are no Dutch postcode: a unit, a year before an abbreviation, a price.
    expect(states('1000 ST Schrauben M6')).toEqual([]);
    expect(states('Ref 2024 EU 12')).toEqual([]);
    expect(states('1.250 EUR Anzahlung')).toEqual([]);
    expect(states('1000 Bruxelles')).toEqual([]);
  });
});

describe('namesOnlyEuroArea', () => {
  it('is true for euro-area states only', () => {
    expect(namesOnlyEuroArea('Starbucks Coffee France\nTVA 0,30')).toBe(true);
    expect(namesOnlyEuroArea('NL123456789B01\n+31 20 123 4567')).toBe(true);
  });

  it('is false without a state, with a non-euro state, or with recent adopters whose old documents are not in euro', () => {
    expect(namesOnlyEuroArea('TVA 0,30')).toBe(false);
    expect(namesOnlyEuroArea('Paris, France\nClient: Warszawa, Polska')).toBe(false);
    expect(namesOnlyEuroArea('Zagreb, Hrvatska')).toBe(false);
    expect(namesOnlyEuroArea('Sofia, Bulgaria')).toBe(false);
    expect(namesOnlyEuroArea('Bucuresti, Romania\nCIF RO1234567')).toBe(false);
  });
});
