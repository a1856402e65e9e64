// Issue 13: payment confirmations, receipts of payment and refunds are not invoices, in every supported language;
// receipts that are the bill, credit notes, reminders and new bills still are; is_invoice follows the same line.
import { describe, expect, it } from 'vitest';
import { assessEmail, classifyEmail, decideIsInvoice } from '../../../src/pipeline/classify/index.js';

const intent = (subject: string, body: string): string => classifyEmail({ subject, body }).intent;

describe('payment confirmations name the invoice they settle: not_invoice', () => {
  const confirmations: Array<[string, string, string]> = [
    [
      'en',
      'Payment received for invoice INV-1001',
      'Hi, we have received your payment of EUR 480.00 for invoice INV-1001. Thank you!',
    ],
    [
      'en',
      'Your receipt for invoice INV-1001',
      'Thank you for your payment. This is your receipt for invoice INV-1001. Amount paid: EUR 480.00.',
    ],
    [
      'de',
      'Zahlung für Rechnung 2026-118 erhalten',
      'Sehr geehrte Damen und Herren, wir haben Ihre Zahlung über 480,00 EUR für die Rechnung 2026-118 erhalten.',
    ],
    [
      'fr',
      'Paiement reçu pour la facture F-118',
      'Bonjour, nous avons bien reçu votre paiement de 480,00 € pour la facture F-118. Merci !',
    ],
    [
      'es',
      'Pago recibido de la factura 2026/118',
      'Hola, hemos recibido su pago de 480,00 € de la factura 2026/118. Gracias.',
    ],
    [
      'it',
      'Pagamento ricevuto per la fattura 118/2026',
      'Buongiorno, abbiamo ricevuto il vostro pagamento di € 480,00 per la fattura 118/2026.',
    ],
    [
      'nl',
      'Betaling ontvangen voor factuur 2026-118',
      'Beste klant, wij hebben uw betaling van € 480,00 voor factuur 2026-118 ontvangen.',
    ],
    [
      'pt',
      'Pagamento recebido - fatura FT 2026/118',
      'Caro cliente, recebemos o seu pagamento de 480,00 € da fatura FT 2026/118. Obrigado.',
    ],
    [
      'en',
      'Invoice 118',
      'Good news: invoice 118 has been paid in full. A copy of the paid invoice is attached for your records.',
    ],
    ['de', 'Rechnung 118 bezahlt', 'Hallo, die Überweisung für Rechnung 118 ist heute eingegangen. Danke!'],
  ];
  it.each(confirmations)('%s: %s', (_language, subject, body) => {
    const result = assessEmail({ subject, body });
    expect(result.classification.intent).toBe('not_invoice');
    expect(result.settlesInvoice).toBe(true);
    expect(result.classification.reasons.join('\n')).toMatch(/settles an invoice it names/);
  });

  it('refunds issued are not invoices; a refund that delivers its credit note is', () => {
    expect(intent('Your refund has been issued', "We've issued a refund of $49.00 to your card for order 7710.")).toBe(
      'not_invoice',
    );
    expect(intent('Rückerstattung', 'Wir haben Ihnen 49,90 EUR für die Retoure erstattet.')).toBe('not_invoice');
    expect(
      intent(
        'Refund and credit note CN-55',
        'We have refunded GBP 45.00. The credit note CN-55 is attached for your records.',
      ),
    ).toBe('invoice');
  });
});

