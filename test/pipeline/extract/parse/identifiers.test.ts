import { describe, expect, it } from 'vitest';
import { findIbans, isValidIban } from '../../../../src/pipeline/extract/parse/iban.js';
import { findPoNumbers } from '../../../../src/pipeline/extract/parse/po-number.js';
import { findVatIds } from '../../../../src/pipeline/extract/parse/vat-id.js';

describe('IBAN', () => {
  // Published specimen IBANs (ECBS / national banking associations), each valid under mod-97.
  const specimens = [
    'DE89 3704 0044 0532 0130 00',
    'GB82 WEST 1234 5698 7654 32',
    'FR14 2004 1010 0505 0001 3M02 606',
    'NL91 ABNA 0417 1643 00',
    'BE68 5390 0754 7034',
    'CH93 0076 2011 6238 5295 7',
    'IT60 X054 2811 1010 0000 0123 456',
    'ES91 2100 0418 4502 0005 1332',
    'AT61 1904 3002 3457 3201',
    'NO93 8601 1117 947',
  ];
  it.each(specimens)('accepts %s, grouped and compact', (iban) => {
    expect(isValidIban(iban)).toBe(true);
    expect(isValidIban(iban.replace(/ /g, ''))).toBe(true);
  });

  it.each([
    ['DE89 3704 0044 0532 0130 01', 'check digits fail'],
    ['DE89 3704 0044 0532 0130 0', 'too short for DE'],
    ['XX89 3704 0044 0532 0130 00', 'unknown country'],
    ['de89 3704 0044 0532 0130 00', 'lower case'],
  ])('rejects %s (%s)', (iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it('finds IBANs in text with their positions and ignores invalid ones', () => {
    const text =
      'IBAN: DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX; alt NL91ABNA0417164300. Bad DE89370400440532013001';
    expect(findIbans(text).map((f) => [f.iban, f.country, text.slice(f.index, f.index + f.length)])).toEqual([
      ['DE89370400440532013000', 'DE', 'DE89 3704 0044 0532 0130 00'],
      ['NL91ABNA0417164300', 'NL', 'NL91ABNA0417164300'],
    ]);
  });

  it('does not take a prefix of a longer run for an IBAN', () => {
    expect(findIbans('DE893704004405320130001234')).toEqual([]);
    expect(findIbans('XDE89370400440532013000')).toEqual([]);
  });
});

describe('VAT identification numbers', () => {
  it.each([
    // [printed, compact, checksum verdict]
    ['DE136695976', 'DE136695976', true],
    ['DE 129 273 398', 'DE129273398', true],
    ['DE123456789', 'DE123456789', false],
    ['ATU13585627', 'ATU13585627', true],
    ['ATU 13585627', 'ATU13585627', true],
    ['BE0202.239.951', 'BE0202239951', true],
    ['BE 428.759.497', 'BE0428759497', true],
    ['FR 40 303 265 045', 'FR40303265045', true],
    ['FR89380129866', 'FR89380129866', true],
    ['FRXX999999999', 'FRXX999999999', true],
    ['ESA28015865', 'ESA28015865', null],
    ['ES B12345678', 'ESB12345678', null],
    ['IT00905811006', 'IT00905811006', true],
    ['IT 00488410010', 'IT00488410010', true],
    ['NL004495445B01', 'NL004495445B01', true],
    ['GB999999973', 'GB999999973', true],
    ['GB 999 9999 73', 'GB999999973', true],
    ['XI999999973', 'XI999999973', true],
    ['IE6388047V', 'IE6388047V', null],
    ['LU26375245', 'LU26375245', true],
    ['PL5260250274', 'PL5260250274', true],
    ['PT501442600', 'PT501442600', true],
    ['SE556703748501', 'SE556703748501', true],
    ['DK13585628', 'DK13585628', true],
    ['FI20774740', 'FI20774740', true],
    ['EL094014201', 'EL094014201', null],
    ['GR094014201', 'EL094014201', null],
    ['CHE-116.281.710 MWST', 'CHE116281710', true],
    ['NO 923 609 016 MVA', 'NO923609016', true],
  ] as Array<[string, string, boolean | null]>)('%s -> %s (checksum %s)', (printed, compact, checksum) => {
    const text = `VAT: ${printed}, thanks`;
    const found = findVatIds(text);
    expect(found.map((f) => [f.vatId, f.checksumValid, text.slice(f.index, f.index + f.length)])).toEqual([
      [compact, checksum, printed],
    ]);
  });

  it('takes the national part that ends at a word boundary and nothing after it', () => {
    const text = 'USt-IdNr: DE 136 695 976 HRB 372876';
    expect(findVatIds(text).map((f) => f.vatId)).toEqual(['DE136695976']);
  });

  it('ignores IBANs, words and numbers in other formats', () => {
    expect(
      findVatIds('IBAN DE89 3704 0044 0532 0130 00, DESIGN, DE 80333 München, ITALIA, DE12345, NL123456789'),
    ).toEqual([]);
    expect(findVatIds('XDE136695976')).toEqual([]);
  });
});

describe('purchase-order numbers', () => {
  it.each([
    // A prefix printed with the number, bare or hyphenated, is part of the identifier; with '#' or dots it labels it.
    ['PO-12345', 'PO-12345'],
    ['PO12345', 'PO12345'],
    ['PO #4711', '4711'],
    ['P.O.#4711', '4711'],
    ['P.O. #4500012345', '4500012345'],
    ['P.O. No. 4500012345', '4500012345'],
    ['PO Number: 4500012345', '4500012345'],
    ['Purchase Order: 4500012345', '4500012345'],
    ['Your order AB321', 'AB321'],
    ['Bestellnummer: 12345', '12345'],
    ['Bestell-Nr : B123456789', 'B123456789'],
    ['Ihre Bestellung Nr. 4711 vom 12.03.2026', '4711'],
    ['Bon de commande n° BC-2026-001', 'BC-2026-001'],
    ['N° de commande : 778899', '778899'],
    ['Número de pedido: PED-55', 'PED-55'],
    ['Orden de compra 4500001234', '4500001234'],
    ['Ordine n. 123/2026', '123/2026'],
    ['Inkoopordernummer 4500012345', '4500012345'],
    ['Uw bestelling: 98765', '98765'],
    // A label's value printed with its own PO prefix is taken whole, once.
    ['Ordernummer: PO-39927', 'PO-39927'],
    ['Purchase Order PO-41723', 'PO-41723'],
    ['N° BON DE COMMANDE : PO201925478', 'PO201925478'],
  ])('%j -> %s', (text, value) => {
    const found = findPoNumbers(text);
    expect(found.map((f) => f.value)).toEqual([value]);
    const [first] = found;
    expect(first && text.slice(first.index, first.index + first.length)).toBe(value);
  });

  it.each(['Ihre Bestellung vom 12.03.2026', 'Order: shipped', 'POLAND 123', 'Invoice 2026-001', 'Report 12'])(
    'finds nothing in %j',
    (text) => {
      expect(findPoNumbers(text)).toEqual([]);
    },
  );
});
