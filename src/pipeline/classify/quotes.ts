// Separates what the sender wrote from what came with it: quoted earlier messages, forwarded messages, signatures,
// legal disclaimers and mail-client boilerplate. The classifier must judge the author's own words: an "invoice"
// in a quoted request, a signature ("Invoices to ap@...") or a footer ("VAT ID ...") says nothing about intent.
import { foldText, MAX_TEXT_CHARS } from './text.js';

export type QuoteKind = 'reply' | 'forward';

export interface EmailBodyParts {
  /** The author's own text: no quoted or forwarded message, signature, disclaimer or device line. */
  own: string;
  /** Everything from the first reply or forward boundary on, plus '>'-quoted lines. */
  quoted: string;
  /** Kind of the first boundary found in the body; null when there is none. */
  quoteKind: QuoteKind | null;
  /** What was removed, for explanations: 'forward_marker', 'reply_header', 'quoted_lines', 'signature', ... */
  removed: string[];
}

const FORWARD_MARKER =
  /^(?:-{2,} ?(?:forwarded message|weitergeleitete nachricht|message transfere|mensaje reenviado|messaggio inoltrato|doorgestuurd bericht|mensagem encaminhada|mensagem reencaminhada)|begin forwarded message|anfang der weitergeleiteten nachricht|debut du message reexpedie|inicio del mensaje reenviado|inizio messaggio inoltrato|begin doorgestuurd bericht|inicio da mensagem reencaminhada)/;
