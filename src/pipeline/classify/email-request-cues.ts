// The other side's request for a bill, read in the quoted part of a reply: "Could you send me an invoice for the
// shoot?", "Schickst du mir noch die Rechnung?", "tu pourrais m'envoyer une facture ?", "¿me mandas la factura?",
// "mi mandi la ricevuta?", "kun je de rekening mailen?", "mandas-me a fatura?". A reply that answers it with an
// attachment ("it's attached", "hab sie angehängt", "te la adjunto", "eccola in allegato", "zit in de bijlage") hands
// over the requested bill even when its own text names no invoice (email.ts, docs/email-classification.md). Only the
// second person, a question or a polite imperative counts: a quoted supplier's "I send you my invoice" is a
// delivery, not a request, and a reply to it with an attachment is usually a proof of payment.
import { gap, re, type Cue } from './cues.js';

// What the customer asks for: a bill, a receipt or "what I owe", in every supported language.
const ASKED =
  "(?:invoices?|bill|receipt|what i owe|[a-z]*rechnung|quittung|beleg|factures?|recu|note d'honoraires|facturas?|recibos?|fattura|ricevuta|parcella|notula|factuur|rekening|nota|faturas?|nota fiscal)";

export const QUOTED_REQUEST_CUES: readonly Cue[] = [
  {
    id: 'quoted_request_for_bill',
    weight: 0,
    patterns: [
      re(
        `\\b(?:can|could|would|will) you ${gap(2)}(?:send|pop|email|e-mail|forward|do|make|write|raise|let me have|drop) ${gap(5)}${ASKED}\\b|\\bplease (?:send|email|forward|raise) ${gap(4)}${ASKED}\\b|\\b(?:send|pop) (?:me|us) ${gap(3)}${ASKED}\\b`,
      ),
      re(
        `\\b(?:schickst|sendest|schreibst|machst|mailst|kannst|konntest|konnten|konnen|wurden|wurdest) (?:du|sie) ${gap(5)}${ASKED}\\b|\\b(?:schick|sende|schreib|schicken sie|senden sie) (?:mir|uns) ${gap(4)}${ASKED}\\b` +
          // German puts the verb last, after a free middle field: "könnten Sie mir für die Nachhilfe von Jonas noch
          // eine Rechnung schreiben?", "könnten Sie uns bitte noch die Rechnung für den Workshop schicken?".
          `|\\b(?:kannst|konntest|konnten|konnen|wurden|wurdest) (?:du|sie) ${gap(9)}${ASKED} ${gap(4)}(?:schreiben|schicken|senden|zuschicken|ausstellen|mailen|machen|zukommen lassen)\\b`,
      ),
      re(
        `\\b(?:tu peux|tu pourrais|peux-tu|pourrais-tu|pouvez-vous|pourriez-vous|vous pouvez|vous pourriez|merci de|je veux bien|envoie-moi|envoyez-moi|envoyez-nous|transmettez-nous) ${gap(2)}(?:m'|nous |me )?(?:envoyer|faire|transmettre|adresser|renvoyer|etablir) ${gap(3)}${ASKED}\\b`,
      ),
      re(
        `\\b(?:me|nos) (?:mandas|envias|pasas|haces|mandaria[sn]?|enviaria[sn]?|podria[sn]?|puede[sn]?|mande|envie) ${gap(4)}${ASKED}\\b|\\b(?:mandame|enviame|pasame|mandeme|envieme|mandadnos|envianos|mandanos|envienos|mandenos) ${gap(2)}${ASKED}\\b|\\b(?:podria[sn]?|puede[sn]?) (?:mandar|enviar|hacer)(?:me|nos)? ${gap(3)}${ASKED}\\b`,
      ),
      re(
        `\\b(?:mi|ci) (?:mandi|invii|fai|faresti|manda|mandate|invia|giri|potresti|potrebbe|puoi) ${gap(4)}${ASKED}\\b|\\b(?:puoi|potresti|potrebbe|potete) (?:mandar|inviar|far|girar)(?:mi|ci|ne) ${gap(3)}${ASKED}\\b|\\b(?:mandami|inviami|mandateci|inviateci|mandaci|inviaci|fammi) ${gap(3)}${ASKED}\\b`,
      ),
      re(
        `\\b(?:kun je|kunt u|zou je|zou u|wil je|wilt u|stuur je|mail je|stuur (?:me|mij|ons)|mail (?:me|mij|ons)) ${gap(5)}${ASKED}\\b|\\b${ASKED} ${gap(3)}(?:mailen|sturen|toesturen|opsturen)\\?`,
      ),
      re(
        `\\b(?:mandas-me|envias-me|manda-me|envia-me|mande-me|envie-me|envie-nos|mande-nos|envia-nos|manda-nos|enviem-nos|me manda|me envia|me mandar|me enviar) ${gap(4)}${ASKED}\\b|\\b(?:podes|pode|poderia|consegue|consegues|voce consegue) ${gap(3)}(?:mandar|enviar|passar|fazer|emitir)(?:-me|-nos)? ${gap(4)}${ASKED}\\b`,
      ),
    ],
  },
];

/**
 * Words by which a reply hands something over without naming it: "it's attached", "here it is", "eccola",
 * "aqui esta", "voila", "ahi te va", "hier ist sie", "tá aqui". The attachment words of email-cues.ts also count.
 */
export const HANDS_OVER =
  /\b(?:here (?:it is|you go|you are)|eccol[ao]|aqui (?:esta|a tens|vai|a tem)|ta aqui|voila|la voici|ahi (?:te|le|va)|aqui (?:la |te la |se la )?tienes|hier (?:ist sie|ist er|bitte)|bij deze)\b/;