describe('what still is invoice mail', () => {
  it('a purchase receipt is the bill for the books, even when it thanks for the payment', () => {
    expect(
      intent(
        'Your receipt from Pixelforge #2194',
        'Thank you for your payment. Receipt #2194, amount paid $49.00. The receipt PDF is attached.',
      ),
    ).toBe('invoice');
    expect(
      intent(
        'Ihr Beleg',
        'Vielen Dank für Ihre Zahlung. Ihren Beleg finden Sie im Anhang. Belegnummer K-20931, 54,00 EUR.',
      ),
    ).toBe('invoice');
  });

  const conditionalReminders: Array<[string, string, string]> = [
    [
      'en',
      'Reminder: invoice 2211 overdue',
      'Invoice 2211 for GBP 1,045.00 is overdue. If you have already paid this invoice, please ignore this reminder.',
    ],
    [
      'de',
      'Zahlungserinnerung Rechnung 2211',
      'Die Rechnung 2211 über 1.045,00 EUR ist fällig. Falls Sie den Betrag bereits überwiesen haben, betrachten Sie dieses Schreiben als gegenstandslos.',
    ],
    [
      'fr',
      'Relance facture 2211',
      'La facture 2211 de 1 045,00 € est échue. Si vous avez déjà effectué le virement, merci de ne pas tenir compte de ce message.',
    ],
    [
      'es',
      'Recordatorio factura 2211',
      'La factura 2211 por 1.045,00 € está vencida. Si ya ha realizado el pago, ignore este aviso.',
    ],
    [
      'it',
      'Sollecito fattura 2211',
      'La fattura 2211 di € 1.045,00 è scaduta. Qualora abbia già provveduto al pagamento, non tenga conto di questa comunicazione.',
    ],
    [
      'nl',
      'Herinnering factuur 2211',
      'Factuur 2211 van € 1.045,00 is vervallen. Indien u inmiddels heeft betaald, kunt u deze herinnering negeren.',
    ],
    [
      'pt',
      'Lembrete fatura 2211',
      'A fatura 2211 de 1.045,00 € está vencida. Caso já tenha efetuado o pagamento, ignore esta mensagem.',
    ],
  ];
  it.each(conditionalReminders)(
    '%s: a reminder that says "if you have already paid" stays invoice',
    (_language, subject, body) => {
      const result = assessEmail({ subject, body });
      expect(result.classification.intent).toBe('invoice');
      expect(result.settlesInvoice).toBe(false);
    },
  );

  it('a new bill that thanks for the last payment, a partial payment with a balance due, shipping after payment', () => {
    expect(
      intent(
        'Your bill for March',
        'Thank you for your payment of GBP 42.10, it has been received. Your new bill for March is attached, amount due GBP 44.80.',
      ),
    ).toBe('invoice');
    expect(
      intent(
        'Teilzahlung zu Rechnung 2026-088',
        'Vielen Dank für Ihre Teilzahlung über 300,00 EUR zur Rechnung 2026-088. Der Restbetrag von 414,00 EUR ist weiterhin offen.',
      ),
    ).toBe('invoice');
    expect(
      intent(
        'Rechnung 2026-301',
        'Anbei unsere Rechnung 2026-301 über 500,00 EUR. Nach Zahlungseingang versenden wir die Ware.',
      ),
    ).toBe('invoice');
  });
});

describe('decideIsInvoice', () => {
  const invoiceAttachment = [{ kind: 'invoice', extracted: true }];
  it('invoice mail is an invoice with or without an extracted attachment (a bill behind a link)', () => {
    const linkOnly = assessEmail({
      subject: 'Your invoice INV-0318 is ready',
      body: 'View and pay your invoice online: https://pay.example/i/8Zq2. Amount due: $2,150.00.',
    });
    expect(decideIsInvoice(linkOnly, [{ kind: 'other', extracted: false }])).toEqual({
      isInvoice: true,
      reason: "is_invoice true: the email's text is invoice mail",
    });
  });
  it('an extracted invoice counts when the text is silent, not when the text settles it', () => {
    expect(
      decideIsInvoice(assessEmail({ subject: 'Documents', body: 'see attached' }), invoiceAttachment).isInvoice,
    ).toBe(true);
    const confirmation = assessEmail({
      subject: 'Payment received for invoice 118',
      body: 'We have received your payment for invoice 118. The paid invoice is attached.',
    });
    expect(decideIsInvoice(confirmation, invoiceAttachment)).toMatchObject({ isInvoice: false });
  });
  it('neither: a newsletter with a logo, an unreadable attachment', () => {
    const newsletter = assessEmail({
      subject: 'March update',
      body: 'Here is what is new this month. Unsubscribe | Manage preferences',
    });
    expect(
      decideIsInvoice(newsletter, [
        { kind: 'other', extracted: false },
        { kind: null, extracted: false },
      ]).isInvoice,
    ).toBe(false);
  });
});