const ORIGINAL_MESSAGE =
  /^-{2,} ?(?:original message|ursprungliche nachricht|originalnachricht|message d'origine|message original|mensaje original|messaggio originale|oorspronkelijk bericht|oorspronkelijke bericht|mensagem original)/;
// "On Tue, 3 Mar 2026, Anna <a@b.c> wrote:" and its translations; clients wrap long ones over two or three lines.
const REPLY_HEADER_START = /^(?:on|am|le|el|il|op|em|no dia) /;
// German and Dutch put the sender after the verb: "Am ... schrieb Anja <a@b.de>:".
const REPLY_HEADER_END = /\b(?:wrote|schrieb|a ecrit|escribio|ha scritto|schreef|escreveu)\b(?: .{0,150})? ?:?$/;
// Outlook-style header block: a sender line followed closely by a date, recipient or subject line.
const HEADER_FROM = /^\*?(?:from|von|de|da|van|expediteur|remitente|mittente|afzender|remetente) ?\*? ?:/;
// A date or subject line must follow: "From: King's Cross / To: Canada Square" on a taxi receipt is no header.
const HEADER_NEXT =
  /^\*?(?:sent|date|subject|gesendet|datum|betreff|envoye|objet|enviado|fecha|asunto|inviato|data|oggetto|verzonden|onderwerp|assunto|enviada) ?\*? ?:/;
const UNDERSCORE_RULE = /^_{10,}$/;
const SIGNATURE_DASHES = /^(?:--|\u2014|__) ?$/;
const DEVICE_LINE =
  /^(?:sent from my|sent from mail for|get outlook for|von meinem \S+ gesendet|gesendet von meinem|envoye de mon|envoye depuis mon|enviado desde mi|inviato da|verzonden (?:vanaf|met) mijn|enviado do meu|enviado de meu)/;

// A line that is only a sign-off (optionally followed by a short name). Strong ones always end the message.
const STRONG_SIGN_OFF =
  /^(?:(?:best|kind|warm|warmest|many thanks and|thanks and) regards|regards|best wishes|sincerely|yours sincerely|yours faithfully|yours truly|all the best|mit freundlichen grussen|mit freundlichem gruss|freundliche grusse|viele grusse|beste grusse|liebe grusse|herzliche grusse|mit besten grussen|schone grusse|mfg|lg|vg|cordialement|bien cordialement|tres cordialement|salutations|meilleures salutations|sinceres salutations|bien a vous|saludos|un saludo|saludos cordiales|cordiales saludos|un cordial saludo|atentamente|cordiali saluti|distinti saluti|saluti|cordialmente|un saluto|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|met hartelijke groet|hartelijke groet(?:en)?|groeten|mvg|atenciosamente|cumprimentos|melhores cumprimentos|com os melhores cumprimentos)\b/;
// Weak ones ("Thanks,") also open sentences, so they end the message only when a short signature follows.
const WEAK_SIGN_OFF =
  /^(?:thanks|thank you|many thanks|thx|cheers|best|br|danke|vielen dank|besten dank|gruss|merci|merci beaucoup|gracias|muchas gracias|grazie|grazie mille|bedankt|dank u|dank je|obrigado|obrigada|abraco|abracos)\b/;
// "Grazie per il tuo abbonamento.", "Thanks for your order!": thanks for something opens a message, it ends none.
const THANKS_FOR = /\b(?:for|fur|pour|por|per|voor|pelo|pela|pelos|pelas)\b/;
// Disclaimers: one telltale phrase, or two of the words they are made of ("codice destinatario" alone is not one).
const DISCLAIMER_PHRASE =
  /intended recipient|received this (?:e-?mail|message) in error|irrtumlich erhalten|nicht der richtige adressat|recu ce (?:message|courriel|mail) par erreur|recibido este (?:mensaje|correo) por error|ricevuto (?:questo|il presente) (?:messaggio|e-?mail) per errore|dit bericht (?:ten onrechte|per vergissing)|recebeu esta mensagem por (?:engano|erro)|consider the environment|think before you print|bitte denken sie an die umwelt|pensez a l'environnement/;
const DISCLAIMER_WORD =
  /confidential|intended (?:solely |only )?for|vertraulich|confidentiel|confidencial|riservat|vertrouwelijk|destinataire|destinatario|geadresseerde|in error|par erreur|por error|per errore|por engano/g;
const LEGAL_FOOTER =
  /geschaftsfuhrer|geschaftsfuhrung|amtsgericht|registergericht|\bhrb\b|\bhra\b|sitz der gesellschaft|ust-?id|registered in england|company (?:no|number|registration)|registered office|\bsiret\b|\brcs\b|capital social|\bcif\b|\bnif\b|p\.? ?iva|partita iva|\bkvk\b|btw-?(?:nummer|nr)|\bcnpj\b|vat (?:no|number|reg)/g;

function isForwardMarker(folded: string): boolean {
  return FORWARD_MARKER.test(folded);
}

/** Index of the first line that starts a quoted or forwarded message, and its kind. */
function findBoundary(folded: string[]): { index: number; kind: QuoteKind; reason: string } | null {
  for (let i = 0; i < folded.length; i += 1) {
    const line = folded[i] ?? '';
    if (line === '') continue;
    if (isForwardMarker(line)) return { index: i, kind: 'forward', reason: 'forward_marker' };
    if (ORIGINAL_MESSAGE.test(line)) return { index: i, kind: 'reply', reason: 'original_message_marker' };
    if (REPLY_HEADER_START.test(line)) {
      const joined = [line, folded[i + 1] ?? '', folded[i + 2] ?? ''];
      for (let span = 1; span <= 3; span += 1) {
        // A wrapped header continues on the next line; after a blank line it is the author's text ("Il bonifico è
        // partito." / "" / "On Mon ... wrote:") that starts like a header and must not be swallowed with it.
        if (span > 1 && joined[span - 1] === '') break;
        const candidate = joined.slice(0, span).join(' ').trim();
        if (candidate.length <= 300 && REPLY_HEADER_END.test(candidate)) {
          return { index: i, kind: 'reply', reason: 'reply_header' };
        }
      }
    }
    if (UNDERSCORE_RULE.test(line) || HEADER_FROM.test(line)) {
      const start = HEADER_FROM.test(line) ? i : i + 1;
      if (HEADER_FROM.test(folded[start] ?? '')) {
        const next = folded.slice(start + 1, start + 6);
        if (next.some((l) => HEADER_NEXT.test(l))) return { index: i, kind: 'reply', reason: 'header_block' };
      }
    }
  }
  return null;
}

/** Drops the signature: everything after a "-- " line, a strong sign-off, or a weak one followed by a short block. */
function cutSignature(lines: string[], folded: string[], removed: string[]): string[] {
  let firstContent = -1;
  for (let i = 0; i < lines.length; i += 1) {
    const f = (folded[i] ?? '').trim();
    if (f === '') continue;
    if (firstContent < 0) firstContent = i;
    if (SIGNATURE_DASHES.test(f)) {
      removed.push('signature');
      return lines.slice(0, i);
    }
    if (i === firstContent || f.length > 60) continue;
    const signOff = f.replace(/[,.!;:\s]+$/, '');
    if (STRONG_SIGN_OFF.test(signOff)) {
      removed.push('signature');
      return lines.slice(0, i);
    }
    if (WEAK_SIGN_OFF.test(signOff) && !THANKS_FOR.test(signOff) && signOff.split(' ').length <= 6) {
      const rest = folded.slice(i + 1).filter((l) => l.trim() !== '');
      if (rest.length <= 8 && rest.every((l) => l.length <= 70)) {
        removed.push('signature');
        return lines.slice(0, i);
      }
    }
  }
  return lines;
}

/** Removes paragraphs that are legal disclaimers or company-register footers. */
function dropBoilerplateParagraphs(text: string, removed: string[]): string {
  const kept: string[] = [];
  for (const paragraph of text.split(/\n[ \t]*\n/)) {
    const folded = foldText(paragraph);
    const disclaimerWords = (folded.match(DISCLAIMER_WORD) ?? []).length;
    if ((DISCLAIMER_PHRASE.test(folded) || disclaimerWords >= 2) && folded.length > 80) {
      removed.push('disclaimer');
      continue;
    }
    if ((folded.match(LEGAL_FOOTER) ?? []).length >= 2) {
      removed.push('legal_footer');
      continue;
    }
    kept.push(paragraph);
  }
  return kept.join('\n\n');
}

/** Splits an email body into the author's own text and the quoted or forwarded rest. Pure; bounded input. */
export function splitEmailBody(body: string): EmailBodyParts {
  const removed: string[] = [];
  const lines = body.slice(0, MAX_TEXT_CHARS).replace(/\r\n?/g, '\n').split('\n');
  const folded = lines.map((l) => foldText(l).trim());

  const boundary = findBoundary(folded);
  const head = boundary ? lines.slice(0, boundary.index) : lines;
  const quotedBlock = boundary ? lines.slice(boundary.index) : [];
  if (boundary) removed.push(boundary.reason);

  const ownLines: string[] = [];
  const ownFolded: string[] = [];
  const quotedLines: string[] = [];
  head.forEach((line, i) => {
    const f = folded[i] ?? '';
    if (f.startsWith('>')) {
      quotedLines.push(line.replace(/^\s*(?:>\s?)+/, ''));
    } else if (DEVICE_LINE.test(f)) {
      removed.push('device_line');
    } else {
      ownLines.push(line);
      ownFolded.push(f);
    }
  });
  if (quotedLines.length > 0) removed.push('quoted_lines');

  const withoutSignature = cutSignature(ownLines, ownFolded, removed);
  const own = dropBoilerplateParagraphs(withoutSignature.join('\n'), removed)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const quoted = [...quotedLines, ...quotedBlock].join('\n').trim();
  return { own, quoted, quoteKind: boundary?.kind ?? (quotedLines.length > 0 ? 'reply' : null), removed };
}

/** The author's own words of an email body: quoted replies, forwarded messages and signatures removed. */
export function stripQuotedText(body: string): string {
  return splitEmailBody(body).own;
}

export interface ParsedSubject {
  /** The subject without reply/forward prefixes and "[External]"-style tags. */
  text: string;
  isReply: boolean;
  isForward: boolean;
}

const SUBJECT_PREFIX = /^\s*([a-z]{1,6})\s*(?:\[\d+\]|\(\d+\))?\s*:\s*/i;
const SUBJECT_TAG = /^\s*(?:\[[^\]]{1,40}\]|\*{1,2}[a-z ]{1,20}\*{1,2})\s*/i;
const REPLY_PREFIXES = new Set(['re', 'aw', 'antw', 'antwort', 'sv', 'vs', 'r', 'rif', 'res', 'ref', 'rep']);
const FORWARD_PREFIXES = new Set(['fw', 'fwd', 'wg', 'tr', 'enc', 'i', 'doorst', 'rv', 'fs', 'vb', 'reenv']);

