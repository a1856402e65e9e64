// The rules added after held-back batch 10 (docs/email-classification.md): a reply that answers a quoted request for a
// bill with an attachment, a customer's "transfer made, proof attached", formal legal demands, and phishing that asks
// to pay an "unpaid bill" at a link within hours; and the combination's floor (the rules' demand and hand-over) and
// veto (scam). The emails here are written for the tests, in wording of no labelled batch.
import { describe, expect, it } from 'vitest';
import { assessEmailByRules, classifyEmail } from '../../../src/pipeline/classify/email.js';

const signals = (subject: string, body: string): string[] => assessEmailByRules({ subject, body }).rules.signals;
const intent = (subject: string, body: string): string => classifyEmail({ subject, body }).intent;

describe('a reply that hands over the bill the quoted message asks for', () => {
  const replies: [string, string][] = [
    [
      'en',
      "All done, it's attached :)\n\nOn Fri, 3 Jul 2026, Rosa wrote:\n> Hiya, could you email me a bill for the cake?",
    ],
    ['de', 'Klar, hängt dran!\n\nAm 03.07.2026 schrieb Udo:\n> Schreibst du mir noch eine Rechnung für die Fotos?'],
    ['fr', "C'est en pièce jointe.\n\nLe 3 juil. 2026, Odile a écrit :\n> Tu pourrais m'envoyer la facture du stage ?"],
    ['es', 'Va en el adjunto.\n\nEl 3 jul 2026, Quique escribió:\n> ¿Me mandas el recibo del mes?'],
    ['it', 'Eccola qui.\n\nIl giorno 3 lug 2026 Ugo ha scritto:\n> Mi faresti la ricevuta per il corso?'],
    ['nl', 'Zit in de bijlage.\n\nOp 3 jul 2026 schreef Wim:\n> Kun je de nota voor de verhuizing mailen?'],
    ['pt', 'Vai em anexo.\n\nEm 3/07/2026, Rui escreveu:\n> Consegues mandar-me a fatura do mês?'],
  ];
  it.each(replies)('%s: is an invoice by the rules and by the combination', (_language, body) => {
    expect(signals('Re: hello', body)).toContain('requested_handover');
    expect(intent('Re: hello', body)).toBe('invoice');
  });

  it('a quoted invoice is no request: a reply with an attachment to it is not a hand-over', () => {
    const body = 'Thanks, signed copy attached.\n\nOn Fri, 3 Jul 2026, Rosa wrote:\n> Please find invoice 88 attached.';
    expect(signals('Re: Invoice 88', body)).not.toContain('requested_handover');
  });

  it('a reply that attaches nothing hands nothing over', () => {
    const body = "I'll do it tonight.\n\nOn Fri, 3 Jul 2026, Rosa wrote:\n> Could you send me the invoice?";
    expect(signals('Re: hello', body)).not.toContain('requested_handover');
  });
});

describe("a customer's transfer with its proof", () => {
  const confirmations: [string, string][] = [
    ['en', 'Bank transfer sent, screenshot of the bank confirmation attached.'],
    ['de', 'Die Überweisung ist raus, den Überweisungsbeleg hänge ich an.'],
    ['fr', "Le virement est parti hier, ci-joint l'avis d'opéré."],
    ['es', 'Ya te he hecho la transferencia, adjunto el justificante del banco.'],
    ['it', 'Bonifico fatto stamattina, in allegato la contabile.'],
    ['nl', 'Is vandaag overgemaakt, het betaalbewijs zit in de bijlage.'],
    ['pt', 'A transferência da fatura foi feita hoje, segue o comprovativo em anexo.'],
  ];
  it.each(confirmations)('%s: settles the invoice it replies to', (_language, own) => {
    const body = `${own}\n\nOn Mon, 6 Jul 2026, Supplier wrote:\n> Invoice 2026-77 attached, 240 EUR.`;
    const rules = assessEmailByRules({ subject: 'Re: Invoice 2026-77', body });
    expect(rules.settlesInvoice).toBe(true);
    expect(intent('Re: Invoice 2026-77', body)).toBe('not_invoice');
  });
});

describe('formal legal demands', () => {
  const demands: [string, string][] = [
    ['en', 'Unless the sum of £1,200 for invoice 55 is paid within 14 days we will issue court proceedings.'],
    [
      'de',
      'Nach fruchtlosem Fristablauf leiten wir das gerichtliche Mahnverfahren ein. Offen: Rechnung 55, 1.200 EUR.',
    ],
    ['fr', 'Nous vous mettons en demeure de régler la facture 55 (1 200 €) sous huitaine.'],
    [
      'es',
      'Les requerimos el pago de la factura 55 (1.200 €); en caso contrario iniciaremos el procedimiento monitorio.',
    ],
    ['it', 'Vi costituiamo in mora per la fattura 55 di € 1.200; in difetto chiederemo decreto ingiuntivo.'],
    ['nl', 'Dit is een ingebrekestelling voor factuur 55 ad € 1.200; daarna volgen incassokosten.'],
    ['pt', 'Notificação extrajudicial: a fatura 55 de 1.200 € continua por pagar; seguem-se medidas judiciais.'],
  ];
  it.each(demands)('%s: is a demand for payment, an invoice', (_language, body) => {
    expect(signals('Formal notice', body)).toContain('+legal_demand');
    expect(intent('Formal notice', body)).toBe('invoice');
  });
});

describe('phishing: pay an unpaid bill at a link within hours', () => {
  it('is a scam, not_invoice whatever the model says', () => {
    const body =
      'Your gas bill of £74.10 is unpaid. To avoid disconnection pay within 24 hours here: https://pay-gas.example.top/x';
    const subject = 'Unpaid bill - supply will be cut';
    expect(signals(subject, body)).toContain('scam');
    const result = classifyEmail({ subject, body });
    expect(result.intent).toBe('not_invoice');
    expect(result.reasons[0]).toContain('scam');
  });

  it('a reminder that gives days and a portal link stays a reminder', () => {
    const body =
      'Friendly reminder: invoice 4410 (£74.10) is overdue. Please pay within 14 days at https://portal.example/pay';
    expect(signals('Reminder: invoice 4410', body)).not.toContain('scam');
    expect(intent('Reminder: invoice 4410', body)).toBe('invoice');
  });
});
