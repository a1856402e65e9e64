// The rules added after held-back batch 15 (two new authors) was examined, with the cross-validation's misses
// (docs/email-classification.md, "After batch 15 was examined"): a receipt that shows its paid purchase, a bill that
// thanks for the last payment and hands over the next one, requests for an invoice by name, a payee's reply that
// acknowledges the payment its quoted message reports, "thanks for ..." opening a message, a balance still owed in
// Portuguese. The emails here are written for the tests, in wording of no labelled batch; batch 16 (held back) was
// not read to write them.
import { describe, expect, it } from 'vitest';
import { assessEmailByRules } from '../../../src/pipeline/classify/email.js';
import { splitEmailBody } from '../../../src/pipeline/classify/quotes.js';
import { pricedLines } from '../../../src/pipeline/classify/purchase.js';

const rules = (subject: string, body: string) => assessEmailByRules({ subject, body }).classification;
const said = (subject: string, body: string, text: string): boolean =>
  rules(subject, body).reasons.some((r) => r.includes(text));

describe('a receipt of a paid purchase', () => {
  const receipts: [string, string, string][] = [
    [
      'de',
      'Deine Bestellung 7781 bei Teeladen Nord',
      'Hallo Mia,\n\ndanke für deinen Einkauf! Deine Zahlung ist eingegangen.\n\n1 x Grüner Tee Sencha 250 g   12,90 €\n2 x Teesieb Edelstahl          9,80 €\nVersand                        3,90 €\nSumme                         26,60 €\n\nBezahlt mit: PayPal\nDeine Rechnung liegt als PDF im Anhang.\n\nTeeladen Nord GmbH',
    ],
    [
      'nl',
      'Bedankt voor je bestelling 55120',
      'Hoi Tim,\n\nBedankt voor je bestelling! We hebben je betaling ontvangen.\n\n1x Bureaustoel Flex     € 189,00\n1x Bureaumat            € 24,95\nVerzending              € 0,00\nTotaal                  € 213,95\n\nBetaald met iDEAL\nWe laten je weten wanneer je pakket onderweg is.\n\nZitwel B.V.',
    ],
    [
      'en',
      'Your order 3310 with Pine & Paper',
      'Thanks for your order, Ruth!\n\nPlanner 2027 x1      £18.00\nFountain pen x1      £26.00\nDelivery              £3.50\nTotal paid           £47.50\n\nWe will let you know when your parcel is on its way.\n\nPine & Paper Ltd',
    ],
  ];
  it.each(receipts)('%s: the receipt is the bill, its order and parcel words do not count', (_l, subject, body) => {
    expect(rules(subject, body).intent).toBe('invoice');
  });

  it('counts the lines that end with an amount', () => {
    expect(pricedLines('Tea 250 g   12,90 €\nSieve x2  € 9,80\nTotal: £47.50\nThanks!\n2026-11-27')).toBe(3);
  });

  it("a payer's remittance of invoices with a total paid is no receipt", () => {
    const subject = 'Remittance advice - payment run 12/2026';
    const body =
      'Dear Supplier,\n\nThe following payment has been made to your account today:\n\nInvoice 4410    GBP 310.00\nInvoice 4415    GBP 95.00\nInvoice 4420    GBP 40.00\nTotal paid:     GBP 445.00\n\nAccounts Payable';
    expect(rules(subject, body).intent).toBe('not_invoice');
    expect(said(subject, body, '(a receipt of a paid purchase)')).toBe(false);
  });

  it('a receipt that names the invoice it settles and hands nothing over stays a receipt of payment', () => {
    const subject = 'Your receipt from Northwind #4471-2210';
    const body =
      'Receipt from Northwind\n\nInvoice #NW-0091\nAmount paid $40.00\nPayment method Visa - 1881\n\nTeam plan x 1   $30.00\nAdd-on x 1      $10.00\nAmount paid     $40.00';
    expect(rules(subject, body).intent).toBe('not_invoice');
  });
});

