// The rules added after held-back batch 11 was examined (docs/email-classification.md): verb-last word order in German
// requests and Dutch remittances (the participle or infinitive after a long middle field), and a friendly reminder's
// "past its due date" in every language, which lets the demand floor decide it. The emails here are written for the
// tests, in wording of no labelled batch.
import { describe, expect, it } from 'vitest';
import { assessEmailByRules, classifyEmail } from '../../../src/pipeline/classify/email.js';

const reasons = (subject: string, body: string): string[] =>
  assessEmailByRules({ subject, body }).classification.reasons;
const intent = (subject: string, body: string): string => classifyEmail({ subject, body }).intent;

describe('a German request with the verb last', () => {
  it('counts as a quoted request however long the middle field, and the reply hands the bill over', () => {
    const body =
      'Gerne, ist im Anhang.\n\nAm 02.07.2026 schrieb Heike Brandt:\n> Hallo Tom, würden Sie mir für die drei Gartentermine im Juni bitte eine Rechnung ausstellen?';
    expect(assessEmailByRules({ subject: 'AW: Garten', body }).rules.signals).toContain('requested_handover');
    expect(intent('AW: Garten', body)).toBe('invoice');
  });

  it('needs the request verb at the end: a quoted statement about an invoice is no request', () => {
    const body =
      'Danke, ist im Anhang.\n\nAm 02.07.2026 schrieb Heike Brandt:\n> Hallo Tom, können Sie mir sagen, ob für die Arbeiten im Juni schon eine Rechnung fertig ist?';
    expect(assessEmailByRules({ subject: 'AW: Garten', body }).rules.signals).not.toContain('requested_handover');
  });
});

describe('a Dutch payer with the participle last', () => {
  it.each([
    ['subject first', 'Wij hebben op 3 juli het onderstaande bedrag overgemaakt:'],
    ['adverb first', 'Op 3 juli hebben wij de volgende facturen aan u betaald:'],
  ])('%s: is a payment made, not a bill', (_order, opening) => {
    const body = `Geachte leverancier,\n\n${opening}\n\nFactuur 3301 € 840,00\nFactuur 3317 € 126,50\n\nCrediteurenadministratie`;
    expect(reasons('Betaalspecificatie', body).some((r) => r.includes('payment_made'))).toBe(true);
    expect(intent('Betaalspecificatie', body)).toBe('not_invoice');
  });

  it('a negation keeps it a reminder', () => {
    const body = 'Wij hebben de factuur 3301 van 3 juni helaas nog niet van u betaald gekregen.';
    expect(reasons('Factuur 3301', body).some((r) => r.includes('payment_made'))).toBe(false);
  });
});

describe('a friendly reminder: the bill is past its due date', () => {
  const reminders: [string, string][] = [
    ['en', 'Hello, invoice 4410 (EUR 95.00) is past its due date. When can we expect it?'],
    ['de', 'Hallo, die Rechnung 4410 (95,00 EUR) ist über dem Zahlungsziel. Wann dürfen wir damit rechnen?'],
    ['fr', 'Bonjour, la facture 4410 (95,00 €) a dépassé sa date d’échéance. Quand pouvons-nous compter dessus ?'],
    ['es', 'Hola, la factura 4410 (95,00 €) ha superado su fecha de vencimiento. ¿Cuándo podemos contar con ello?'],
    ['it', 'Salve, la fattura 4410 (95,00 €) ha superato la scadenza. Quando possiamo contarci?'],
    ['nl', 'Hallo, factuur 4410 (€ 95,00) is over de vervaldatum. Wanneer mogen we het verwachten?'],
    ['pt', 'Olá, a fatura 4410 (95,00 €) já passou a data de vencimento. Quando podemos contar com isso?'],
  ];
  it.each(reminders)('%s: is a demand for payment and an invoice', (_language, body) => {
    expect(reasons('4410', body).some((r) => r.includes(':dunning'))).toBe(true);
    expect(intent('4410', body)).toBe('invoice');
  });
});
