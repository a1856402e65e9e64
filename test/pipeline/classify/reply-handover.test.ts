// The cues added after held-back batch 9 (docs/email-classification.md): a reply that hands over the invoice it was
// asked for, in the first person and with a reference to the quote it follows, and the model's negation scope.
import { describe, expect, it } from 'vitest';
import { assessEmailByRules, fieldsOf } from '../../../src/pipeline/classify/email.js';
import { emailFeatures, hashFeature } from '../../../src/pipeline/classify/model/features.js';

const cueIds = (subject: string, body: string): string[] =>
  assessEmailByRules({ subject, body }).rules.signals.filter((s) => /^[+-]/.test(s));

describe('a quote named as the reference of a bill', () => {
  it('is no quote: "come da preventivo", "conforme o orçamento", "laut Angebot", "as per our quote"', () => {
    for (const body of [
      'Ti giro la fattura del servizio, 1.400 € come da preventivo, la trovi in allegato.',
      'Envio em anexo a fatura da sessão, 620 € conforme o orçamento.',
      'Anbei die Rechnung über 1.200 EUR laut Angebot.',
      'Final invoice attached, £480 as per our quote.',
    ]) {
      expect(cueIds('x', body)).not.toContain('-quote_or_offer');
    }
  });

  it('a quote that is brought, or a second one, stays a quote', () => {
    expect(cueIds('Preventivo', 'In allegato il preventivo n. 27/2026 per la tinteggiatura.')).toContain(
      '-quote_or_offer',
    );
    expect(cueIds('x', 'Il secondo preventivo è allegato.')).toContain('-quote_or_offer');
  });
});

describe('first-person hand-over of an invoice', () => {
  it('counts in every language and makes a reply deliver', () => {
    for (const body of [
      'Te mando la factura de la sesión, 540 € + IVA, va adjunta.',
      'Voici ma facture pour la traduction, 780 € en pièce jointe.',
      'Ti giro la fattura del servizio, la trovi in allegato.',
      'Hierbij mijn factuur voor de vertaling.',
      'Ich schicke Ihnen die Rechnung für März.',
      'Here is my invoice for the shoot.',
    ]) {
      expect(cueIds('Re: x', `${body}\n\nOn Tue, 7 Apr 2026, Carmen wrote:\n> Send us the invoice.`)).toContain(
        '+sends_invoice',
      );
    }
  });

  it('is not a request in the second person or the noun "envio"', () => {
    expect(cueIds('x', '¿Me mandas la factura de marzo?')).not.toContain('+sends_invoice');
    expect(cueIds('x', 'Aguardamos o envio da fatura.')).not.toContain('+sends_invoice');
  });
});

describe('model features', () => {
  it('mark the words in a negator scope, within its clause', () => {
    const vector = (body: string): Set<number> =>
      new Set(emailFeatures(fieldsOf({ subject: '', body }), body, null, 'text').indices);
    const notPaid = vector('Invoice 12 has not yet been paid.');
    const paid = vector('Invoice 12 has been paid, not a problem.');
    expect(notPaid.has(hashFeature('b:n:paid'))).toBe(true);
    expect(paid.has(hashFeature('b:n:paid'))).toBe(false);
    expect(paid.has(hashFeature('b:n:problem'))).toBe(true);
  });
});