/** Strips "Re:", "AW:", "Fwd:", "WG:", "TR:", "RV:", "I:" ... prefixes (repeatedly) and reports what they said. */
export function parseSubject(subject: string): ParsedSubject {
  let rest = subject.slice(0, 1000);
  const tags: string[] = []; // "[External]", "[Ticket #12]": kept as text, skipped when looking for prefixes
  let isReply = false;
  let isForward = false;
  for (let guard = 0; guard < 10; guard += 1) {
    const tag = SUBJECT_TAG.exec(rest);
    if (tag) {
      tags.push(tag[0].trim());
      rest = rest.slice(tag[0].length);
      continue;
    }
    const m = SUBJECT_PREFIX.exec(rest);
    const word = m?.[1] ? foldText(m[1]) : undefined;
    if (!m || word === undefined) break;
    if (REPLY_PREFIXES.has(word)) isReply = true;
    else if (FORWARD_PREFIXES.has(word)) isForward = true;
    else break; // "Invoice: 123" or "Rechnung:" is content, not a prefix
    rest = rest.slice(m[0].length);
  }
  return { text: [...tags, rest.trim()].join(' ').trim(), isReply, isForward };
}

const FORWARD_HEADER =
  /^\*?(?:from|sent|date|to|cc|subject|von|gesendet|datum|an|betreff|de|envoye|a|objet|enviado|fecha|para|asunto|da|inviato|data|oggetto|van|verzonden|aan|onderwerp|assunto|expediteur|remitente|mittente|afzender|remetente) ?\*? ?:(.*)$/;
