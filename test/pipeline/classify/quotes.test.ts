import { describe, expect, it } from 'vitest';
import { parseSubject, splitEmailBody, stripQuotedText } from '../../../src/pipeline/classify/index.js';
import { splitForwardedMessage } from '../../../src/pipeline/classify/quotes.js';

describe('stripQuotedText', () => {
  it('drops a Gmail-style reply header and everything after it', () => {
    const body = [
      'Here is the corrected version.',
      '',
      'On Tue, Mar 3, 2026 at 4:02 PM Jenna Liu <jenna@acme-retail.com> wrote:',
      '> could you send me the invoice?',
    ].join('\n');
    expect(stripQuotedText(body)).toBe('Here is the corrected version.');
  });

  it('recognises reply headers wrapped over two lines and in other languages', () => {
    expect(
      stripQuotedText('Merci !\n\nLe mar. 3 mars 2026 à 10:41, Claire Dubois <c@d.fr>\na écrit :\n> Bonjour'),
    ).toBe('Merci !');
    expect(stripQuotedText('Danke.\n\nAm 03.03.2026 um 10:41 schrieb Anja Schmitt <a@b.de>:\n> Hallo')).toBe('Danke.');
    expect(stripQuotedText('Gracias.\n\nEl mar, 3 mar 2026 a las 12:05, Lucía (<l@h.es>) escribió:\n> Hola')).toBe(
      'Gracias.',
    );
    expect(
      stripQuotedText('Grazie.\n\nIl giorno mar 3 mar 2026 alle ore 12:05 Luca <l@x.it> ha scritto:\n> Ciao'),
    ).toBe('Grazie.');
    expect(stripQuotedText('Dank.\n\nOp di 3 mrt 2026 om 12:05 schreef Sanne <s@x.nl>:\n> Hoi')).toBe('Dank.');
    expect(stripQuotedText('Obrigado.\n\nEm ter., 3 de mar. de 2026 às 12:05, Inês <i@x.pt> escreveu:\n> Olá')).toBe(
      'Obrigado.',
    );
  });

  it('keeps a one-line answer that starts like a header ("Il", "Le", "On") above a blank line and the header', () => {
    for (const own of ['Il bonifico è partito stamattina.', 'Le virement est parti hier.', 'On it - paid today.']) {
      expect(
        stripQuotedText(`${own}\n\nOn Mon, 6 Jul 2026, Rosa <rosa@example.com> wrote:\n> Invoice 7 attached.`),
      ).toBe(own);
    }
  });

  it('drops Outlook header blocks and "Original Message" separators', () => {
    const outlook = [
      'Bitte senden Sie uns die Rechnung.',
      '',
      'Von: Schmitt, Anja <a.schmitt@baustoffe-nord.de>',
      'Gesendet: Montag, 2. März 2026 15:12',
      'An: Lang, Peter',
      'Betreff: Lieferung',
      '',
      'Anbei unsere Rechnung.',
    ].join('\n');
    expect(stripQuotedText(outlook)).toBe('Bitte senden Sie uns die Rechnung.');
    const original =
      'Ok, thanks.\n-----Original Message-----\nFrom: Bob\nSent: Monday\nSubject: Invoice 12\n\nInvoice attached.';
    expect(stripQuotedText(original)).toBe('Ok, thanks.');
    expect(stripQuotedText("Oui.\n-----Message d'origine-----\nDe : X")).toBe('Oui.');
  });

  it('drops "> " quoted lines, also interleaved with the answer', () => {
    const body = '> Do you have the invoice?\nYes, attached.\n> And the delivery note?\nWill follow.';
    const parts = splitEmailBody(body);
    expect(parts.own).toBe('Yes, attached.\nWill follow.');
    expect(parts.quoted).toBe('Do you have the invoice?\nAnd the delivery note?');
    expect(parts.quoteKind).toBe('reply');
  });

  it('cuts signatures at "-- " and at sign-offs, and drops device lines', () => {
    expect(stripQuotedText('See attached.\n-- \nAnna Smith\nInvoices: ap@example.com')).toBe('See attached.');
    expect(stripQuotedText('Anbei die Rechnung.\n\nMit freundlichen Grüßen\nMax Muster\nIBAN DE12 3456')).toBe(
      'Anbei die Rechnung.',
    );
    expect(stripQuotedText('Hi,\nattached.\n\nThanks,\nBob\nBob Ltd')).toBe('Hi,\nattached.');
    expect(stripQuotedText('see attached\n\nSent from my iPhone')).toBe('see attached');
  });

  it('keeps a weak sign-off word that opens a real sentence', () => {
    const body =
      'Hi Anna,\nThanks for your patience.\nThe invoice is attached and payable within 14 days.\nWe appreciate your business and look forward to the next project together with your team.';
    expect(stripQuotedText(body)).toBe(body);
  });

  it('drops legal disclaimers and company-register footers, even without a sign-off', () => {
    const body = [
      'Invoice 9081773 is attached.',
      '',
      'CONFIDENTIALITY NOTICE: This e-mail is confidential and intended solely for the addressee. If you are not the intended recipient, please delete it. Invoice queries: ar@example.com.',
      '',
      'Hollister Supply GmbH, Geschäftsführer: A. B., Amtsgericht München HRB 1234',
    ].join('\n');
    const parts = splitEmailBody(body);
    expect(parts.own).toBe('Invoice 9081773 is attached.');
    expect(parts.removed).toEqual(expect.arrayContaining(['disclaimer', 'legal_footer']));
  });

  it('does not mistake a sentence with a single disclaimer-like word for a disclaimer', () => {
    const body =
      'Vi preghiamo di inviarci la fattura elettronica tramite SDI, codice destinatario M5UXCR1, entro fine mese.';
    expect(stripQuotedText(body)).toBe(body);
  });

  it('separates forwarded messages and takes their header apart', () => {
    const body = [
      'Bitte bezahlen.',
      '',
      '-------- Weitergeleitete Nachricht --------',
      'Betreff: Ihre Rechnung 88120377',
      'Datum: Mon, 9 Mar 2026 06:02:11 +0100',
      'Von: Stadtwerke <rechnung@stadtwerke.example>',
      '',
      'Ihre aktuelle Rechnung steht bereit.',
    ].join('\n');
    const parts = splitEmailBody(body);
    expect(parts.own).toBe('Bitte bezahlen.');
    expect(parts.quoteKind).toBe('forward');
    expect(splitForwardedMessage(parts.quoted)).toEqual({
      subject: 'Ihre Rechnung 88120377',
      body: 'Ihre aktuelle Rechnung steht bereit.',
    });
  });

  it('reads an Apple Mail forward with a blank line after the marker', () => {
    const quoted =
      'Début du message réexpédié :\n\nDe: Imprimerie <c@i.fr>\nObjet: Facture 4471\nDate: 6 mars 2026\n\nBonjour, ci-joint la facture 4471.';
    expect(splitForwardedMessage(quoted)).toEqual({
      subject: 'Facture 4471',
      body: 'Bonjour, ci-joint la facture 4471.',
    });
  });

  it('leaves a body without quotes alone and bounds huge input', () => {
    expect(splitEmailBody('Just text.')).toEqual({ own: 'Just text.', quoted: '', quoteKind: null, removed: [] });
    const huge = 'x '.repeat(200_000);
    expect(stripQuotedText(huge).length).toBeLessThanOrEqual(50_000);
  });
});

