// Shop receipts as Malaysia, Singapore and their neighbours print them (the family of the ICDAR 2019 SROIE set, scored
// by bench/accuracy/sroie.ts): "SDN BHD" names with a company number, a proprietor's name over the shop's, long names
// wrapped on a narrow centred header, ringgit as "RM", cash rounding to 5 sen, "TOTAL INCLUDES 6% GST".
import { describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../../src/pipeline/extract/builtin/index.js';
import { detectCurrency } from '../../../../src/pipeline/extract/parse/index.js';
import { buildDocument, rightAt, type Cell } from './build-document.js';

const OPTIONS = { requireLineItems: true, documentType: 'invoice' } as const;

/** A receipt 400 points wide: header rows centred, then rows of a caption and a right-aligned amount. */
function receipt(header: readonly string[], rows: ReadonlyArray<readonly [string, string]>) {
  const lines: Array<[number, ...Cell[]]> = header.map((text, i) => [20 + i * 14, [200 - text.length * 2.6, text]]);
  const top = 40 + header.length * 14;
  rows.forEach(([caption, amount], i) => lines.push([top + i * 14, [20, caption], rightAt(380, amount)]));
  return extractInvoice(buildDocument([{ lines }]), OPTIONS).summary_data;
}

describe('South-East Asian receipts', () => {
  it('reads "SDN BHD" as a legal form, with the company number after it left out', () => {
    const s = receipt(
      ['GARDENIA BAKERIES (KL) SDN BHD (139386-X)', 'LOT 3, JALAN PELABUR 23/1', '40300 SHAH ALAM'],
      [
        ['TOTAL', '17.81'],
        ['CASH', '20.00'],
      ],
    );
    expect(s.vendor_name).toBe('GARDENIA BAKERIES (KL) SDN BHD');
  });

  it('joins a long name wrapped over two centred rows before its legal form', () => {
    const s = receipt(
      ['LIAN CHI PU TIAN VEGETARIAN', 'RESTAURANT SDN BHD', '(1095514-X)', 'PETALING JAYA'],
      [['TOTAL', '53.55']],
    );
    expect(s.vendor_name).toBe('LIAN CHI PU TIAN VEGETARIAN RESTAURANT SDN BHD');
  });

  it('joins a name whose legal form stands alone on the next row, or that wraps over three rows', () => {
    expect(receipt(['PASARAYA BORONG PINTAR', 'SDN BHD', 'BR NO.:(124525-H)'], [['TOTAL', '0.90']]).vendor_name).toBe(
      'PASARAYA BORONG PINTAR SDN BHD',
    );
    const s = receipt(['AIK HUAT HARDWARE', 'ENTERPRISE (SETIA', 'ALAM) SDN BHD', '822737-X'], [['TOTAL', '12.50']]);
    expect(s.vendor_name).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
  });

  it('keeps a company printed with its registration number over a brand matching the web domain', () => {
    const s = receipt(
      ['FAMILYMART', 'MAXINCOME RESOURCES SDN BHD (383322-D)', '40150 SHAH ALAM', 'www.familymart.com.my'],
      [['TOTAL', '8.80']],
    );
    expect(s.vendor_name).toBe('MAXINCOME RESOURCES SDN BHD');
  });

  it('takes the shop that names its trade over the owner printed above it', () => {
    const s = receipt(
      ['TAN CHAY YEE', 'ABC HO TRADING', 'NO.2&4 TAMAN DESA HARMONI', '81100 JOHOR BAHRU'],
      [['TOTAL', '31.00']],
    );
    expect(s.vendor_name).toBe('ABC HO TRADING');
  });

  it('names the shop its first row names by trade, not the company owning it further down', () => {
    const s = receipt(
      ['SANYU STATIONERY SHOP', 'NO. 31G&33G', '40170 SETIA ALAM', 'OWNED BY :', 'SANYU SUPPLY SDN BHD (1135772-K)'],
      [['TOTAL', '4.00']],
    );
    expect(s.vendor_name).toBe('SANYU STATIONERY SHOP');
  });

  it('never takes a stamp ("POSTED", "PAID", "DUPLICATE") at the top for the shop, however large', () => {
    const doc = buildDocument([
      {
        lines: [
          [10, [300, 'POSTED']],
          [40, [60, 'YONG CEN ENTERPRISE']],
          [54, [60, '40150 SHAH ALAM']],
          [90, [20, 'TOTAL'], rightAt(380, '22.00')],
        ],
      },
    ]);
    // A stamp is printed larger than the receipt's text.
    const stamp = doc.pages[0]!.lines[0]!;
    stamp.bbox.height = 24;
    for (const word of stamp.words) word.bbox.height = 24;
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBe('YONG CEN ENTERPRISE');
  });

  it('keeps a name printed before a colon that belongs to its company number ("(CO. NO:20154-T)")', () => {
    const s = receipt(['DION REALTIES SDN BHD (CO. NO:20154-T)', '50250 KUALA LUMPUR'], [['TOTAL', '106.00']]);
    expect(s.vendor_name).toBe('DION REALTIES SDN BHD');
  });

  it('gives the rounded amount paid as the total, with subtotal + tax + rounding adding up to it', () => {
    const s = receipt(
      ['KEDAI RUNCIT ZBH'],
      [
        ['SUB-TOTAL (EX)', '4.60'],
        ['TOTAL TAX', '0.28'],
        ['ROUNDING', '0.02'],
        ['TOTAL', '4.90'],
        ['CASH', '4.90'],
        ['CHANGE', '0.00'],
      ],
    );
    expect([s.subtotal, s.tax, s.total]).toEqual([4.6, 0.28, 4.9]);
  });

  it('rounds an exact total to the amount printed after the adjustment', () => {
    const s = receipt(
      ['SPEED MART S/B'],
      [
        ['TOTAL SALES (INCLUSIVE GST)', '72.74'],
        ['ROUNDING ADJUSTMENT', '.01'],
        ['ROUNDING', '72.75'],
        ['CASH', '100.00'],
        ['CHANGE', '27.25'],
      ],
    );
    expect(s.total).toBe(72.75);
  });

  it('reads "TOTAL INCLUDES 6% GST" as the tax the total contains, "TOTAL INCL. GST@6%" as the total', () => {
    const contained = receipt(
      ['GERBANG ALAF RESTAURANTS SDN BHD'],
      [
        ['TAKEOUT TOTAL (INCL GST)', '25.40'],
        ['TOTAL ROUNDED', '25.40'],
        ['CASH TENDERED', '26.00'],
        ['CHANGE', '0.60'],
        ['TOTAL INCLUDES 6% GST', '1.44'],
      ],
    );
    expect([contained.total, contained.tax]).toEqual([25.4, 1.44]);
    const total = receipt(
      ['MR DIY TRADING'],
      [
        ['TOTAL INCL. GST@6%', 'RM 13.30'],
        ['CASH', 'RM 13.30'],
        ['GST @6% INCLUDED IN TOTAL', 'RM 0.75'],
      ],
    );
    expect(total.total).toBe(13.3);
  });

  it('does not let a zero subtotal make the tax the total (0.00 + 14.04 = 14.04)', () => {
    const s = receipt(
      ['ASO ELECTRICAL TRADING SDN BHD'],
      [
        ['(EXCLUDED GST) SUB TOTAL :', '234.00'],
        ['DISCOUNT :', '0.00'],
        ['TOTAL GST :', '14.04'],
        ['ROUNDING :', '0.01'],
        ['TOTAL :', '248.05'],
        ['CASH :', '248.05'],
        ['TAX CODE SR 6% TOTAL :', '14.04'],
      ],
    );
    expect(s.total).toBe(248.05);
  });

  it('leaves the sums of one tax rate out of the totals ("TOTAL 6% SUPPLIES (INC. GST)")', () => {
    const s = receipt(
      ['GARDENIA BAKERIES (KL) SDN BHD'],
      [
        ['TOTAL 0% SUPPLIES:', '50.82'],
        ['TOTAL 6% SUPPLIES (EXCL. GST):', '16.80'],
        ['GST:', '1.01'],
        ['TOTAL 6% SUPPLIES (INC. GST):', '17.81'],
        ['TOTAL PAYABLE:', '68.63'],
      ],
    );
    expect(s.total).toBe(68.63);
  });

  it('joins a legal form OCR cut from its name at a wide space ("SUBANG HEALTHCARE SDN" | "BHD")', () => {
    const doc = buildDocument([
      {
        source: 'ocr',
        confidence: 0.97,
        lines: [
          [20, [150, 'SIMPLIFIED TAX INVOICE']],
          [34, [170, 'AA PHARMACY']],
          [48, [120, 'SUBANG HEALTHCARE SDN'], [260, 'BHD']],
          [62, [170, '1118258-K']],
          [76, [150, '47500 SUBANG JAYA']],
          [110, [20, 'TOTAL'], rightAt(380, '78.10')],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBe('SUBANG HEALTHCARE SDN BHD');
  });

  it('finds the header of a receipt photographed with a wide margin above it', () => {
    // The receipt's text starts a third of the way down the capture: its top quarter is not the page's.
    const doc = buildDocument([
      {
        source: 'ocr',
        confidence: 0.97,
        lines: [
          [300, [150, 'DI HUAN YA RESTAURANT']],
          [314, [140, 'COMPANY REG.NO: JM0681589-W']],
          [328, [150, '81750 JOHOR BAHRU']],
          [342, [160, 'TEL/FAX:07-3886322']],
          [380, [20, 'FRIED RICE'], rightAt(380, '12.00')],
          [394, [20, 'TOTAL'], rightAt(380, '12.00')],
          [408, [20, 'CASH'], rightAt(380, '20.00')],
          [500, [120, 'THANK YOU, PLEASE COME AGAIN']],
        ],
      },
    ]);
    expect(extractInvoice(doc, OPTIONS).summary_data.vendor_name).toBe('DI HUAN YA RESTAURANT');
  });

  it('reads "TOTAL (GST INCL)" as the total, and a count printed with decimals ("TOTAL ITEMS 1.00") as none', () => {
    const included = receipt(
      ['GUARDIAN HEALTH AND BEAUTY SDN BHD'],
      [
        ['SUBTOTAL', '12.00'],
        ['TOTAL (GST INCL)', '12.00'],
        ['CASH', '12.00'],
      ],
    );
    expect(included.total).toBe(12);
    const counted = receipt(
      ['KEDAI MAKAN ABC'],
      [
        ['TOTAL ITEMS', '1.00'],
        ['TOTAL QTY', '1.00'],
        ['TOTAL', '15.00'],
      ],
    );
    expect(counted.total).toBe(15);
  });

  it('takes the amount payable as the total when every total read is too weak to report', () => {
    // "TOTAL 6 SUPPLIES": OCR lost the "%", so the label reads as a total of 6; the per-rate sums say nothing else.
    const s = receipt(
      ['GARDENIA BAKERIES (KL) SDN BHD'],
      [
        ['TOTAL 6 SUPPLIES', ''],
        ['(EXCL. GST):', '12.96'],
        ['GST:', '0.78'],
        ['TOTAL PAYABLE:', '53.14'],
      ],
    );
    expect(s.total).toBe(53.14);
  });

  it('knows a per-rate sum whose zero OCR read as the letter O ("TOTAL O% SUPPLIES")', () => {
    const s = receipt(
      ['GARDENIA BAKERIES (KL) SDN BHD'],
      [
        ['TOTAL O% SUPPLIES:', '9.36'],
        ['TOTAL 6% SUPPLIES (EXCL. GST):', '-1.32'],
        ['GST:', '-0.07'],
        ['TOTAL 6% SUPPLIES (INC. GST):', '-1.39'],
        ['TOTAL O% SUPPLIES:', '9.36'],
        ['TOTAL PAYABLE:', '7.97'],
      ],
    );
    expect(s.total).toBe(7.97);
  });

  it('reads a rounding printed with its currency ("-RM 0.02") and no savings, cash or zero as the total', () => {
    const rounded = receipt(
      ['MR D.I.Y. (JOHOR) SDN BHD'],
      [
        ['TOTAL', 'RM 33.92'],
        ['ROUNDING ADJUSTMENT', '-RM 0.02'],
        ['TOTAL ROUNDED', 'RM 33.90'],
        ['CASH', 'RM 50.00'],
        ['CHANGE', 'RM 16.10'],
      ],
    );
    expect(rounded.total).toBe(33.9);
    const others = receipt(
      ['TESCO STORES (MALAYSIA) SDN BHD'],
      [
        ['GRAND TOTAL', 'RM21.85'],
        ['TOTAL PAID', 'RM50.00'],
        ['CHANGE', 'RM28.15'],
        ['TOTAL SAVINGS', '-4.01'],
        ['TOTAL :', '0.00'],
      ],
    );
    expect(others.total).toBe(21.85);
  });

  it('rounds a total down by an adjustment printed without its sign', () => {
    const s = receipt(
      ['MR D.I.Y. (M) SDN BHD'],
      [
        ['TOTAL', 'RM 30.91'],
        ['ROUNDING ADJUSTMENT', 'RM 0.01'],
        ['TOTAL ROUNDED', 'RM 30.90'],
        ['CASH', 'RM 51.00'],
        ['CHANGE', 'RM 20.10'],
      ],
    );
    expect(s.total).toBe(30.9);
  });

  it('reads ringgit and rupiah from RM and Rp, and never the dinar from "SDN BHD"', () => {
    expect(detectCurrency('SEGI CASH & CARRY SDN.BHD (317041-W) TOTAL RM 20.05')).toBe('MYR');
    expect(detectCurrency('ASO ELECTRICAL TRADING SDN BHD (1000131-K) TOTAL 248.05')).toBeNull();
    expect(detectCurrency('ALFAMART TOTAL Rp 44.900')).toBe('IDR');
  });

  it('reads the ringgit from a column unit ("AMT(RM)") over a lone "$" OCR made of a "%"', () => {
    const summary = 'TOTAL 47.70\nGST SUMMARY\nTAX CODE\n$\nAMT(RM)\nTAX(RM)\nSR\n6\n45.00\n2.70';
    expect(detectCurrency(summary)).toBe('MYR');
    // A "$" beside an amount still decides, and alone it still says dollars when nothing else does.
    expect(detectCurrency('TOTAL $ 47.70\nAMT(RM)')).toBe('USD');
    expect(detectCurrency('Amount ($)\nTOTAL 47.70')).toBe('USD');
  });
});
