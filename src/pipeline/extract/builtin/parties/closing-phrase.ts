// Receipts name their shop in the greeting or the thanks even when the header is a logo OCR cannot read: "THANK YOU
// FOR SHOPPING AT WALGREENS", "Vielen Dank für Ihren Einkauf bei REWE", "Merci de votre visite chez Monoprix",
// "Welcome to Starbucks". The name after such a phrase is the vendor's.
import type { Layout, Segment } from '../layout/layout.js';
import { runOf } from '../layout/runs.js';
import type { PartyBlock } from './blocks.js';
import { cleanName, isAttributeRow, looksLikeAddressLine, looksLikeName } from './column.js';

/** The phrases in the supported languages, up to the preposition that precedes the shop's name. */
const PHRASE = new RegExp(
  [
    'thanks?(?: you)? for (?:shopping|visiting|choosing|dining|your (?:purchase|visit|order|business))(?: (?:at|with))?',
    'welcome (?:to|at)',
    '(?:vielen )?dank(?:e)? f[üu]r (?:ihren|deinen) (?:einkauf|besuch)(?: (?:bei|im|in der))?',
    'willkommen (?:bei|im|in der)',
    'merci (?:de|pour) (?:votre|ta) (?:visite|achat|confiance)(?: (?:chez|à|au))?',
    'bienvenue (?:chez|à|au)',
    'gracias por (?:su|tu) (?:compra|visita)(?: en)?',
    'bienvenidos? a',
    "grazie per (?:l['’]acquisto|la visita|aver scelto)(?: (?:da|presso))?",
    'benvenuti (?:da|in|presso)',
    'bedankt voor (?:uw|je) (?:aankoop|bezoek)(?: (?:bij|aan))?',
    'welkom (?:bij|in)',
  ].join('|'),
  'iu',
);
const PHRASE_THEN_NAME = new RegExp(`(?:^|[^\\p{L}])(?:${PHRASE.source})\\s+(.+)$`, 'iu');
const MAX_NAME_WORDS = 4;

/** The shop named after a greeting or thanks, as written: "WALGREENS" from "THANK YOU FOR SHOPPING AT WALGREENS". */
export function nameAfterPhrase(text: string): string | null {
  const m = PHRASE_THEN_NAME.exec(text);
  if (!m?.[1]) return null;
  // The name ends at punctuation or at a following clause ("... bei REWE und bis bald").
  const name = cleanName(
    m[1].split(/[!.,;:]\s|[!?]|\s(?:and|und|et|y|e|en|und bis|see you|à bientôt)\s/iu)[0] as string,
  ).replace(/[.!]+$/u, '');
  if (!name || name.split(/\s+/).length > MAX_NAME_WORDS) return null;
  if (!looksLikeName(name) || isAttributeRow(name) || looksLikeAddressLine(name)) return null;
  // "Thank you for your business" ends the phrase itself; "Thank you for shopping with us" names nobody.
  if (/^(?:us|our|uns|nous|nosotros|noi|ons|today|again|here)\b/iu.test(name)) return null;
  return name;
}

/** The first segment that names the shop after a greeting or thanks, as a vendor block (confidence 0.35). */
export function closingPhraseVendor(layout: Layout): PartyBlock | null {
  for (const segment of layout.segments) {
    const name = nameAfterPhrase(segment.text);
    if (name) return blockOf(segment, name);
  }
  return null;
}

function blockOf(segment: Segment, name: string): PartyBlock {
  const from = segment.text.lastIndexOf(name);
  const words = segment.words.filter((w, i) => {
    const start = segment.starts[i] ?? -1;
    return start >= from && start < from + name.length;
  });
  return {
    role: 'vendor',
    name: runOf(words.length > 0 ? words : segment.words, segment.page, segment.source),
    nameText: name,
    addressRows: [],
    box: segment.bbox,
    page: segment.page,
    confidence: 0.35,
    rule: 'closing-phrase',
  };
}