const SUBJECT_HEADER = /^\*?(?:subject|betreff|objet|asunto|oggetto|onderwerp|assunto) ?\*? ?:(.*)$/;

export interface ForwardedMessage {
  /** The Subject line of the forwarded message's header block, when present. */
  subject: string | null;
  /** The forwarded message's body with its header block removed (its own quotes are still in it). */
  body: string;
}

/** Takes the quoted part of a forward (see splitEmailBody) apart into the original subject and body. */
export function splitForwardedMessage(quoted: string): ForwardedMessage {
  const lines = quoted.split('\n');
  let subject: string | null = null;
  let index = 0;
  // The header block: the marker or rule line, then "Key: value" lines, up to the first blank line after them.
  let headerLines = 0;
  for (let seen = 0; index < lines.length && seen < 15; index += 1, seen += 1) {
    const raw = lines[index] ?? '';
    const folded = foldText(raw).trim();
    if (folded === '') {
      if (headerLines > 0) break; // blank lines may sit between the marker and the header block
      continue;
    }
    if (isForwardMarker(folded) || ORIGINAL_MESSAGE.test(folded) || UNDERSCORE_RULE.test(folded)) continue;
    if (SUBJECT_HEADER.test(folded)) {
      subject = raw.replace(/^[^:]*:\s*/, '').trim();
      headerLines += 1;
      continue;
    }
    if (FORWARD_HEADER.test(folded)) {
      headerLines += 1;
      continue;
    }
    break;
  }
  return { subject, body: lines.slice(index).join('\n').trim() };
}
