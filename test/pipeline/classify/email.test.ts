import { describe, expect, it } from 'vitest';
import { classifyEmail, detectLanguage, INVOICE_INTENT_THRESHOLD } from '../../../src/pipeline/classify/index.js';

describe('classifyEmail', () => {
  it('judges the author, not the quoted message', () => {
    const answer = classifyEmail({
      subject: 'Re: Invoice for February',
      body: 'Please find attached invoice 2026-007.\n\nOn Tue, Mar 3, 2026 at 4:02 PM Jenna <j@x.com> wrote:\n> could you please send us the invoice?',
    });
    expect(answer.intent).toBe('invoice');
    const request = classifyEmail({
      subject: 'Re: Invoice',
      body: 'Could you please send us the invoice?\n\nOn Tue, Mar 3, 2026 at 4:02 PM Mike <m@x.com> wrote:\n> Please find attached our invoice 118 for EUR 400.',
    });
    expect(request.intent).toBe('not_invoice');
    expect(request.reasons.some((r) => r.startsWith('body:request_for_invoice'))).toBe(true);
    expect(request.reasons.join('\n')).not.toContain('118');
  });

  it('honours negation: "this is not an invoice"', () => {
    const result = classifyEmail({
      subject: 'Your order 5531',
      body: 'Thank you for your order. This is not an invoice. You will receive the invoice separately after delivery.',
    });
    expect(result.intent).toBe('not_invoice');
    expect(result.reasons.join('\n')).toMatch(/not_an_invoice/);
    expect(
      classifyEmail({ subject: 'Buchungshilfe', body: 'Anbei die Buchungshilfe, dies ist keine Rechnung.' }).intent,
    ).toBe('not_invoice');
  });

  it('does not let a signature or disclaimer that mentions invoices decide', () => {
    const result = classifyEmail({
      subject: 'Lunch on Friday?',
      body: [
        'Hi Tom, are we still on for lunch on Friday?',
        '',
        'Best regards',
        'Anna Roth',
        'Accounts Payable | Please send all invoices to ap@example.com quoting the PO number',
      ].join('\n'),
    });
    expect(result.intent).toBe('not_invoice');
    expect(result.reasons.join('\n')).not.toMatch(/invoice_noun/);
  });

  it('counts a forwarded supplier invoice, including its original subject', () => {
    const result = classifyEmail({
      subject: 'FW: documents',
      body: [
        'FYI, approved.',
        '',
        '---------- Forwarded message ---------',
        'From: Greenfield <billing@greenfield.example>',
        'Date: Mon, 9 Mar 2026',
        'Subject: Invoice 55102',
        '',
        'Dear Tom, attached is our invoice 55102, payable within 14 days.',
      ].join('\n'),
    });
    expect(result.intent).toBe('invoice');
    expect(result.reasons.some((r) => r.startsWith('forwarded1.subject:'))).toBe(true);
    expect(result.reasons.some((r) => r.startsWith('forwarded1.body:'))).toBe(true);
  });

  it('treats payment reminders and credit notes as invoice mail, payment confirmations not', () => {
    expect(
      classifyEmail({
        subject: 'Zahlungserinnerung',
        body: 'Unsere Rechnung 10442 über 912,40 EUR ist noch offen. Anbei eine Kopie.',
      }).intent,
    ).toBe('invoice');
    expect(
      classifyEmail({
        subject: 'Credit note CN-12',
        body: 'Please find attached credit note CN-12 for the returned goods.',
      }).intent,
    ).toBe('invoice');
    expect(
      classifyEmail({
        subject: 'Payment for invoice 118',
        body: 'We have paid invoice 118 today, EUR 400. Remittance advice attached.',
      }).intent,
    ).toBe('not_invoice');
  });

  it('folds case and accents', () => {
    const upper = classifyEmail({ subject: 'FACTURE N° 12', body: 'VEUILLEZ TROUVER CI-JOINT LA FACTURE.' });
    const accents = classifyEmail({ subject: 'Factúra', body: 'Adjúntamos la factura del mes de marzo.' });
    expect(upper.intent).toBe('invoice');
    expect(accents.intent).toBe('invoice');
  });

  it('reads German written without umlauts', () => {
    const result = classifyEmail({
      subject: 'Zahlungserinnerung',
      body: 'Unsere Rechnung 4410 ist seit 10 Tagen faellig, bitte ueberweisen Sie den Betrag.',
    });
    expect(result.intent).toBe('invoice');
    expect(result.reasons.join('\n')).toMatch(/payment_terms/);
    expect(
      classifyEmail({ subject: 'Auftragsbestaetigung 4411', body: 'Vielen Dank fuer Ihre Bestellung.' }).intent,
    ).toBe('not_invoice');
  });

  it('weighs the subject of a reply less than a fresh one', () => {
    const fresh = classifyEmail({ subject: 'Invoice 2026-007', body: 'Thanks, received.' });
    const reply = classifyEmail({ subject: 'Re: Invoice 2026-007', body: 'Thanks, received.' });
    expect(reply.score).toBeLessThan(fresh.score);
    expect(reply.intent).toBe('not_invoice');
  });

  it('reads a terse email by its subject, but not a question about invoices', () => {
    expect(classifyEmail({ subject: 'Invoice', body: 'see attached' }).intent).toBe('invoice');
    expect(
      classifyEmail({
        subject: 'Who approves invoices now?',
        body: 'Since Martin left, who signs off vendor invoices?',
      }).intent,
    ).toBe('not_invoice');
  });

  it('answers not_invoice for empty mail, with a score below 0.5', () => {
    const result = classifyEmail({ subject: '', body: '' });
    expect(result).toMatchObject({ intent: 'not_invoice', language: null });
    expect(result.score).toBeLessThan(0.5);
    // The model's line comes first (docs/email-classification.md), the rules' total right after it.
    expect(result.reasons[0]).toMatch(/^model: p\(invoice\)=/);
    expect(result.reasons[1]).toContain(`threshold ${INVOICE_INTENT_THRESHOLD.toFixed(2)}`);
  });

  it('stays fast on hostile input', () => {
    const started = performance.now();
    classifyEmail({ subject: 'x'.repeat(100_000), body: `${'1'.repeat(60_000)} ${'invoice '.repeat(20_000)}` });
    classifyEmail({ subject: 'Re:'.repeat(5000), body: '> a\n'.repeat(50_000) });
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('detectLanguage', () => {
  it.each([
    ['en', 'Please find attached our invoice for the work we did last week. Kind regards'],
    ['de', 'Anbei erhalten Sie die Rechnung für den Monat März. Mit freundlichen Grüßen'],
    ['fr', 'Veuillez trouver ci-joint notre facture pour le mois de mars. Cordialement'],
    ['es', 'Adjunto le enviamos la factura del mes de marzo. Un saludo y gracias por su confianza'],
    ['it', 'In allegato la fattura del mese di marzo. Cordiali saluti e grazie per la collaborazione'],
    ['nl', 'In de bijlage vindt u de factuur voor de maand maart. Met vriendelijke groet'],
    ['pt', 'Segue em anexo a fatura do mês de março. Com os melhores cumprimentos e obrigado'],
  ])('recognises %s', (language, text) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('says null when there is too little to go on', () => {
    expect(detectLanguage('see attached')).toBeNull();
    expect(detectLanguage('')).toBeNull();
  });
});