describe('a bill that thanks for the last payment', () => {
  it.each([
    [
      'en',
      'Thanks for your payment - January invoice',
      'Dear Ms Hale,\n\nThank you for your payment of invoice 3301, received on 2 January.\n\nAttached is our invoice 3388 for the January window cleaning, £120.00.\nPayment due within 14 days.\n\nClearview Services',
    ],
    [
      'de',
      'Danke für Ihre Zahlung – Rechnung Januar anbei',
      'Guten Tag Herr Kern,\n\nvielen Dank für die Zahlung der Rechnung 1101, sie ist bei uns eingegangen.\n\nAnbei erhalten Sie die Rechnung 1150 für Januar über 238,00 €. Der Betrag wird wie vereinbart zum 05.02. per SEPA-Lastschrift von Ihrem Konto eingezogen.\n\nGebäudeservice Ost',
    ],
  ])('%s: the new bill is handed over with a term of its own', (_l, subject, body) => {
    expect(rules(subject, body).intent).toBe('invoice');
  });

  it('a confirmation that attaches the paid invoice names no term and stays a confirmation', () => {
    expect(
      rules(
        'Payment received - invoice 3301',
        'Dear Ms Hale,\n\nThank you for your payment of invoice 3301, received on 2 January. Attached is the paid invoice for your records.\n\nClearview Services',
      ).intent,
    ).toBe('not_invoice');
  });
});

describe('a request for an invoice by its name', () => {
  it.each([
    [
      'de',
      'Bitte um Rechnung für die Lieferung vom 3.12.',
      'Hallo,\n\nkönnten Sie uns für die Lieferung vom 3.12. bitte noch eine Rechnung auf die neue Firma ausstellen?\n\nDanke\nTom',
    ],
    [
      'es',
      'Solicitud de factura - compra del 2 de diciembre',
      'Hola,\n\nnecesitaríamos la factura de la compra del 2 de diciembre (ticket 4471, 86,40 €) a nombre de la empresa.\n\nGracias',
    ],
    [
      'pt',
      'Pedido de nota fiscal - compra de 02/12',
      'Olá,\n\nprecisamos da nota fiscal da compra de 02/12 (R$ 412,00) em nome da empresa.\n\nObrigado',
    ],
  ])('%s: the request is no bill', (_l, subject, body) => {
    expect(rules(subject, body).intent).toBe('not_invoice');
  });
});

describe("a payee's reply to the payer's word that the invoice is paid", () => {
  it.each([
    [
      'en',
      'Re: Invoice 2207 - logo design',
      'Hi Tom,\n\nGot it this morning, thank you - £900.00 for invoice 2207, all sorted.\n\nBest,\nAmy\n\nOn 2 Dec 2026, at 09:10, Tom Reed <tom@reed.example> wrote:\n\n> Hi Amy, just paid the invoice by bank transfer. Thanks!\n> Tom',
    ],
    [
      'nl',
      'Re: Factuur 2026-41',
      'Hoi Bram,\n\nStaat erop, € 650,00 voor factuur 2026-41. Dank je!\n\nGroet,\nEva\n\nOp 2 dec. 2026 om 10:00 heeft Bram <bram@example.nl> het volgende geschreven:\n\n> Hoi Eva, je factuur is vandaag betaald.\n> Bram',
    ],
  ])('%s: the reply acknowledges the payment', (_l, subject, body) => {
    expect(rules(subject, body).intent).toBe('not_invoice');
  });

  it('a reply that still asks for the balance is a reminder', () => {
    expect(
      rules(
        'Re: Pagamento fatura FT 88',
        'Bom dia,\n\nRecebemos a transferência de 300,00 EUR, obrigado. A fatura FT 88 é de 500,00 EUR, ficando ainda em dívida 200,00 EUR. Volto a enviar a fatura em anexo.\n\nCumprimentos\n\nNo dia 2/12/2026 escreveu:\n\n> Boa tarde, já fiz o pagamento.',
      ).intent,
    ).toBe('invoice');
  });
});

describe('thanks for something opens a message, it ends none', () => {
  it('keeps a receipt after "grazie per il tuo abbonamento"', () => {
    const parts = splitEmailBody(
      'Ciao Luca,\n\ngrazie per il tuo abbonamento.\n\nRicevuta n. 55-1\n€ 9,99 (IVA inclusa)',
    );
    expect(parts.own).toContain('Ricevuta n. 55-1');
  });
});
