// Language guess from function words: enough to label an email for reports and per-language figures, with no
// model file to ship. Returns null when the text is too short or two languages are too close to call.
import { foldText, wordsOf } from './text.js';

// Frequent words that are (mostly) specific to one language. Words shared by several of them ("de", "la", "e",
// "a", "en") are left out on purpose: they would only add noise between French, Spanish, Italian and Portuguese.
const FUNCTION_WORDS: Record<string, readonly string[]> = {
  en: ['the', 'and', 'you', 'your', 'is', 'are', 'for', 'with', 'please', 'this', 'we', 'our', 'of', 'to', 'have', 'will', 'find', 'attached', 'regards', 'thanks', 'hi', 'dear', 'kind', 'best', 'from', 'be', 'it', 'that', 'can', 'let', 'know'],
  de: ['der', 'die', 'das', 'und', 'ist', 'sie', 'ihre', 'ihr', 'wir', 'mit', 'fur', 'bitte', 'anbei', 'nicht', 'ein', 'eine', 'zu', 'den', 'dem', 'auf', 'vielen', 'dank', 'grusse', 'sehr', 'geehrte', 'geehrter', 'hallo', 'uns', 'ihnen', 'wie', 'auch', 'noch', 'wird', 'im', 'finden'],
  fr: ['le', 'les', 'et', 'est', 'vous', 'votre', 'nous', 'notre', 'pour', 'avec', 'une', 'des', 'du', 'merci', 'cordialement', 'bonjour', 'sur', 'dans', 'pas', 'ci', 'joint', 'veuillez', 'trouver', 'madame', 'monsieur', 'au', 'aux', 'ce', 'cette', 'sont', 'salutations', 'vos', 'nos'],
  es: ['el', 'los', 'las', 'y', 'es', 'usted', 'su', 'sus', 'nuestra', 'nuestro', 'para', 'con', 'una', 'del', 'adjunto', 'gracias', 'saludos', 'hola', 'por', 'estimado', 'estimada', 'le', 'lo', 'muy', 'esta', 'este', 'pero', 'como', 'atentamente', 'hemos', 'ustedes'],
  it: ['il', 'gli', 'per', 'con', 'una', 'della', 'del', 'delle', 'vostra', 'vostro', 'nostra', 'nostro', 'grazie', 'saluti', 'cordiali', 'buongiorno', 'gentile', 'allegato', 'sono', 'che', 'non', 'di', 'alla', 'nel', 'questo', 'questa', 'sua', 'abbiamo', 'ci', 'si', 'ho'],
  nl: ['het', 'een', 'en', 'is', 'u', 'uw', 'wij', 'we', 'onze', 'voor', 'met', 'van', 'bijlage', 'bedankt', 'groet', 'groeten', 'vriendelijke', 'graag', 'niet', 'dat', 'je', 'jullie', 'hierbij', 'beste', 'geachte', 'ontvangt', 'op', 'zijn', 'wordt', 'ook', 'bij', 'heeft'],
  pt: ['o', 'os', 'voce', 'sua', 'seu', 'nos', 'nossa', 'nosso', 'para', 'com', 'uma', 'um', 'do', 'da', 'dos', 'das', 'anexo', 'obrigado', 'obrigada', 'cumprimentos', 'atenciosamente', 'ola', 'segue', 'nao', 'em', 'no', 'na', 'prezado', 'prezada', 'caro', 'que', 'ao'],
};

const LEXICON = new Map<string, string[]>();
for (const [language, words] of Object.entries(FUNCTION_WORDS)) {
  for (const word of words) LEXICON.set(word, [...(LEXICON.get(word) ?? []), language]);
}

/** ISO 639-1 code of the most likely language, or null when unsure. Looks at the first 400 words only. */
export function detectLanguage(text: string): string | null {
  const counts = new Map<string, number>();
  for (const word of wordsOf(foldText(text)).slice(0, 400)) {
    const languages = LEXICON.get(word);
    if (!languages) continue;
    // A word shared by several languages gives each a fraction of a vote.
    for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1 / languages.length);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 2) return null;
  if (second && best[1] - second[1] < 1) return null;
  return best[0];
}