describe('parseSubject', () => {
  it('strips reply and forward prefixes in several languages, repeatedly', () => {
    expect(parseSubject('Re: AW: Rechnung 12')).toEqual({ text: 'Rechnung 12', isReply: true, isForward: false });
    expect(parseSubject('WG: Rechnung')).toEqual({ text: 'Rechnung', isReply: false, isForward: true });
    expect(parseSubject('TR: facture').isForward).toBe(true);
    expect(parseSubject('RV: factura').isForward).toBe(true);
    expect(parseSubject('I: fattura febbraio')).toEqual({ text: 'fattura febbraio', isReply: false, isForward: true });
    expect(parseSubject('Doorst: factuur').isForward).toBe(true);
    expect(parseSubject('Fwd: Re: Invoice 7')).toEqual({ text: 'Invoice 7', isReply: true, isForward: true });
    expect(parseSubject('RE[2]: Invoice').text).toBe('Invoice');
  });

  it('keeps content that looks like a prefix and keeps tags as text', () => {
    expect(parseSubject('Invoice: 2026-118').text).toBe('Invoice: 2026-118');
    expect(parseSubject('[External] Re: Rechnung 5')).toEqual({
      text: '[External] Rechnung 5',
      isReply: true,
      isForward: false,
    });
  });
});
