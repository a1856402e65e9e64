// A cue is a named group of regular expressions over folded text (see text.ts) with one weight. The classifier
// and the triage are linear models over cues: every cue counts at most once per field, so that repeating a word
// cannot outweigh a different kind of evidence.

export interface Cue {
  id: string;
  weight: number;
  patterns: RegExp[];
  /** A negator among the three words before the match ("no invoice", "keine Rechnung") cancels the match. */
  negatable?: boolean;
  /**
   * A condition among the six words before the match cancels it: "if you have already paid, please disregard" in
   * a reminder is not a payment confirmation ("Sollten Sie bereits bezahlt haben", "si vous avez deja regle").
   */
  conditional?: boolean;
  /** A match whose text matches this is ignored ("berechnung" is not "rechnung"). */
  exclude?: RegExp;
  /**
   * A match right after words that match this (the end of the clause before it, up to four words) is ignored:
   * "as per the quote", "come da preventivo" refer to an earlier document instead of bringing one.
   */
  notAfter?: RegExp;
  /**
   * A match followed by text that matches this (the next 40 characters) is ignored: "Saldo pendiente: 0,00 €" owes
   * nothing, "Ontvangen wij uw betaling niet op tijd" negates after the verb.
   */
  notFollowedBy?: RegExp;
}

export interface CueHit {
  cue: Cue;
  /** The matched text; for a negated cue the text that was negated. */
  match: string;
  negated: boolean;
}

// Words that negate a following noun within three words: "not an invoice", "keine Rechnung", "pas une facture",
// "no es una factura", "non è una fattura", "geen factuur", "não é uma fatura".
export const NEGATORS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'without',
  "isn't",
  "wasn't",
  "haven't",
  "hasn't",
  "didn't",
  'never',
  'kein',
  'keine',
  'keinen',
  'keiner',
  'nicht',
  'ohne',
  'pas',
  'sans',
  'aucun',
  'aucune',
  'jamais',
  'sin',
  'ningun',
  'ninguna',
  'nunca',
  'non',
  'nessun',
  'nessuna',
  'senza',
  'mai',
  'geen',
  'niet',
  'zonder',
  'nooit',
  'nao',
  'sem',
  'nenhum',
  'nenhuma',
]);

// Words that open a condition or a time clause: "if", "falls", "si", "qualora", "indien", "caso"; "once", "nach",
// "des", "cuando", "dopo", "zodra", "apos" ("Nach Zahlungseingang versenden wir die Ware" is no confirmation). Italian and Portuguese "se" is
// also a Spanish and Portuguese pronoun ("se ha marcado como pagada"), so it counts only before "already" or a
// second-person verb ("se ha gia pagato", "se ja pagou", "se avete").
const CONDITIONAL =
  /\b(?:if|unless|should you|whether|falls|sollten|sollte|wenn|sofern|si|s'il|qualora|ove|indien|mocht|mochten|tenzij|caso|once|after|upon|when|until|sobald|nach|apres|des|lorsque|quand|despues|cuando|dopo|appena|zodra|wanneer|apos|quando)\b|\bse (?:(?:ha|hai|avete|tiver|tiverem) )?(?:gia|ja)\b|\bse (?:avete|hai)\b/;

function isConditional(text: string, index: number): boolean {
  // Only the clause the match is in: "If you have questions, call us. We have received your payment." is a receipt.
  const clause =
    text
      .slice(Math.max(0, index - 80), index)
      .split(/[.!?;]/)
      .pop() ?? '';
  const words = clause.match(/[\p{L}']+/gu) ?? [];
  return CONDITIONAL.test(words.slice(-6).join(' '));
}

/** The last `count` words of the clause that ends at `index`. */
function wordsBefore(text: string, index: number, count: number): string {
  const clause =
    text
      .slice(Math.max(0, index - 60), index)
      .split(/[.!?;:,]|\s[-\u2013\u2014]\s/)
      .pop() ?? '';
  return (clause.match(/[\p{L}']+/gu) ?? []).slice(-count).join(' ');
}

function isNegated(text: string, index: number): boolean {
  // Only the clause the noun is in: "No problem - invoice attached" negates nothing.
  const before =
    text
      .slice(Math.max(0, index - 60), index)
      .split(/[.!?;:,]|\s[-\u2013\u2014]\s/)
      .pop() ?? '';
  const words = before.match(/[\p{L}']+/gu) ?? [];
  return words.slice(-3).some((w) => NEGATORS.has(w) || /^(?:n'|ne$)/.test(w));
}

/** Any few words of one sentence or list item: a gap of at most n tokens between two parts of a phrase. */
export const gap = (n: number): string => `(?:[^ ]*[^ .!?:;\\u2022*-] ){0,${n}}`;

/** Compiles a pattern source with the global flag (needed for matchAll) and Unicode semantics. */
export function re(source: string): RegExp {
  return new RegExp(source, 'gu');
}

/** The first non-excluded match of the cue in folded text; a negated match is reported only if nothing else hit. */
export function matchCue(cue: Cue, folded: string): CueHit | null {
  let negatedHit: CueHit | null = null;
  for (const pattern of cue.patterns) {
    for (const m of folded.matchAll(pattern)) {
      const text = m[0];
      if (cue.exclude?.test(text)) continue;
      if (cue.notAfter?.test(wordsBefore(folded, m.index, 4))) continue;
      if (cue.notFollowedBy?.test(folded.slice(m.index + text.length, m.index + text.length + 40))) continue;
      if ((cue.negatable && isNegated(folded, m.index)) || (cue.conditional && isConditional(folded, m.index))) {
        negatedHit ??= { cue, match: text.trim(), negated: true };
        continue;
      }
      return { cue, match: text.trim(), negated: false };
    }
  }
  return negatedHit;
}

/**
 * The cue's hit in the first reading of the text where it hits (readings: the folded text, then alternative
 * spellings of it); a plain hit in a later reading beats a negated one in an earlier.
 */
export function matchCueInReadings(cue: Cue, readings: readonly string[]): CueHit | null {
  let negated: CueHit | null = null;
  for (const reading of readings) {
    const hit = matchCue(cue, reading);
    if (hit && !hit.negated) return hit;
    negated ??= hit;
  }
  return negated;
}

/** All cues that hit any reading of the text (negated hits included, flagged). */
export function matchCues(cues: readonly Cue[], readings: readonly string[]): CueHit[] {
  const hits: CueHit[] = [];
  for (const cue of cues) {
    const hit = matchCueInReadings(cue, readings);
    if (hit) hits.push(hit);
  }
  return hits;
}

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
