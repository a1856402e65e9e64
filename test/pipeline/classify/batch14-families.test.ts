// The rules added after held-back batch 14 was examined, with the cross-validation's misses
// (docs/email-classification.md, "After batch 14 was examined"): an online shop's receipt that names its order is the
// order's bill even when it opens with "thanks for your order", and a public body's notice of a local tax or fee is
// a bill. The emails here are written for the tests, in wording of no labelled batch; batch 15 (held back) was not
// read to write them.
import { describe, expect, it } from 'vitest';
import { assessEmailByRules } from '../../../src/pipeline/classify/email.js';

const rules = (subject: string, body: string) => assessEmailByRules({ subject, body }).classification;

describe("a shop's receipt of an order", () => {
  const receipts: [string, string, string][] = [
    [
      'en',
      'Receipt for your order 55-1902',
      'Thank you for your order!\n\nOrder receipt 55-1902, paid by Mastercard\n\n2 x Desk lamp  £31.90\n1 x Bulb pack  £6.50\n\nVAT (20%) £6.40\nTotal paid £38.40\n\nLumen Home Ltd',
    ],
    [
      'it',
      'Ricevuta ordine 4471',
      'Grazie per il tuo ordine!\n\nRicevuta del tuo ordine n. 4471\n2 × Tazza in ceramica   € 18,00\n1 × Teiera               € 24,50\nIVA 22% inclusa\nTotale pagato € 42,50\n\nCeramiche Serra S.r.l.',
    ],
    [
      'pt',
      'Recibo da sua compra 88120',
      'Obrigado pelo seu pedido!\n\nRecibo da sua compra nº 88120\n1 × Mochila urbana   R$ 219,00\n2 × Garrafa térmica  R$ 98,00\nTotal pago: R$ 317,00\n\nLoja Trilha Ltda.',
    ],
    [
      'fr',
      'Votre reçu de commande 30017',
      'Merci pour votre commande !\n\nReçu de votre commande 30017, payée par carte\n3 x Bougie parfumée  29,70 €\nTVA 20 % incluse\nTotal payé 29,70 €\n\nMaison Cire SARL',
    ],
  ];
  it.each(receipts)('%s: the receipt is the bill, not an order confirmation', (_language, subject, body) => {
    const result = rules(subject, body);
    expect(result.intent).toBe('invoice');
    expect(result.reasons.some((r) => r.includes("(a shop's receipt of the order)"))).toBe(true);
  });

  it('an order confirmation that announces the invoice stays a confirmation', () => {
    const result = rules(
      'Your order 55-1902 is confirmed',
      'Thank you for your order!\n\n2 x Desk lamp  £31.90\nTotal £31.90\n\nYour invoice will be emailed when your order ships.\n\nLumen Home Ltd',
    );
    expect(result.intent).toBe('not_invoice');
  });

  it('a receipt of the payment of a named invoice is no shop receipt', () => {
    const result = rules(
      'Receipt for invoice 2219',
      'Thanks for your order and your payment.\n\nReceipt for invoice 2219: amount paid £120.00 by card.\n\nLumen Home Ltd',
    );
    expect(result.intent).toBe('not_invoice');
    expect(result.reasons.some((r) => r.includes("(a shop's receipt of the order)"))).toBe(false);
  });
});

describe("a public body's notice of a local tax or fee", () => {
  const notices: [string, string, string][] = [
    [
      'de',
      'Grundbesitzabgabenbescheid 2027',
      'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie den Grundbesitzabgabenbescheid 2027.\nBetrag: 644,10 EUR, fällig am 15.02.2027\nKassenzeichen 4.100.2231\n\nGemeinde Talheim, Steueramt',
    ],
    [
      'nl',
      'Uw aanslag waterschapsbelasting 2027',
      'Geachte heer Vos,\n\nDe aanslag waterschapsbelasting 2027 staat voor u klaar in de Berichtenbox.\nTe betalen: € 312,40 vóór 28 februari 2027.\n\nWaterschap Rivierland',
    ],
    [
      'it',
      'Avviso IMU 2027 disponibile',
      'Gentile contribuente,\n\nè disponibile il suo avviso IMU 2027: importo € 388,00, scadenza 16/06/2027.\nPuò pagare con pagoPA dal portale tributi.\n\nComune di Sarno - Ufficio Tributi',
    ],
    [
      'en',
      'Your council tax bill 2027/28',
      'Dear resident,\n\nYour council tax bill for 2027/28 is now available online. Amount due: £1,842.00 in ten monthly instalments from 1 April.\n\nNorthvale District Council',
    ],
  ];
  it.each(notices)('%s: the notice is a bill', (_language, subject, body) => {
    const result = rules(subject, body);
    expect(result.reasons.some((r) => r.includes(':levy_notice '))).toBe(true);
    expect(result.intent).toBe('invoice');
  });

  it('a notice that the tax was paid names no bill to pay', () => {
    const result = rules(
      'Zahlungseingang Kassenzeichen 4.100.2231',
      'Sehr geehrte Damen und Herren,\n\nwir bestätigen den Eingang Ihrer Zahlung von 644,10 EUR zum Kassenzeichen 4.100.2231.\n\nGemeinde Talheim, Stadtkasse',
    );
    expect(result.intent).toBe('not_invoice');
  });
});
